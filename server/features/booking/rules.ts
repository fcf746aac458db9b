// Which booking rule (see docs/rules.md#booking) a request breaks, pure. The decisions are the shared functions of
// src/domain (the app shows the same buttons the server accepts); this file only names the
// reason with a stable code and an English sentence for the 409 answer.
import {
  bookingBlock,
  canDropIn,
  canJoinWaitlist,
  hasDropInSpace,
  isBookingClosed,
  isBookingOpen,
  isFinished,
  isInLateCancelWindow,
  isStarted,
  type BookingBlock,
  type SessionFacts,
} from '../../../core/rules/session';
import type { ServerErrorCode } from '../../../core/errors';
import { isCancelable, isConfirmable, isDeclinable, isRemovable, type VisitFacts } from '../../../core/rules/visit';

export interface RuleBreach {
  code: ServerErrorCode;
  message: string;
}

export const LATE_CANCEL_MESSAGE = 'Cancelling now is a late cancel and counts against your membership or pass.';

const breach = (code: ServerErrorCode, message: string): RuleBreach => ({ code, message });

const blocks: Record<BookingBlock, (s: SessionFacts) => RuleBreach> = {
  booked: () => breach('already_booked', 'You are already booked into this class.'),
  pending: () => breach('offer_pending', 'A place in this class is already offered to you: confirm or decline it.'),
  waitlisted: () => breach('already_waitlisted', 'You are already on the waitlist for this class.'),
  cancelled: () => breach('class_cancelled', 'This class has been cancelled.'),
  finished: () => breach('class_finished', 'This class has already finished.'),
  in_progress: () => breach('class_started', 'This class has already started.'),
  closed: () => breach('booking_closed', 'Booking for this class has closed.'),
  not_open: (s) => breach('booking_not_open', `Booking for this class opens at ${s.booking_open_date}.`),
  full: (s) => breach('class_full', s.waitlists_on ? 'This class is full. You can join the waitlist instead.' : 'This class is full.'),
};

/** Book: needs isBookable. */
export function bookBreach(s: SessionFacts, now: Date): RuleBreach | null {
  const block = bookingBlock(s, now);
  return block === null ? null : blocks[block](s);
}

/** Drop in: needs canDropIn (bookable, and a drop-in space left). */
export function dropInBreach(s: SessionFacts, now: Date): RuleBreach | null {
  if (canDropIn(s, now)) return null;
  const booking = bookBreach(s, now);
  if (booking) return booking;
  if (!hasDropInSpace(s)) {
    return s.dropin_spaces === 0 ? breach('no_dropin_space', 'This class does not take drop-ins.') : breach('no_dropin_space', 'There are no drop-in places left in this class.');
  }
  return breach('no_dropin_space', 'You cannot drop in to this class.');
}

/** Join the waitlist: needs canJoinWaitlist; the reason is the most decisive one. */
export function waitlistBreach(s: SessionFacts, now: Date): RuleBreach | null {
  if (canJoinWaitlist(s, now)) return null;
  const state = s.visit?.state ?? null;
  if (state === 'booked' || state === 'attended') return blocks.booked(s);
  if (state === 'pending') return blocks.pending(s);
  if (state === 'waitlisted') return blocks.waitlisted(s);
  if (s.cancelled) return blocks.cancelled(s);
  if (isFinished(s, now)) return blocks.finished(s);
  if (!s.waitlists_on) return breach('waitlist_unavailable', 'This class has no waitlist.');
  if (!isBookingOpen(s, now)) return blocks.not_open(s);
  if (isBookingClosed(s, now)) return blocks.closed(s);
  if (!s.full) return breach('waitlist_unavailable', 'This class still has free places: book it instead of joining the waitlist.');
  return breach('waitlist_unavailable', 'You cannot join the waitlist for this class.');
}

function tooLate(v: VisitFacts, now: Date): string {
  if (v.session.cancelled) return 'This class has been cancelled.';
  if (isStarted(v.session, now)) return 'This class has already started.';
  return '';
}

/**
 * The cancel call: cancels a booking outside the late-cancel window (inside it the late-cancel
 * call must be used, so nothing is charged without the member's explicit confirmation), and
 * removes a waitlist place.
 */
export function cancelBreach(v: VisitFacts, now: Date): RuleBreach | null {
  if (v.state === 'waitlisted') {
    return isRemovable(v, now) ? null : breach('not_removable', `You can no longer leave this waitlist. ${tooLate(v, now)}`.trim());
  }
  if (v.state !== 'booked') return breach('not_cancelable', notBookedMessage(v.state));
  if (!isCancelable(v, now)) return breach('not_cancelable', `This booking can no longer be cancelled. ${tooLate(v, now)}`.trim());
  if (isInLateCancelWindow(v.session, now)) return breach('late_cancel_required', LATE_CANCEL_MESSAGE);
  return null;
}

/** The late-cancel call: only a booking, and only inside the window, so nothing is charged by mistake. */
export function lateCancelBreach(v: VisitFacts, now: Date): RuleBreach | null {
  if (v.state !== 'booked') return breach('not_cancelable', notBookedMessage(v.state));
  if (!isCancelable(v, now)) return breach('not_cancelable', `This booking can no longer be cancelled. ${tooLate(v, now)}`.trim());
  if (!isInLateCancelWindow(v.session, now)) {
    return breach('late_cancel_not_needed', `The free cancellation period is still open until ${v.session.cancellation_close_date}: cancel without a late cancel.`);
  }
  return null;
}

export interface OfferFacts extends VisitFacts {
  offer_expires_at: string | null;
  offer_expired: boolean;
}

function offerBreach(v: OfferFacts, now: Date, allowed: boolean): RuleBreach | null {
  const lapsed = v.state === 'pending' && v.offer_expires_at !== null && Date.parse(v.offer_expires_at) <= now.getTime();
  if (lapsed || (v.state === 'cancelled' && v.offer_expired)) return breach('offer_expired', 'This offer has expired and the place was passed on.');
  if (v.state !== 'pending') return breach('not_pending', 'There is no offered place waiting for your answer on this visit.');
  if (allowed) return null;
  if (v.session.cancelled) return blocks.cancelled(v.session);
  return breach('offer_expired', 'This offer has expired: the class has started.');
}

/** Confirm an offered place: pending, confirmable (before the start), offer not lapsed. */
export function confirmBreach(v: OfferFacts, now: Date): RuleBreach | null {
  return offerBreach(v, now, isConfirmable(v, now));
}

/** Decline an offered place: same conditions as confirming it. */
export function declineBreach(v: OfferFacts, now: Date): RuleBreach | null {
  return offerBreach(v, now, isDeclinable(v, now));
}

function notBookedMessage(state: VisitFacts['state']): string {
  switch (state) {
    case 'cancelled':
      return 'This booking is already cancelled.';
    case 'attended':
      return 'This visit has already been attended.';
    case 'pending':
      return 'This place is offered to you: confirm or decline it instead.';
    default:
      return 'Only a booking can be cancelled.';
  }
}
