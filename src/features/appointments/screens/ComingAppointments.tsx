// The member's coming appointments, for My bookings: from Dexie, so offline too.
import { useTranslation } from 'react-i18next';
import { useCurrentAccount, useFacility } from '../../../data/hooks/auth';
import { usePendingTouches } from '../../../data/hooks/pending';
import { touchKey } from '../../../data/sync/touches';
import { useFormat } from '../../../i18n/useFormat';
import { ButtonLink } from '../../../ui/button/index';
import { Chip } from '../../../ui/chip/index';
import { List, ListRow } from '../../../ui/list/index';
import { useComingAppointments, useRefreshAppointments } from '../hooks';
import { paidAtStudio } from './ConcessionText';
import './appointments.css';

export function ComingAppointments() {
  const { t } = useTranslation('appointments');
  const facility = useFacility();
  const account = useCurrentAccount();
  const appointments = useComingAppointments(facility?.guid, facility?.org_id);
  useRefreshAppointments(facility?.guid);
  const touches = usePendingTouches();
  const format = useFormat(facility?.time_zone);
  const other = (guid: string) => (guid === facility?.guid ? undefined : account?.facilities.find((f) => f.guid === guid)?.name);
  return (
    <section aria-labelledby="appointments-heading" className="stack appt-coming">
      <h2 id="appointments-heading" className="appt-step__title">{t('list.title')}</h2>
      {appointments && appointments.length > 0 && (
        <List className="card card--flush" data-testid="appointments">
          {appointments.map((a) => (
            <ListRow
              key={a.id}
              to={`/appointments/${a.id}`}
              title={a.service.name}
              meta={<>
                <span>{format.weekdayDate(a.start_at)}, {a.end_at ? format.timeRange(a.start_at, a.end_at) : format.time(a.start_at)} · {a.staff.full_name}</span>
                {other(a.facility_guid) && <span>{other(a.facility_guid)}</span>}
                {a.status === 'booked' && paidAtStudio(a) && <span>{t('concession.casualBooked', { price: format.currency(a.price ?? 0, a.currency ?? 'NZD') })}</span>}
              </>}
              chips={<>
                {a.status === 'held' && <Chip tone="warning">{t('status.held')}</Chip>}
                {touches.has(touchKey('appointments', a.id)) && <Chip>{t('common.waitingToSync', { ns: 'shell' })}</Chip>}
              </>}
            />
          ))}
        </List>
      )}
      <div><ButtonLink to="/appointments/book">{t('list.book')}</ButtonLink></div>
    </section>
  );
}
