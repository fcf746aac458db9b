// Class (session) rules (see docs/rules.md#booking), pure. The app uses them to show what a member can do and
// why not; the reference server enforces the very same functions.
import type { Session, VisitState, VisitSummary } from '../contract/types';

/** The fields the rules read; lets the server pass its own rows. */
export type SessionFacts = Pick<
  Session,
  | 'start_date'
  | 'end_date'
  | 'booking_open_date'
  | 'booking_close_date'
  | 'cancellation_close_date'
  | 'cancelled'
  | 'full'
  | 'waitlists_on'
  | 'dropin_spaces'
  | 'droppedin_count'
  | 'whiteboard_visibility'
> & { visit: Pick<VisitSummary, 'state'> | null };

const at = (iso: string) => Date.parse(iso);
const stateOf = (s: Pick<SessionFacts, 'visit'>): VisitState | null => s.visit?.state ?? null;

export function isStarted(s: SessionFacts, now: Date): boolean {
  return now.getTime() >= at(s.start_date);
}

export function isFinished(s: SessionFacts, now: Date): boolean {
  return now.getTime() >= at(s.end_date);
}

/** On now = not cancelled, started, not finished. */
export function isOnNow(s: SessionFacts, now: Date): boolean {
  return !s.cancelled && isStarted(s, now) && !isFinished(s, now);
}

export function isBookingOpen(s: SessionFacts, now: Date): boolean {
  return now.getTime() >= at(s.booking_open_date);
}

export function isBookingClosed(s: SessionFacts, now: Date): boolean {
  return now.getTime() >= at(s.booking_close_date);
}

/** Booked (or already attended): the member has the place. */
export function isBooked(s: Pick<SessionFacts, 'visit'>): boolean {
  const state = stateOf(s);
  return state === 'booked' || state === 'attended';
}

export function isWaitlisted(s: SessionFacts): boolean {
  return stateOf(s) === 'waitlisted';
}

/** A place is offered to the member and awaits confirmation. */
export function hasPendingOffer(s: SessionFacts): boolean {
  return stateOf(s) === 'pending';
}

/** Why a class cannot be booked, most decisive reason first; null when it can. */
export type BookingBlock =
  | 'booked'
  | 'pending'
  | 'waitlisted'
  | 'cancelled'
  | 'finished'
  | 'in_progress'
  | 'closed'
  | 'not_open'
  | 'full';

export function bookingBlock(s: SessionFacts, now: Date): BookingBlock | null {
  if (isBooked(s)) return 'booked';
  if (hasPendingOffer(s)) return 'pending';
  if (isWaitlisted(s)) return 'waitlisted';
  if (s.cancelled) return 'cancelled';
  if (isFinished(s, now)) return 'finished';
  if (isStarted(s, now)) return 'in_progress';
  if (isBookingClosed(s, now)) return 'closed';
  if (!isBookingOpen(s, now)) return 'not_open';
  if (s.full) return 'full';
  return null;
}

/** Bookable when not booked, finished, cancelled or in progress, booking open and not closed, not full, not waitlisted. */
export function isBookable(s: SessionFacts, now: Date): boolean {
  return bookingBlock(s, now) === null;
}

/** Drop-in possible when bookable and spaces remain (negative dropin_spaces means unlimited). */
export function canDropIn(s: SessionFacts, now: Date): boolean {
  return isBookable(s, now) && hasDropInSpace(s);
}

export function hasDropInSpace(s: Pick<SessionFacts, 'dropin_spaces' | 'droppedin_count'>): boolean {
  return s.dropin_spaces < 0 || s.droppedin_count < s.dropin_spaces;
}

/** Drop-in spaces left, or null for unlimited. */
export function dropInSpacesLeft(s: Pick<SessionFacts, 'dropin_spaces' | 'droppedin_count'>): number | null {
  return s.dropin_spaces < 0 ? null : Math.max(0, s.dropin_spaces - s.droppedin_count);
}

/**
 * Waitlist allowed when waitlists are on, the class is full, not finished or cancelled, booking
 * is open and not closed, and the member has no visit or a cancelled one.
 */
export function canJoinWaitlist(s: SessionFacts, now: Date): boolean {
  const state = stateOf(s);
  return (
    s.waitlists_on &&
    s.full &&
    !isFinished(s, now) &&
    !s.cancelled &&
    isBookingOpen(s, now) &&
    !isBookingClosed(s, now) &&
    (state === null || state === 'cancelled')
  );
}

/** After the cancellation-close time and before the start, cancelling is a late cancel. */
export function isInLateCancelWindow(s: SessionFacts, now: Date): boolean {
  return now.getTime() >= at(s.cancellation_close_date) && !isStarted(s, now);
}

/** Whiteboard visible when public, or attending-only and the member is booked or attended. */
export function isWhiteboardVisible(s: Pick<SessionFacts, 'whiteboard_visibility' | 'visit'>): boolean {
  if (s.whiteboard_visibility === 'public') return true;
  return s.whiteboard_visibility === 'attending' && isBooked(s);
}
