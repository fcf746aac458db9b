// Visit rules (see docs/rules.md#booking), pure: what a member may do with a booking, a waitlist place or an offer.
import type { VisitState } from '../contract/types';
import { canDropIn, canJoinWaitlist, isBookable, isInLateCancelWindow, isStarted, type SessionFacts } from './session';

export interface VisitFacts {
  state: VisitState;
  session: SessionFacts;
}

/** Cancelable = not started, session not cancelled, state booked. */
export function isCancelable(v: VisitFacts, now: Date): boolean {
  return !isStarted(v.session, now) && !v.session.cancelled && v.state === 'booked';
}

/** Confirmable = not started, not cancelled, pending (an offered place; allowed until the start). */
export function isConfirmable(v: VisitFacts, now: Date): boolean {
  return !isStarted(v.session, now) && !v.session.cancelled && v.state === 'pending';
}

/** An offered place can be declined while it could be confirmed. */
export const isDeclinable = isConfirmable;

/** Removable = not started, not cancelled, waitlisted (uses the cancel call). */
export function isRemovable(v: VisitFacts, now: Date): boolean {
  return !isStarted(v.session, now) && !v.session.cancelled && v.state === 'waitlisted';
}

/** Which call cancels this booking: late cancel (needs explicit confirmation) inside the window. */
export function cancelKind(v: VisitFacts, now: Date): 'cancel' | 'latecancel' | null {
  if (!isCancelable(v, now)) return null;
  return isInLateCancelWindow(v.session, now) ? 'latecancel' : 'cancel';
}

export type VisitAction = 'book' | 'dropin' | 'waitlist' | 'cancel' | 'latecancel' | 'remove' | 'confirm' | 'decline';

/** Everything the member can do with a class right now, in the order the screen offers them. */
export function sessionActions(s: SessionFacts, now: Date): VisitAction[] {
  const actions: VisitAction[] = [];
  const visit = s.visit ? { state: s.visit.state, session: s } : null;
  if (visit) {
    const kind = cancelKind(visit, now);
    if (kind) actions.push(kind);
    if (isConfirmable(visit, now)) actions.push('confirm', 'decline');
    if (isRemovable(visit, now)) actions.push('remove');
  }
  if (isBookable(s, now)) actions.push('book');
  if (canDropIn(s, now)) actions.push('dropin');
  if (canJoinWaitlist(s, now)) actions.push('waitlist');
  return actions;
}
