// The hold's remaining time, ticking; once it lapses (or the server says it did), the member is
// told and offered the nearest free times around the one they had, which hold anew.
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import type { StoredAppointment, StoredStaff } from '../../../data/db';
import { clockText, nearestFreeTimes, secondsLeft } from '../../../domain/appointments';
import { dayKeyIn } from '../../../domain/timetable';
import { now as clockNow } from '../../../data/clock';
import { useFormat } from '../../../i18n/useFormat';
import { useOnline } from '../../../ui/use-online';
import { Spinner } from '../../../ui/spinner/index';
import { SlotButtons } from './SlotButtons';
import { useChoice } from './use-choice';
import { useHoldTime } from './use-hold';
import { useWeekTimes } from './TimeStep';
import { pullSlotWeeks } from '../pull';

/** Seconds left on a hold, ticking once a second while the screen shows it. */
export function useSecondsLeft(until: string | null | undefined): number {
  const [left, setLeft] = useState(() => secondsLeft(until, clockNow()));
  useEffect(() => {
    setLeft(secondsLeft(until, clockNow()));
    const timer = setInterval(() => setLeft(secondsLeft(until, clockNow())), 1000);
    return () => clearInterval(timer);
  }, [until]);
  return left;
}

export function HoldPanel({ hold, staff, timeZone, lapsed }: { hold: StoredAppointment; staff: StoredStaff[]; timeZone: string; lapsed: boolean }) {
  const { t } = useTranslation('appointments');
  const left = useSecondsLeft(hold.status === 'held' ? hold.hold_expires_at : null);
  if (!lapsed && hold.status === 'held' && left > 0) {
    return <p className="appt-note" role="timer" aria-live="off" data-testid="hold-left">{t('hold.left', { time: clockText(left) })}</p>;
  }
  if (hold.status === 'booked') return null;
  return <HoldLapsed hold={hold} staff={staff} timeZone={timeZone} />;
}

function HoldLapsed({ hold, staff, timeZone }: { hold: StoredAppointment; staff: StoredStaff[]; timeZone: string }) {
  const { t } = useTranslation('appointments');
  const format = useFormat(timeZone);
  const online = useOnline();
  const { choice, go } = useChoice();
  const serviceId = hold.service_id ?? 0;
  const week = choice.week ?? dayKeyIn(hold.start_at, timeZone);
  const staffIds = useMemo(() => {
    const givers = staff.filter((s) => s.service_ids.includes(serviceId)).map((s) => s.id);
    return choice.staff === 'any' ? givers : givers.filter((id) => id === (typeof choice.staff === 'number' ? choice.staff : hold.staff_id));
  }, [staff, serviceId, choice.staff, hold.staff_id]);
  const times = useWeekTimes(hold.facility_guid, timeZone, serviceId, staffIds, week);
  // The week on the device was fetched while the hold kept its time: what is free now is the
  // server's word, so no time is offered until it answered (or could not: offline, the device's).
  // Offered before, the lapsed time itself could be first, and a tap on it, taken meanwhile, did nothing.
  const staffKey = staffIds.join(',');
  const askedFor = `${hold.facility_guid}|${staffKey}|${serviceId}|${week}`;
  const [answered, setAnswered] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void pullSlotWeeks(hold.facility_guid, staffKey ? staffKey.split(',').map(Number) : [], serviceId, week, { force: true }).finally(() => {
      if (live) setAnswered(askedFor);
    });
    return () => {
      live = false;
    };
  }, [hold.facility_guid, staffKey, serviceId, week, askedFor]);
  const holdTime = useHoldTime(hold.facility_guid, serviceId, week);
  const nearest = times ? nearestFreeTimes(times.times, hold.start_at) : [];
  return (
    <div className="appt-note appt-note--warn" role="alert" data-testid="hold-lapsed">
      <p><strong>{t('hold.lapsed')}</strong> {t('hold.lapsedBody')}</p>
      {answered !== askedFor ? <Spinner block /> : <SlotButtons label={t('time.nearest')} times={nearest} format={format} disabled={!online} onPick={(time) => void holdTime(time).then((outcome) => {
        if (outcome.ok) go('concession', { hold: outcome.appointment.id, day: dayKeyIn(time.start_at, timeZone) });
      })} />}
    </div>
  );
}
