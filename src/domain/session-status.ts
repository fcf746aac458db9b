// What a class row tells the member at a glance, as label codes with a tone; the screen
// translates them. Order: the member's own state first, then the class's.
import type { VisitState } from '../../core/contract/types';
import { canDropIn, dropInSpacesLeft, isBookingClosed, isBookingOpen, isFinished, isOnNow, type SessionFacts } from '../../core/rules/session';

export type StatusTone = 'success' | 'info' | 'warning' | 'danger' | 'muted';

export type StatusCode =
  | 'booked'
  | 'attended'
  | 'waitlisted'
  | 'pending'
  | 'cancelled'
  | 'onNow'
  | 'finished'
  | 'fullWaitlist'
  | 'full'
  | 'dropinUnlimited'
  | 'dropinSpaces'
  | 'notOpen'
  | 'closed';

export interface StatusLabel {
  code: StatusCode;
  tone: StatusTone;
  /** Drop-in spaces left, or the instant booking opens. */
  count?: number;
  at?: string;
}

export function sessionStatus(s: SessionFacts, now: Date): StatusLabel[] {
  const labels: StatusLabel[] = [];
  const state = s.visit?.state;
  if (state === 'booked') labels.push({ code: 'booked', tone: 'success' });
  if (state === 'attended') labels.push({ code: 'attended', tone: 'success' });
  if (state === 'waitlisted') labels.push({ code: 'waitlisted', tone: 'info' });
  if (state === 'pending') labels.push({ code: 'pending', tone: 'warning' });
  if (s.cancelled) return [...labels, { code: 'cancelled', tone: 'danger' }];
  if (isOnNow(s, now)) return [...labels, { code: 'onNow', tone: 'info' }];
  if (isFinished(s, now)) return [...labels, { code: 'finished', tone: 'muted' }];
  if (!isBookingOpen(s, now)) labels.push({ code: 'notOpen', tone: 'muted', at: s.booking_open_date });
  else if (isBookingClosed(s, now)) labels.push({ code: 'closed', tone: 'muted' });
  if (s.full) labels.push(s.waitlists_on ? { code: 'fullWaitlist', tone: 'warning' } : { code: 'full', tone: 'danger' });
  // Drop-in spaces are news only where the member can drop in (the Drop in button shows): a full
  // class has none to give, whatever its drop-in count says (a drop-in takes a place).
  if (canDropIn(s, now)) {
    const spaces = dropInSpacesLeft(s);
    labels.push(spaces === null ? { code: 'dropinUnlimited', tone: 'info' } : { code: 'dropinSpaces', tone: 'info', count: spaces });
  }
  return labels;
}

const visitTone: Record<VisitState, StatusTone> = { booked: 'success', attended: 'success', waitlisted: 'info', pending: 'warning', cancelled: 'muted' };

/**
 * The one label of a visit. A class the studio cancelled says so (and nothing else: the member's
 * own visit is cancelled with it), never "Cancelled Cancelled"; a late cancel says "Late
 * cancelled" alone, never "Cancelled · Late cancelled".
 */
export function visitLabel(state: VisitState, sessionCancelled: boolean, lateCancelled = false): { code: 'classCancelled' | 'lateCancelled' | VisitState; tone: StatusTone } {
  if (sessionCancelled) return { code: 'classCancelled', tone: 'danger' };
  if (state === 'cancelled' && lateCancelled) return { code: 'lateCancelled', tone: 'muted' };
  return { code: state, tone: visitTone[state] };
}
