// /classes/:id with its tabs (booking's own, and those other slices register in class-tabs.ts).
// The class comes from Dexie (the timetable already mirrored it) and is refreshed in the background.
import { Outlet, useParams } from 'react-router';
import { useTranslation } from '../../../i18n/use-translation';
import { usePageTitle } from '../../../ui/page-title';
import { TabNav } from '../../../ui/tabs/index';
import { EmptyState } from '../../../ui/empty-state/index';
import { Spinner } from '../../../ui/spinner/index';
import { useFacilityTimeZone } from '../../../data/hooks/auth';
import { useRefreshSession, useRevalidate, useSession } from '../hooks/sessions';
import { FriendsLine, useFriendsBooked } from '../../friends/public';
import { pullFriendsBookings } from '../../friends/public-sync';
import { classTabs, type ClassContext } from '../class-tabs';
import './classes.css';

export { useClassContext } from '../class-tabs';

export default function ClassDetailScreen() {
  const { t } = useTranslation('booking');
  const params = useParams();
  const id = Number(params.id);
  usePageTitle('titles.classDetail');
  // The zone last seen on this device while the facility itself is not (yet) here.
  const { timeZone } = useFacilityTimeZone();
  const session = useSession(Number.isInteger(id) ? id : undefined);
  useRefreshSession(Number.isInteger(id) ? id : undefined);
  const base = `/classes/${params.id ?? ''}`;

  if (session === undefined) return <Spinner block />;
  if (session === null) {
    return (
      <section className="page" aria-labelledby="page-title">
        <h1 id="page-title" className="page__title">{t('titles.classDetail')}</h1>
        <EmptyState title={t('classes.notFound')} body={t('classes.notFoundHint')} />
      </section>
    );
  }
  const context: ClassContext = { session, timeZone };
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title" className="page__title">{session.name}</h1>
      <ClassFriends sessionId={session.id} facilityGuid={session.facility_guid} startDate={session.start_date} />
      <TabNav
        label={t('tabs.classTabs')}
        items={classTabs().map((tab) => (tab.path ? { to: `${base}/${tab.path}`, label: t(tab.label) } : { to: base, label: t(tab.label), end: true }))}
      />
      <div className="tab-panel">
        <Outlet context={context} />
      </div>
    </section>
  );
}

/** The friends booked into the class, kept on the device; asked again for this class alone. */
function ClassFriends({ sessionId, facilityGuid, startDate }: { sessionId: number; facilityGuid: string; startDate: string }) {
  const booked = useFriendsBooked(sessionId);
  const from = new Date(startDate).toISOString();
  const to = new Date(Date.parse(startDate) + 60_000).toISOString();
  useRevalidate(`friends|${facilityGuid}|${from}`, () => pullFriendsBookings(facilityGuid, from, to));
  if (!booked) return null;
  return <p className="class-friends"><FriendsLine friends={booked.friends} /></p>;
}
