// How this week stands for a class the member books every week (docs/rules.md#booking), pure: the
// class page says it under "You book this class every week", at once after the tap (the device's
// guess) and then as the studio answered.
import { bookingBlock, type SessionFacts } from '../../core/rules/session';
import { weeklySlot, type WeeklySlot } from '../../core/rules/recurring';

export type WeekStanding =
  | { kind: 'booked' | 'waitlisted' }
  /** The series tried this class and could not book it: `outcome` is the rule's code. */
  | { kind: 'not_booked'; outcome: string }
  /** Booking has not opened: the weekly run books it then. */
  | { kind: 'when_open'; opensAt: string };

/** The series' try at a week: the class and what came of it (`RecurringBooking.last`). */
export interface WeekTry {
  session_id: number;
  outcome: string;
}

const HELD = new Set(['booked', 'waitlisted', 'already']);

/** The member's place says it first; else what the series' try at this class came to; else whether booking is still to open. */
export function weekStanding(session: SessionFacts & { id: number }, last: WeekTry | null, now: Date): WeekStanding | null {
  const state = session.visit?.state;
  if (state === 'booked' || state === 'attended') return { kind: 'booked' };
  if (state === 'waitlisted') return { kind: 'waitlisted' };
  if (state === 'pending') return null;
  if (last?.session_id === session.id && !HELD.has(last.outcome)) return { kind: 'not_booked', outcome: last.outcome };
  if (bookingBlock(session, now) === 'not_open') return { kind: 'when_open', opensAt: session.booking_open_date };
  return null;
}

/** A member's weekly booking as the device keeps it: where, what, when, and its last try. */
export interface SeriesOnDevice extends WeeklySlot {
  facility_guid: string;
  name: string;
  last: { session_id: number } | null;
}

/**
 * The member's weekly booking of this class: the one that last tried this very class, whatever
 * zone the device knew when it made its guess (a facility not yet on the device is worked in UTC),
 * else the one on the class's facility, name and local weekday and time.
 */
export function seriesOfClass<S extends SeriesOnDevice>(series: readonly S[], session: { id: number; facility_guid: string; name: string; start_date: string }, timeZone: string): S | undefined {
  const tried = series.find((r) => r.last?.session_id === session.id);
  if (tried) return tried;
  const slot = weeklySlot(session.start_date, timeZone);
  return series.find((r) => r.facility_guid === session.facility_guid && r.name === session.name && r.weekday === slot.weekday && r.local_time === slot.local_time);
}
