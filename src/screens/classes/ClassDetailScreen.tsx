// /classes/:id with its tabs (SPEC §2): overview, workouts, leaderboard, online.
import { Outlet, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../app/page-title';
import { TabNav } from '../../components/tabs';

export default function ClassDetailScreen() {
  const { t } = useTranslation();
  const { id } = useParams();
  const title = usePageTitle('titles.classDetail');
  const base = `/classes/${id ?? ''}`;
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title" className="page__title">{title}</h1>
      <TabNav
        label={t('tabs.classTabs')}
        items={[
          { to: base, label: t('tabs.overview'), end: true },
          { to: `${base}/workouts`, label: t('tabs.workouts') },
          { to: `${base}/leaderboard`, label: t('tabs.leaderboard') },
          { to: `${base}/online`, label: t('tabs.online') },
        ]}
      />
      <Outlet />
    </section>
  );
}
