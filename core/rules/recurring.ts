// Recurring bookings (see docs/rules.md#booking), pure: "the same class every week" is the same
// facility, the same class name and the same local weekday and start time in the facility's time
// zone, so the series keeps its local time across daylight-saving changes.

export interface WeeklySlot {
  /** 0 = Sunday. */
  weekday: number;
  /** HH:mm, 24-hour. */
  local_time: string;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** The local weekday and start time of an instant in a time zone. */
export function weeklySlot(at: string, timeZone: string): WeeklySlot {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(new Date(at));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { weekday: WEEKDAYS.indexOf(part('weekday')), local_time: `${part('hour')}:${part('minute')}` };
}

export interface SeriesFacts extends WeeklySlot {
  name: string;
  /** The first occurrence's start: nothing earlier belongs to the series. */
  from_at: string;
}

/** Whether a class (its name and start) is an occurrence of the series, in the facility's time zone. */
export function isOccurrence(series: SeriesFacts, session: { name: string; start_date: string }, timeZone: string): boolean {
  if (session.name !== series.name || Date.parse(session.start_date) < Date.parse(series.from_at)) return false;
  const slot = weeklySlot(session.start_date, timeZone);
  return slot.weekday === series.weekday && slot.local_time === series.local_time;
}
