// /appointments/book with its steps: overview, staff, time, concession, confirm.
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../ui/page-title';
import { TabNav } from '../../../ui/tabs/index';

export default function BookAppointmentScreen() {
  const { t } = useTranslation();
  const title = usePageTitle('titles.appointmentsBook');
  const base = '/appointments/book';
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title" className="page__title">{title}</h1>
      <TabNav
        label={t('tabs.appointmentSteps')}
        items={[
          { to: base, label: t('tabs.overview'), end: true },
          { to: `${base}/staff`, label: t('tabs.staff') },
          { to: `${base}/time`, label: t('tabs.time') },
          { to: `${base}/concession`, label: t('tabs.concession') },
          { to: `${base}/confirm`, label: t('tabs.confirm') },
        ]}
      />
      <Outlet />
    </section>
  );
}
