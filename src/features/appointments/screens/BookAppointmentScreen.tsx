// /appointments/book with its steps: service, who, when, payment, book (or, moving an appointment,
// only the time). The step is the path, the choices are the query (use-choice), the data is Dexie's.
import { useParams } from 'react-router';
import { useTranslation } from '../../../i18n/use-translation';
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
  const step = (useParams().step ?? '') as Step;
  const { choice } = useChoice();
  // Moving an appointment is its own task: named so, with no booking steps.
  const title = usePageTitle(choice.reschedule ? 'titles.appointmentsMove' : 'titles.appointmentsBook');
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
  // The steps in a member's words, short enough for all five to fit a phone. Moving an
  // appointment keeps its service: only the time (and who) are chosen again, on one screen.
  const steps = [
    { to: stepPath('', choice), label: t('steps.service'), end: true },
    { to: stepPath('staff', choice), label: t('steps.who') },
    { to: stepPath('time', choice), label: t('steps.when') },
    { to: stepPath('concession', choice), label: t('steps.payment') },
    { to: stepPath('confirm', choice), label: t('steps.book') },
  ];
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title" className="page__title">{title}</h1>
      {!choice.reschedule && <TabNav className="tab-nav--steps" label={t('tabs.appointmentSteps', { ns: 'shell' })} items={steps} />}
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
          // One PayStep per hold: a nearest time taken after a lapse starts afresh (not lapsed, new keys).
          <PayStep key={choice.hold ?? ''} step={step} hold={hold} staff={staff} timeZone={facility.time_zone} facilityName={facility.name} />
        )}
      </div>
    </section>
  );
}
