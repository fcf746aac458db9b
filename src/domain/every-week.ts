// How this week stands for a class the member books every week (docs/rules.md#booking), pure: the
// class page says it under "You book this class every week", at once after the tap (the device's
// guess) and then as the studio answered.
import { bookingBlock, type SessionFacts } from '../../core/rules/session';

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
