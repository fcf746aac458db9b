// /appointments/:id: what, who, when, where, what paid, status; Reschedule, Cancel (a late
// cancel asks first, as for classes) and Add to calendar. Rendered from Dexie, so offline too;
// cancel and reschedule queue through the outbox.
import { Link, useParams } from 'react-router';
import { useTranslation } from '../../../i18n/use-translation';
import { appointmentCancelKind } from '../../../../core/rules/appointments';
import { owedAfterCancel } from '../../../../core/rules/concessions';
import { appointmentIcs } from '../../../domain/appointments';
import { useCurrentAccount, useFacility } from '../../../data/hooks/auth';
import { usePending } from '../../../data/hooks/pending';
import { useFormat } from '../../../i18n/useFormat';
import { Button, ButtonLink } from '../../../ui/button/index';
import { Card } from '../../../ui/card/index';
import { EmptyState } from '../../../ui/empty-state/index';
import { KeyValueList } from '../../../ui/key-value/index';
import { Stack } from '../../../ui/layout/index';
import { usePageTitle } from '../../../ui/page-title';
import { Spinner } from '../../../ui/spinner/index';
import { useCommand } from '../../../ui/use-command';
import { useNow } from '../../booking/public';
import { cancelAppointmentCommand, lateCancelAppointmentCommand } from '../commands';
import { useAppointment, useRefreshAppointment } from '../hooks';
import { ConcessionText, paidAtStudio } from './ConcessionText';
import { stepPath } from './use-choice';
import './appointments.css';

function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/calendar;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export default function AppointmentDetailScreen() {
  const { t } = useTranslation('appointments');
  const title = usePageTitle('titles.appointmentDetail');
  const id = Number(useParams().id);
  const valid = Number.isSafeInteger(id) && id > 0 ? id : null;
  const facility = useFacility();
  const appointment = useAppointment(valid);
  useRefreshAppointment(valid, facility?.guid);
  const account = useCurrentAccount();
  const pending = usePending('appointments', valid ?? 0);
  const now = useNow();
  const run = useCommand();
  const format = useFormat(facility?.time_zone);
  if (appointment === undefined) return <Spinner block />;
  if (appointment === null) {
    return (
      <section className="page" aria-labelledby="page-title">
        <h1 id="page-title" className="page__title">{title}</h1>
        <EmptyState title={t('detail.notFound')} action={<ButtonLink variant="primary" to="/appointments/book">{t('list.book')}</ButtonLink>} />
      </section>
    );
  }
  const where = account?.facilities.find((f) => f.guid === appointment.facility_guid)?.name ?? facility?.name ?? '';
  const cancelKind = appointmentCancelKind(appointment, now);
  const movable = appointment.status === 'booked' && cancelKind === 'cancel' && appointment.service_id != null;

  // Booked to be paid at the studio: the cancel says what stays owed (owedAfterCancel), the facts link the invoice.
  const atStudio = appointment.status === 'booked' && paidAtStudio(appointment);
  const price = format.currency(appointment.price ?? 0, appointment.currency ?? 'NZD');

  async function cancel() {
    const late = cancelKind === 'latecancel';
    const owed = atStudio && owedAfterCancel(late ? 'latecancel' : 'cancel') === 'due';
    await run(() => (late ? lateCancelAppointmentCommand(appointment!.id) : cancelAppointmentCommand(appointment!.id)), {
      confirm: late
        ? { title: t('lateCancel.title'), body: owed ? t('lateCancel.bodyDue', { price }) : t('lateCancel.body'), confirmLabel: t('lateCancel.confirm'), cancelLabel: t('lateCancel.keep'), danger: true }
        : { title: t('cancel.title'), body: atStudio && !owed ? t('cancel.bodyDue') : t('cancel.body'), confirmLabel: t('cancel.confirm'), cancelLabel: t('cancel.keep'), danger: true },
      loading: t('toast.cancelling'),
      success: t('toast.cancelled'),
    });
  }

  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title" className="page__title">{appointment.service.name}</h1>
      <Stack>
        <Card>
          <KeyValueList testId="appointment-facts" items={[
            { id: 'status', label: t('detail.status'), value: <>{appointment.status === 'cancelled' && appointment.late_cancelled ? t('detail.lateCancelled') : t(`status.${appointment.status}`)}{pending && ` · ${t('common.waitingToSync', { ns: 'shell' })}`}</> },
            { id: 'who', label: t('detail.who'), value: appointment.staff.full_name },
            { id: 'when', label: t('detail.when'), value: <>{format.weekdayDate(appointment.start_at)}, {appointment.end_at ? format.timeRange(appointment.start_at, appointment.end_at) : format.time(appointment.start_at)}</> },
            Boolean(where) && { id: 'where', label: t('detail.where'), value: where },
            appointment.concession !== undefined && appointment.status !== 'expired' && { id: 'paid', label: t('detail.paid'), value: <><ConcessionText appointment={appointment} format={format} />{atStudio && <> <Link to="/account/invoices">{t('detail.invoices')}</Link></>}</> },
          ]} />
        </Card>
        {appointment.status === 'booked' && cancelKind === 'latecancel' && <p className="appt-note">{t('detail.rescheduleClosed')}</p>}
        <div className="appt-actions">
          {movable && (
            <ButtonLink to={stepPath('time', { reschedule: appointment.id, serviceId: appointment.service_id!, staff: appointment.staff_id ?? 'any' })}>{t('detail.reschedule')}</ButtonLink>
          )}
          {cancelKind !== null && <Button variant="danger" onClick={() => void cancel()}>{t('detail.cancel')}</Button>}
          {appointment.status === 'booked' && (
            <Button onClick={() => download(`appointment-${appointment.id}.ics`, appointmentIcs(appointment, where, location.host, new Date()))}>{t('detail.addToCalendar')}</Button>
          )}
          {appointment.status !== 'booked' && appointment.status !== 'held' && <ButtonLink variant="primary" to="/appointments/book">{t('detail.bookAnother')}</ButtonLink>}
        </div>
      </Stack>
    </section>
  );
}
