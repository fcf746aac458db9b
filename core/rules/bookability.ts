// "Why can't I book" (see docs/rules.md#booking), pure: the first rule that stands between the
// member and a place, with the way out the screen offers instead of a dead Book button. The app
// shows it on the class page; the recurring-booking job uses it to say why an occurrence was not
// booked; a refusal learnt only from the server maps to the same reason (reasonOfCode).
import type { ErrorCode } from '../errors';
import { bookingBlock, canJoinWaitlist, type BookingBlock, type SessionFacts } from './session';
import type { ChargeTarget } from './concessions';

export type BookabilityReason = BookingBlock | 'no_concession';

/** What the member can do about it: be reminded when booking opens, join the waitlist, buy a pass, answer an offer, or pick another class. */
export type WayOut = 'remind' | 'waitlist' | 'buy' | 'respond' | 'timetable';

export interface Bookability {
  reason: BookabilityReason;
  way: WayOut | null;
  /** not_open: when booking opens (the reminder's time). */
  opensAt?: string;
}

export interface BookabilityOptions {
  /**
   * What booking would be charged to (chooseChargeTarget), when known. A casual visit (paid at
   * the studio) blocks only when `casualAllowed` is false: a recurring booking, made while the
   * member is not there to agree to pay, books only what a membership or pass covers.
   */
  target?: ChargeTarget | null;
  casualAllowed?: boolean;
}

const WAY: Record<Exclude<BookingBlock, 'full' | 'not_open'>, WayOut | null> = {
  booked: null,
  pending: 'respond',
  waitlisted: null,
  cancelled: 'timetable',
  finished: 'timetable',
  in_progress: 'timetable',
  closed: 'timetable',
};

/** The first blocking reason with its way out; null when the member can book. */
export function whyNotBookable(s: SessionFacts, now: Date, options: BookabilityOptions = {}): Bookability | null {
  const block = bookingBlock(s, now);
  if (block === 'not_open') return { reason: 'not_open', way: 'remind', opensAt: s.booking_open_date };
  if (block === 'full') return { reason: 'full', way: canJoinWaitlist(s, now) ? 'waitlist' : 'timetable' };
  if (block) return { reason: block, way: WAY[block] };
  if (options.casualAllowed === false && options.target?.kind === 'casual') return { reason: 'no_concession', way: 'buy' };
  return null;
}

const REASON_OF_CODE: Partial<Record<ErrorCode, BookabilityReason>> = {
  already_booked: 'booked',
  offer_pending: 'pending',
  already_waitlisted: 'waitlisted',
  class_cancelled: 'cancelled',
  class_finished: 'finished',
  class_started: 'in_progress',
  booking_closed: 'closed',
  booking_not_open: 'not_open',
  class_full: 'full',
  no_concession: 'no_concession',
};

/** The reason a server refusal names (its error code), or null when it is not about booking. */
export function reasonOfCode(code: string): BookabilityReason | null {
  return REASON_OF_CODE[code as ErrorCode] ?? null;
}
