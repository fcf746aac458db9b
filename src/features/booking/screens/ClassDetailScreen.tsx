// /classes/:id with its tabs (SPEC §2): overview, workouts, leaderboard, online. The class comes
// from Dexie (the timetable already mirrored it) and is refreshed in the background.
import { Outlet, useOutletContext, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../ui/page-title';
import { TabNav } from '../../../ui/tabs/index';
import { EmptyState } from '../../../ui/empty-state/index';
import { Spinner } from '../../../ui/spinner/index';
import { useFacility } from '../../../data/hooks/auth';
import { useRefreshSession, useSession } from '../hooks/sessions';
import type { Session } from '../../../../core/contract/types';
import './classes.css';

export interface ClassContext {
  session: Session;
  timeZone: string;
}

export function useClassContext(): ClassContext {
  return useOutletContext<ClassContext>();
}

export default function ClassDetailScreen() {
  const { t } = useTranslation();
  const params = useParams();
  const id = Number(params.id);
  usePageTitle('titles.classDetail');
  const facility = useFacility();
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
  const context: ClassContext = { session, timeZone: facility?.time_zone ?? 'UTC' };
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title" className="page__title">{session.name}</h1>
      <TabNav
        label={t('tabs.classTabs')}
        items={[
          { to: base, label: t('tabs.overview'), end: true },
          { to: `${base}/workouts`, label: t('tabs.workouts') },
          { to: `${base}/leaderboard`, label: t('tabs.leaderboard') },
          { to: `${base}/online`, label: t('tabs.online') },
        ]}
      />
      <div className="tab-panel">
        <Outlet context={context} />
      </div>
    </section>
  );
}
