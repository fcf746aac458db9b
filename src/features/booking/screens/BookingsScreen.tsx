// My bookings: what the member has coming, classes (booked, waitlisted, offered) and appointments
// (held or booked) in one list by time, each with its status; booking an appointment and the past
// visits are at the top, the weekly bookings below the list.
import { useTranslation } from '../../../i18n/use-translation';
import { ButtonLink } from '../../../ui/button/index';
import { usePageTitle } from '../../../ui/page-title';
import { useCurrentAccount, useFacility } from '../../../data/hooks/auth';
import { useBookings, useRefreshBookings } from '../hooks/visits';
import { usePendingTouches } from '../../../data/hooks/pending';
import { touchKey } from '../../../data/sync/touches';
import { comingInOrder } from '../../../domain/bookings';
import { useFormat } from '../../../i18n/useFormat';
import { EmptyState } from '../../../ui/empty-state/index';
import { PageHeader } from '../../../ui/page-header/index';
import { Spinner } from '../../../ui/spinner/index';
import { useNow } from './use-now';
import { VisitRow } from './VisitRow';
import { useOtherFacilityName } from './use-facility-names';
import { AppointmentRow, useComingAppointments, useRefreshAppointments } from '../../appointments/public';
import { RecurringList } from './RecurringList';
import './classes.css';

export default function BookingsScreen() {
  const { t } = useTranslation('booking');
  const title = usePageTitle('titles.bookings');
  const facility = useFacility();
  const account = useCurrentAccount();
  const format = useFormat(facility?.time_zone);
  const now = useNow();
  const bookings = useBookings(facility?.guid);
  useRefreshBookings(facility?.guid);
  const appointments = useComingAppointments(facility?.guid, facility?.org_id);
  useRefreshAppointments(facility?.guid);
  const touches = usePendingTouches();
  const otherFacility = useOtherFacilityName();
  const otherForAppointment = (guid: string) => (guid === facility?.guid ? undefined : account?.facilities.find((f) => f.guid === guid)?.name);
  const coming = bookings && appointments ? comingInOrder(bookings, appointments) : undefined;
  const bookAppointment = <ButtonLink to="/appointments/book">{t('bookings.bookAppointment')}</ButtonLink>;
  return (
    <section className="page" aria-labelledby="page-title">
      <PageHeader titleId="page-title" title={title} actions={coming && coming.length > 0 && <>
        {bookAppointment}
        <ButtonLink variant="ghost" to="/visits">{t('bookings.past')}</ButtonLink>
      </>} />
      {coming === undefined ? (
        <Spinner block />
      ) : coming.length === 0 ? (
        <EmptyState title={t('empty.bookings')} action={<div className="bookings-empty__actions">
          <ButtonLink variant="primary" to="/classes">{t('bookings.browse')}</ButtonLink>
          {bookAppointment}
          <ButtonLink variant="ghost" to="/visits">{t('bookings.past')}</ButtonLink>
        </div>} />
      ) : (
        <ul className="list card card--flush" data-testid="bookings">
          {coming.map((entry) => entry.kind === 'class' ? (
            <VisitRow key={`v${entry.item.id}`} session={entry.item.session} state={entry.item.state} format={format} now={now} facilityName={otherFacility(entry.item.session.facility_guid)}
              pending={touches.has(touchKey('sessions', entry.item.session.id)) || touches.has(touchKey('visits', entry.item.id))} />
          ) : (
            <AppointmentRow key={`a${entry.item.id}`} appointment={entry.item} format={format} facilityName={otherForAppointment(entry.item.facility_guid)}
              pending={touches.has(touchKey('appointments', entry.item.id))} />
          ))}
        </ul>
      )}
      {facility && <RecurringList facilityGuid={facility.guid} />}
    </section>
  );
}
