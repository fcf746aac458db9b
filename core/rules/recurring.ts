// Recurring bookings (see docs/rules.md#booking), pure: "the same class every week" is the same
// facility, the same class name and the same local weekday and start time in the facility's time
// zone, so the series keeps its local time across daylight-saving changes.
import type { ErrorCode } from '../errors';
import { bookingBlock, canJoinWaitlist, type BookingBlock, type SessionFacts } from './session';

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

/**
 * What a weekly booking did, or will do, with one week's class: booked, waitlisted, already (the
 * member had a place), or the code of the rule that stopped it (booking_not_open: not yet, the
 * weekly run books it when booking opens).
 */
export type WeekOutcome = 'booked' | 'waitlisted' | 'already' | ErrorCode;

const NOT_IN_WINDOW: Partial<Record<BookingBlock, ErrorCode>> = {
  not_open: 'booking_not_open', closed: 'booking_closed', in_progress: 'class_started', finished: 'class_finished', cancelled: 'class_cancelled',
};

/**
 * What "Book every week" does at once with the class it is made from, by the rules the weekly run
 * books by (docs/decisions.md#why-cant-i-book-reminders-and-weekly-bookings): a class whose booking
 * is open is tried now (booked, its waitlist when full, refused when full without one; a place the
 * member holds stays as it is); one not open yet is left to the weekly run; one closed, started,
 * finished or cancelled is not this week's. What pays is checked by the server only (`no_concession`).
 */
export function firstWeek(s: SessionFacts, now: Date): { attempt: boolean; outcome: WeekOutcome } {
  const block = bookingBlock(s, now);
  if (block === 'booked' || block === 'pending' || block === 'waitlisted') return { attempt: true, outcome: 'already' };
  const outside = block ? NOT_IN_WINDOW[block] : undefined;
  if (outside) return { attempt: false, outcome: outside };
  if (block === 'full') return { attempt: true, outcome: canJoinWaitlist(s, now) ? 'waitlisted' : 'class_full' };
  return { attempt: true, outcome: 'booked' };
}
