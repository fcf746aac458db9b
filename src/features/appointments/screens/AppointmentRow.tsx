// One coming appointment in My bookings, among the classes: what, when, with whom, and its status
// (held for the member while they book, or booked). From Dexie, so offline too.
import { useTranslation } from '../../../i18n/use-translation';
import type { StoredAppointment } from '../../../data/db';
import type { Formatter } from '../../../i18n/format';
import { Chip } from '../../../ui/chip/index';
import { ListRow } from '../../../ui/list/index';
import { paidAtStudio } from './ConcessionText';

export function AppointmentRow({ appointment: a, format, facilityName, pending }: {
  appointment: StoredAppointment;
  format: Formatter;
  /** Shown when the appointment is at another facility than the selected one. */
  facilityName?: string;
  pending: boolean;
}) {
  const { t } = useTranslation('appointments');
  return (
    <ListRow
      data-testid="appointment-row"
      data-appointment-id={a.id}
      to={`/appointments/${a.id}`}
      title={a.service.name}
      meta={<>
        <span>{format.weekdayDate(a.start_at)} · {a.end_at ? format.timeRange(a.start_at, a.end_at) : format.time(a.start_at)}</span>
        <span>{t('list.with', { name: a.staff.full_name })}</span>
        {facilityName && <span>{facilityName}</span>}
        {a.status === 'booked' && paidAtStudio(a) && <span>{t('concession.casualBooked', { price: format.currency(a.price ?? 0, a.currency ?? 'NZD') })}</span>}
      </>}
      chips={<>
        <Chip tone={a.status === 'booked' ? 'success' : 'warning'}>{t(`status.${a.status}`)}</Chip>
        {pending && <Chip tone="warning" testId="waiting-to-sync">{t('common.waitingToSync', { ns: 'shell' })}</Chip>}
      </>}
    />
  );
}
