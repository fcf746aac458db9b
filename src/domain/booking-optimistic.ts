// What a member's booking action looks like before the server has answered, pure: the local rule
// check that refuses an action up front (with a reason the UI translates), and how the class row
// and the visit look right after it. The data layer writes these optimistically and replaces them
// with the server's answer when the outbox has sent the action.
import type { Iso, Session, Visit, VisitState, VisitSummary } from '../../core/contract/types';
import { bookingBlock, canJoinWaitlist, hasDropInSpace, isFinished, isInLateCancelWindow, isStarted, type BookingBlock } from '../../core/rules/session';
import { isFullWith } from '../../core/rules/capacity';
import { isOfferExpired, offersToMake } from '../../core/rules/waitlist';

export type BookingAction = 'book' | 'dropin' | 'waitlist' | 'cancel' | 'latecancel' | 'remove' | 'confirm' | 'decline';

/** Actions that create a visit (POST /sessions/{id}/…); the others act on the member's visit. */
export function createsVisit(action: BookingAction): action is 'book' | 'dropin' | 'waitlist' {
  return action === 'book' || action === 'dropin' || action === 'waitlist';
}

/**
 * A visit-creating action the server refused because the member already holds exactly what it
 * would have made (a booking made on another device, or by a first copy of this very request):
 * the state of that visit on the server, which the actions queued behind it (a cancel) mean.
 * Null when the refusal means nothing was made for the member.
 */
export function heldDespiteRefusal(action: BookingAction, code: string): 'booked' | 'waitlisted' | null {
  if ((action === 'book' || action === 'dropin') && code === 'already_booked') return 'booked';
  if (action === 'waitlist' && code === 'already_waitlisted') return 'waitlisted';
  return null;
}

/**
 * Why an action is refused on the device, for the UI to translate (`block.<reason>`): the nine
 * BookingBlock reasons of src/domain/session, then the server's 409 codes for the same rules, so
 * one table translates a local refusal and a server rejection alike.
 */
export type RefusalReason =
  | BookingBlock
  | 'no_dropin_space'
  | 'waitlist_unavailable'
  | 'not_cancelable'
  | 'not_removable'
  | 'not_pending'
  | 'offer_expired'
  | 'late_cancel_required'
  | 'late_cancel_not_needed';

export const REFUSAL_REASONS: readonly RefusalReason[] = [
  'booked', 'pending', 'waitlisted', 'cancelled', 'finished', 'in_progress', 'closed', 'not_open', 'full',
  'no_dropin_space', 'waitlist_unavailable', 'not_cancelable', 'not_removable', 'not_pending', 'offer_expired',
  'late_cancel_required', 'late_cancel_not_needed',
];

const at = (iso: Iso) => Date.parse(iso);

function waitlistRefusal(s: Session, now: Date): RefusalReason | null {
  if (canJoinWaitlist(s, now)) return null;
  const state = s.visit?.state ?? null;
  if (state === 'booked' || state === 'attended') return 'booked';
  if (state === 'pending') return 'pending';
  if (state === 'waitlisted') return 'waitlisted';
  if (s.cancelled) return 'cancelled';
  if (isFinished(s, now)) return 'finished';
  if (!s.waitlists_on) return 'waitlist_unavailable';
  if (now.getTime() < at(s.booking_open_date)) return 'not_open';
  if (now.getTime() >= at(s.booking_close_date)) return 'closed';
  return 'waitlist_unavailable';
}

/** Cancel, remove, confirm and decline all need a class that has not started and was not cancelled. */
function visitRefusal(s: Session, now: Date, needed: VisitState, refusal: RefusalReason): RefusalReason | null {
  if (s.cancelled) return 'cancelled';
  if (isStarted(s, now) || s.visit?.state !== needed) return refusal;
  return null;
}

/**
 * The booking rules (docs/rules.md#booking), checked on the device before anything is queued; null when the action may go ahead.
 * `cancel` inside the late-cancel window is refused with late_cancel_required: the member must
 * confirm explicitly (see docs/decisions.md#late-cancel), then the UI calls the late cancel.
 */
export function bookingRefusal(action: BookingAction, s: Session, now: Date): RefusalReason | null {
  switch (action) {
    case 'book':
      return bookingBlock(s, now);
    case 'dropin':
      return bookingBlock(s, now) ?? (hasDropInSpace(s) ? null : 'no_dropin_space');
    case 'waitlist':
      return waitlistRefusal(s, now);
    case 'cancel':
      return visitRefusal(s, now, 'booked', 'not_cancelable') ?? (isInLateCancelWindow(s, now) ? 'late_cancel_required' : null);
    case 'latecancel':
      return visitRefusal(s, now, 'booked', 'not_cancelable') ?? (isInLateCancelWindow(s, now) ? null : 'late_cancel_not_needed');
    case 'remove':
      return visitRefusal(s, now, 'waitlisted', 'not_removable');
    case 'confirm':
    case 'decline': {
      if (s.visit && isOfferExpired(s.visit, now)) return 'offer_expired';
      if (s.visit?.state !== 'pending') return 'not_pending';
      // Like the server: an offer cannot be answered once the class has started.
      return visitRefusal(s, now, 'pending', 'offer_expired');
    }
  }
}

