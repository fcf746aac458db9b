// Step 3: a day strip for a week and the free times of the chosen day. Only free times are shown
// (a taken one never looks bookable). Offline, the last fetched week is shown with when it was
// fetched, and a time cannot be held. Choosing a time holds it at once (or moves the member's
// hold); when it was taken meanwhile, the member is told and offered the nearest free times.
import { useMemo, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import type { StoredAppointment, StoredService, StoredStaff } from '../../../data/db';
import { addDaysToKey, dayKeyIn, startOfDayIn } from '../../../domain/timetable';
import { freeTimes, nearestFreeTimes, type FreeTime } from '../../../domain/appointments';
import { useFormat } from '../../../i18n/useFormat';
import { Button } from '../../../ui/button/index';
import { EmptyState } from '../../../ui/empty-state/index';
import { Spinner } from '../../../ui/spinner/index';
import { useCommand } from '../../../ui/use-command';
import { useOnline } from '../../../ui/use-online';
import { useNow } from '../../booking/public';
import { rescheduleAppointment } from '../commands';
import { useRefreshSlots, useSlotWeeks } from '../hooks';
import { SLOT_DAYS } from '../pull';
import { useHoldTime } from './use-hold';
import { NeedsService } from './NeedsService';
import { SlotButtons } from './SlotButtons';
import { useChoice } from './use-choice';
import { useNavigate } from 'react-router';

/** The first day of the week (SLOT_DAYS long, counted from `today`) that holds `day`. */
function weekHolding(today: string, day: string, timeZone: string): string {
  let week = today;
  while (addDaysToKey(week, SLOT_DAYS, timeZone) <= day) week = addDaysToKey(week, SLOT_DAYS, timeZone);
  return week;
}

interface Props {
  guid: string;
  timeZone: string;
  service: StoredService | null | undefined;
  staff: StoredStaff[] | undefined;
  /** The member's live hold in this flow, moved rather than doubled when another time is chosen. */
  hold: StoredAppointment | null | undefined;
  /** The appointment being moved (reschedule). */
  moving: StoredAppointment | null | undefined;
}

/** The free times of the chosen staff (or of everyone giving the service) for the week shown. */
export function useWeekTimes(guid: string, timeZone: string, serviceId: number | null, staffIds: number[], week: string) {
  useRefreshSlots(guid, staffIds, serviceId, week);
  const weeks = useSlotWeeks(guid, staffIds, serviceId, week);
  const now = useNow();
  return useMemo(() => {
    if (!weeks) return undefined;
    const byKey = new Map(weeks.map((w) => [w.key.split(':')[1], w]));
    const times = freeTimes(staffIds.flatMap((id) => { const w = byKey.get(String(id)); return w ? [{ staffId: id, slots: w.slots }] : []; }), now.getTime());
    const fetchedAt = weeks.length === staffIds.length && weeks.length > 0 ? Math.min(...weeks.map((w) => w.fetchedAt)) : null;
    return { times, fetchedAt, complete: weeks.length === staffIds.length, byDay: (day: string) => times.filter((t) => dayKeyIn(t.start_at, timeZone) === day) };
  }, [weeks, staffIds, now, timeZone]);
}

export function TimeStep({ guid, timeZone, service, staff, hold, moving }: Props) {
  const { t } = useTranslation('appointments');
  const format = useFormat(timeZone);
  const { choice, go } = useChoice();
  const navigate = useNavigate();
  const online = useOnline();
  const run = useCommand();
  const now = useNow();
  const [taken, setTaken] = useState<string | null>(null);
  const today = dayKeyIn(now, timeZone);
  // Moving an appointment opens on its own day (in the week that holds it, weeks counted from
  // today as the pager counts them), not on the first free day.
  const movingDay = moving && !choice.week ? dayKeyIn(moving.start_at, timeZone) : null;
  const week = choice.week && choice.week >= today ? choice.week : movingDay && movingDay > today ? weekHolding(today, movingDay, timeZone) : today;
  const staffIds = useMemo(() => {
    if (!service || !staff) return [];
    const givers = staff.filter((s) => s.service_ids.includes(service.id)).map((s) => s.id);
    return choice.staff === 'any' || choice.staff === null ? givers : givers.filter((id) => id === choice.staff);
  }, [service, staff, choice.staff]);
  const holdTime = useHoldTime(guid, service?.id ?? 0, week);
  const week_ = useWeekTimes(guid, timeZone, service?.id ?? null, staffIds, week);
  if (service === undefined || staff === undefined || week_ === undefined) return <Spinner block />;
  if (service === null) return <NeedsService />;
  const days = Array.from({ length: SLOT_DAYS }, (_, i) => addDaysToKey(week, i, timeZone));
  const day = choice.day && days.includes(choice.day) ? choice.day : movingDay && days.includes(movingDay) ? movingDay : (days.find((d) => week_.byDay(d).length > 0) ?? week);
  const onDay = week_.byDay(day);
  const stale = !online && week_.fetchedAt !== null;
  const nameOf = (id: number) => staff.find((s) => s.id === id)?.full_name ?? '';

  async function choose(time: FreeTime) {
    setTaken(null);
    if (moving) {
      const staffId = time.staffIds.includes(moving.staff_id ?? -1) ? moving.staff_id! : time.staffIds[0]!;
      const result = await run(() => rescheduleAppointment(moving.id, { startAt: time.start_at, staffId, staffName: nameOf(staffId) }), { loading: t('toast.moving'), success: t('toast.moved') });
      if (result.ok) navigate(`/appointments/${moving.id}`, { replace: true });
      return;
    }
    const liveHold = hold && hold.status === 'held' && Date.parse(hold.hold_expires_at ?? '') > now.getTime() ? hold.id : undefined;
    const outcome = await holdTime(time, liveHold);
    if (outcome.ok) go('concession', { week, day, hold: outcome.appointment.id });
    else if (outcome.taken) setTaken(time.start_at);
  }
  const noon = (d: string) => new Date(startOfDayIn(d, timeZone).getTime() + 12 * 3_600_000);

  return (
    <>
      <h2 className="appt-step__title">{moving ? t('reschedule.title') : t('time.choose')}</h2>
      {moving && <p className="appt-step__desc">{t('reschedule.current', { when: `${format.weekdayDate(moving.start_at)}, ${format.time(moving.start_at)}` })}</p>}
      <div className="appt-week">
        <div className="appt-week__row">
          <Button iconOnly icon="chevron-left" aria-label={t('time.prevWeek')} disabled={week <= today} onClick={() => go('time', { week: addDaysToKey(week, -SLOT_DAYS, timeZone), day: null }, true)} />
          <span className="appt-week__label">{format.date(noon(days[0]!))} – {format.date(noon(days[SLOT_DAYS - 1]!))}</span>
          <Button iconOnly icon="chevron-right" aria-label={t('time.nextWeek')} onClick={() => go('time', { week: addDaysToKey(week, SLOT_DAYS, timeZone), day: null }, true)} />
        </div>
        <ul className="appt-days" aria-label={t('time.days')}>
          {days.map((d) => (
            <li key={d}>
              <button type="button" className="appt-day" aria-pressed={d === day} onClick={() => go('time', { week, day: d }, true)} data-free={week_.byDay(d).length > 0}>
                <span className="appt-day__weekday">{format.weekdayShort(noon(d))}</span>
                <span className="appt-day__date">{Number(d.slice(8))}</span>
              </button>
            </li>
          ))}
        </ul>
      </div>
      {stale && <p className="appt-note" role="status">{t('time.stale', { time: format.dateTime(new Date(week_.fetchedAt!)) })}</p>}
      {taken && (
        <div className="appt-note appt-note--warn" role="alert" data-testid="taken">
          <p>{t('time.taken')}</p>
          <SlotButtons label={t('time.nearest')} times={nearestFreeTimes(week_.times, taken)} format={format} disabled={!online} onPick={(time) => void choose(time)} />
        </div>
      )}
      {!week_.complete && online ? (
        <Spinner block label={t('time.loading')} />
      ) : onDay.length === 0 ? (
        <EmptyState title={t('time.none')} headingLevel={3} />
      ) : (
        <SlotButtons testId="slots" label={format.weekdayDate(noon(day))} times={onDay} format={format} disabled={stale || !online} onPick={(time) => void choose(time)} />
      )}
    </>
  );
}
