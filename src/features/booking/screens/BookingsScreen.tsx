// My bookings: upcoming classes the member is booked on, waitlisted for, or offered a place in.
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../ui/button/index';
import { usePageTitle } from '../../../ui/page-title';
import { useFacility } from '../../../data/hooks/auth';
import { useBookings, useRefreshBookings } from '../hooks/visits';
import { usePendingTouches } from '../../../data/hooks/pending';
import { touchKey } from '../../../data/sync/touches';
import { useFormat } from '../../../i18n/useFormat';
import { EmptyState } from '../../../ui/empty-state/index';
import { Spinner } from '../../../ui/spinner/index';
import { useNow } from './use-now';
import { VisitRow } from './VisitRow';
import { useOtherFacilityName } from './use-facility-names';
import { ComingAppointments } from '../../appointments/public';
import { RecurringList } from './RecurringList';
import './classes.css';

export default function BookingsScreen() {
  const { t } = useTranslation('booking');
  const title = usePageTitle('titles.bookings');
  const facility = useFacility();
  const format = useFormat(facility?.time_zone);
  const now = useNow();
  const bookings = useBookings(facility?.guid);
  useRefreshBookings(facility?.guid);
  const touches = usePendingTouches();
  const otherFacility = useOtherFacilityName();
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title" className="page__title">{title}</h1>
      {bookings === undefined ? (
        <Spinner block />
      ) : bookings.length === 0 ? (
        <EmptyState title={t('empty.bookings')} action={<ButtonLink variant="primary" to="/classes">{t('bookings.browse')}</ButtonLink>} />
      ) : (
        <ul className="list card card--flush" data-testid="bookings">
          {bookings.map((visit) => (
            <VisitRow key={visit.id} session={visit.session} state={visit.state} format={format} now={now} facilityName={otherFacility(visit.session.facility_guid)}
              pending={touches.has(touchKey('sessions', visit.session.id)) || touches.has(touchKey('visits', visit.id))} />
          ))}
        </ul>
      )}
      {facility && <RecurringList facilityGuid={facility.guid} />}
      <ComingAppointments />
    </section>
  );
}