/** The state an action leaves the visit in, and the state it expects the visit to be in. */
const TRANSITIONS: Record<BookingAction, { from: readonly (VisitState | null)[]; to: VisitState }> = {
  book: { from: [null, 'cancelled'], to: 'booked' },
  dropin: { from: [null, 'cancelled'], to: 'booked' },
  waitlist: { from: [null, 'cancelled'], to: 'waitlisted' },
  cancel: { from: ['booked'], to: 'cancelled' },
  latecancel: { from: ['booked'], to: 'cancelled' },
  remove: { from: ['waitlisted'], to: 'cancelled' },
  confirm: { from: ['pending'], to: 'booked' },
  decline: { from: ['pending'], to: 'cancelled' },
};

/**
 * The class counts as the server keeps them (core/rules/capacity): booked_count = places taken
 * (booked + attended + pending: an offered place is held), offered_count = the pending ones,
 * droppedin_count = live drop-ins, full = booked_count ≥ capacity. A place that comes free goes to
 * the head of the waitlist as an offer (core/rules/waitlist), so it stays taken while anyone waits.
 */
function counted(s: Session, now: Date, change: { take?: boolean; free?: boolean; offerTaken?: boolean; dropin?: boolean; waitlist?: -1 | 0 | 1 }): Session {
  let booked = s.booked_count;
  let offered = s.offered_count;
  let waitlist = s.waitlist_count + (change.waitlist ?? 0);
  let droppedin = s.droppedin_count;
  if (change.take) booked += 1;
  if (change.offerTaken && offered !== undefined) offered -= 1;
  if (change.free) {
    if (offersToMake(1, waitlist, s, now) > 0) {
      waitlist -= 1;
      if (offered !== undefined) offered += 1;
    } else booked -= 1;
  }
  if (change.dropin) droppedin += change.take ? 1 : -1;
  booked = Math.max(0, booked);
  return {
    ...s,
    booked_count: booked,
    ...(offered !== undefined && { offered_count: Math.max(0, offered) }),
    waitlist_count: Math.max(0, waitlist),
    droppedin_count: Math.max(0, droppedin),
    full: isFullWith(s.capacity, booked),
  };
}

export interface ApplyOptions {
  /** The visit the action creates (a temporary negative id) or acts on. */
  visitId: number;
  /** When the member acted: a place freed after the start is not offered to the waitlist. */
  now: Date;
}

/**
 * The class row right after the action: the member's visit summary and the counts. null when the
 * action does not apply to this row (the member's visit is another one, or in another state),
 * which happens when queued actions are replayed over the server's answer.
 */
export function applyBookingAction(s: Session, action: BookingAction, options: ApplyOptions): Session | null {
  const { from, to } = TRANSITIONS[action];
  const current = s.visit;
  if (!from.includes(current?.state ?? null)) return null;
  const creates = createsVisit(action);
  if (!creates && current?.id !== options.visitId) return null;

  const dropin = creates ? action === 'dropin' : current?.dropin === true;
  let next: Session;
  switch (action) {
    case 'book':
    case 'dropin':
      next = counted(s, options.now, { take: true, dropin });
      break;
    case 'waitlist':
      next = counted(s, options.now, { waitlist: 1 });
      break;
    case 'cancel':
    case 'latecancel':
      next = counted(s, options.now, { free: true, dropin });
      break;
    case 'remove':
      next = counted(s, options.now, { waitlist: -1 });
      break;
    case 'confirm':
      next = counted(s, options.now, { offerTaken: true });
      break;
    case 'decline':
      next = counted(s, options.now, { offerTaken: true, free: true });
      break;
  }
  const visit: VisitSummary = {
    id: creates ? options.visitId : (current?.id ?? options.visitId),
    state: to,
    late_cancelled: action === 'latecancel',
    offer_expires_at: null,
    ...(dropin && { dropin: true }),
  };
  return { ...next, visit };
}

/** The member's visit as it looks with this class row (whose `visit` names it); null when there is none. */
export function optimisticVisit(previous: Visit | null, session: Session, nowIso: Iso): Visit | null {
  const summary = session.visit;
  if (!summary) return null;
  const same = previous?.id === summary.id ? previous : null;
  return {
    ...same,
    id: summary.id,
    session_id: session.id,
    state: summary.state,
    late_cancelled: summary.late_cancelled,
    offer_expires_at: summary.offer_expires_at,
    ...(summary.dropin !== undefined && { dropin: summary.dropin }),
    created_at: same?.created_at ?? nowIso,
    updated_at: nowIso,
    session,
  };
}

export function visitSummary(visit: Visit): VisitSummary {
  return {
    id: visit.id,
    state: visit.state,
    late_cancelled: visit.late_cancelled,
    offer_expires_at: visit.offer_expires_at,
    ...(visit.dropin !== undefined && { dropin: visit.dropin }),
    ...(visit.offer_expired !== undefined && { offer_expired: visit.offer_expired }),
  };
}

/** The class row from a server visit: its embedded session, with the member's visit being this one. */
export function sessionOfVisit(visit: Visit): Session {
  // The place in line is only on the class's summary (the server counts it there).
  const position = visit.state === 'waitlisted' && visit.session.visit?.id === visit.id ? visit.session.visit.waitlist_position : undefined;
  return { ...visit.session, visit: { ...visitSummary(visit), ...(position !== undefined && { waitlist_position: position }) } };
}
