// /appointments/book with its steps: overview (service), staff, time, concession, confirm. The
// step is the path, the choices are the query (use-choice), the data is Dexie's.
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../ui/page-title';
import { TabNav } from '../../../ui/tabs/index';
import { useFacility } from '../../../data/hooks/auth';
import NotFoundScreen from '../../../ui/placeholders/NotFoundScreen';
import { useAppointment, useRefreshAppointment, useRefreshCatalogue, useServices, useStaff } from '../hooks';
import { PayStep } from './PayStep';
import { ServiceStep } from './ServiceStep';
import { StaffStep } from './StaffStep';
import { TimeStep } from './TimeStep';
import { stepPath, useChoice, type Step } from './use-choice';
import { Spinner } from '../../../ui/spinner/index';
import './appointments.css';

const STEPS: readonly Step[] = ['', 'staff', 'time', 'concession', 'confirm'];

export default function BookAppointmentScreen() {
  const { t } = useTranslation('appointments');
  const title = usePageTitle('titles.appointmentsBook');
  const step = (useParams().step ?? '') as Step;
  const { choice } = useChoice();
  const facility = useFacility();
  const guid = facility?.guid;
  const services = useServices(guid);
  const staff = useStaff(guid);
  useRefreshCatalogue(guid);
  const holdId = choice.reschedule ?? choice.hold;
  const held = useAppointment(holdId);
  useRefreshAppointment(holdId, guid);
  if (!STEPS.includes(step)) return <NotFoundScreen />;
  const serviceId = choice.serviceId ?? held?.service_id ?? null;
  const service = services === undefined ? undefined : (services.find((s) => s.id === serviceId) ?? null);
  const moving = choice.reschedule ? held : null;
  const hold = choice.reschedule ? null : choice.hold ? held : null;
  // Moving an appointment keeps its service: only the time (and who) are chosen again.
  const steps = moving
    ? [{ to: stepPath('time', choice), label: t('tabs.time', { ns: 'shell' }) }]
    : [
      { to: stepPath('', choice), label: t('tabs.overview', { ns: 'shell' }), end: true },
      { to: stepPath('staff', choice), label: t('tabs.staff', { ns: 'shell' }) },
      { to: stepPath('time', choice), label: t('tabs.time', { ns: 'shell' }) },
      { to: stepPath('concession', choice), label: t('tabs.concession', { ns: 'shell' }) },
      { to: stepPath('confirm', choice), label: t('tabs.confirm', { ns: 'shell' }) },
    ];
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title" className="page__title">{title}</h1>
      <TabNav label={t('tabs.appointmentSteps', { ns: 'shell' })} items={steps} />
      <div className="appt-step">
        {!facility || !guid ? (
          <Spinner block />
        ) : step === '' ? (
          <ServiceStep services={services} timeZone={facility.time_zone} />
        ) : step === 'staff' ? (
          <StaffStep service={service} staff={staff} />
        ) : step === 'time' ? (
          <TimeStep guid={guid} timeZone={facility.time_zone} service={service} staff={staff} hold={hold} moving={moving} />
        ) : (
          <PayStep step={step} hold={hold} staff={staff} timeZone={facility.time_zone} facilityName={facility.name} />
        )}
      </div>
    </section>
  );
}
