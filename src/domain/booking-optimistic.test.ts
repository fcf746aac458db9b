import { describe, expect, it } from 'vitest';
import type { Session, Visit, VisitState } from '../../core/contract/types';
import {
  applyBookingAction, bookingRefusal, createsVisit, heldDespiteRefusal, optimisticVisit, REFUSAL_REASONS, sessionOfVisit, type BookingAction,
} from './booking-optimistic';

const NOW = new Date('2026-11-22T10:00:00.000Z');
const min = (m: number) => new Date(NOW.getTime() + m * 60_000).toISOString();

/** A class in 3 h, 10 places, 4 booked, booking open, free cancellation until 1 h before. */
function session(over: Partial<Session> = {}, state?: VisitState, visitId = 77): Session {
  return {
    id: 5, facility_guid: 'fac-1', name: 'CrossFit', description: null, location: null,
    start_date: min(180), end_date: min(240), booking_open_date: min(-7 * 24 * 60), booking_close_date: min(180),
    cancellation_close_date: min(60), cancelled: false, full: false, capacity: 10, booked_count: 4, waitlist_count: 0,
    waitlists_on: true, dropin_spaces: 2, droppedin_count: 0, online_url: null, instructors: [], whiteboard_items: [],
    whiteboard_visibility: 'public', visit: state ? { id: visitId, state, late_cancelled: false, offer_expires_at: null } : null, ...over,
  };
}

const full = (over: Partial<Session> = {}, state?: VisitState) => session({ full: true, booked_count: 10, waitlist_count: 2, ...over }, state);

describe('bookingRefusal', () => {
  it('book follows bookingBlock', () => {
    expect(bookingRefusal('book', session(), NOW)).toBeNull();
    expect(bookingRefusal('book', full(), NOW)).toBe('full');
    expect(bookingRefusal('book', session({}, 'booked'), NOW)).toBe('booked');
    expect(bookingRefusal('book', session({}, 'cancelled'), NOW)).toBeNull();
    expect(bookingRefusal('book', session({ booking_open_date: min(10) }), NOW)).toBe('not_open');
  });

  it('drop-in needs a bookable class with a drop-in space (negative = unlimited)', () => {
    expect(bookingRefusal('dropin', session(), NOW)).toBeNull();
    expect(bookingRefusal('dropin', session({ droppedin_count: 2 }), NOW)).toBe('no_dropin_space');
    expect(bookingRefusal('dropin', session({ dropin_spaces: 0 }), NOW)).toBe('no_dropin_space');
    expect(bookingRefusal('dropin', session({ dropin_spaces: -1, droppedin_count: 50 }), NOW)).toBeNull();
    expect(bookingRefusal('dropin', full(), NOW)).toBe('full');
  });

  it('waitlist: only a full class with waitlists on, with the most decisive reason', () => {
    expect(bookingRefusal('waitlist', full(), NOW)).toBeNull();
    expect(bookingRefusal('waitlist', full({}, 'cancelled'), NOW)).toBeNull();
    expect(bookingRefusal('waitlist', session(), NOW)).toBe('waitlist_unavailable');
    expect(bookingRefusal('waitlist', full({ waitlists_on: false }), NOW)).toBe('waitlist_unavailable');
    expect(bookingRefusal('waitlist', full({}, 'waitlisted'), NOW)).toBe('waitlisted');
    expect(bookingRefusal('waitlist', full({}, 'booked'), NOW)).toBe('booked');
    expect(bookingRefusal('waitlist', full({ cancelled: true }), NOW)).toBe('cancelled');
    expect(bookingRefusal('waitlist', full({ booking_close_date: min(-1) }), NOW)).toBe('closed');
  });

  it('cancel outside the window; inside it the member must confirm a late cancel', () => {
    expect(bookingRefusal('cancel', session({}, 'booked'), NOW)).toBeNull();
    expect(bookingRefusal('latecancel', session({}, 'booked'), NOW)).toBe('late_cancel_not_needed');
    const late = session({ cancellation_close_date: min(-5) }, 'booked');
    expect(bookingRefusal('cancel', late, NOW)).toBe('late_cancel_required');
    expect(bookingRefusal('latecancel', late, NOW)).toBeNull();
    expect(bookingRefusal('cancel', session({}, 'waitlisted'), NOW)).toBe('not_cancelable');
    expect(bookingRefusal('cancel', session({ start_date: min(-1) }, 'booked'), NOW)).toBe('not_cancelable');
    expect(bookingRefusal('cancel', session({ cancelled: true }, 'booked'), NOW)).toBe('cancelled');
  });

  it('remove needs a waitlist place; confirm and decline an unexpired offer', () => {
    expect(bookingRefusal('remove', full({}, 'waitlisted'), NOW)).toBeNull();
    expect(bookingRefusal('remove', session({}, 'booked'), NOW)).toBe('not_removable');
    expect(bookingRefusal('remove', full({ start_date: min(-1) }, 'waitlisted'), NOW)).toBe('not_removable');
    const offer = session({ visit: { id: 9, state: 'pending', late_cancelled: false, offer_expires_at: min(30) } });
    expect(bookingRefusal('confirm', offer, NOW)).toBeNull();
    expect(bookingRefusal('decline', offer, NOW)).toBeNull();
    expect(bookingRefusal('confirm', session({}, 'booked'), NOW)).toBe('not_pending');
    const lapsed = session({ visit: { id: 9, state: 'pending', late_cancelled: false, offer_expires_at: min(0) } });
    expect(bookingRefusal('confirm', lapsed, NOW)).toBe('offer_expired');
    expect(bookingRefusal('confirm', { ...offer, start_date: min(-1) }, NOW)).toBe('offer_expired');
    expect(bookingRefusal('decline', { ...offer, cancelled: true }, NOW)).toBe('cancelled');
  });

  it('every reason is listed for the translations', () => {
    const seen = new Set<string>();
    const actions: BookingAction[] = ['book', 'dropin', 'waitlist', 'cancel', 'latecancel', 'remove', 'confirm', 'decline'];
    const states: (VisitState | undefined)[] = [undefined, 'booked', 'waitlisted', 'pending', 'cancelled', 'attended'];
    const variants: Partial<Session>[] = [{}, { full: true }, { cancelled: true }, { start_date: min(-1) }, { end_date: min(-1), start_date: min(-60) },
      { booking_open_date: min(5) }, { booking_close_date: min(-1) }, { dropin_spaces: 0 }, { cancellation_close_date: min(-1) }, { waitlists_on: false, full: true }];
    for (const action of actions) for (const state of states) for (const over of variants) {
      const reason = bookingRefusal(action, session(over, state), NOW);
      if (reason) seen.add(reason);
    }
    for (const reason of seen) expect(REFUSAL_REASONS).toContain(reason);
  });
});

describe('applyBookingAction', () => {
  it('book takes a place under a new (temporary) visit id', () => {
    const after = applyBookingAction(session(), 'book', { visitId: -1, now: NOW });
    expect(after).toMatchObject({ booked_count: 5, full: false, visit: { id: -1, state: 'booked', late_cancelled: false } });
  });

  it('the last place makes the class full', () => {
    expect(applyBookingAction(session({ booked_count: 9 }), 'book', { visitId: -1, now: NOW })?.full).toBe(true);
  });

  it('a drop-in takes a place and a drop-in space, and says so', () => {
    expect(applyBookingAction(session(), 'dropin', { visitId: -2, now: NOW })).toMatchObject({ booked_count: 5, droppedin_count: 1, visit: { state: 'booked', dropin: true } });
  });

  it('waitlist adds to the waitlist, not the places', () => {
    expect(applyBookingAction(full(), 'waitlist', { visitId: -3, now: NOW })).toMatchObject({ booked_count: 10, waitlist_count: 3, full: true, visit: { id: -3, state: 'waitlisted' } });
  });

  it('book again after a cancellation creates a new visit', () => {
    expect(applyBookingAction(session({}, 'cancelled', 40), 'book', { visitId: -4, now: NOW })?.visit).toMatchObject({ id: -4, state: 'booked' });
  });

  it('cancel frees the place; while someone waits it is offered to them and stays taken', () => {
    expect(applyBookingAction(session({}, 'booked'), 'cancel', { visitId: 77, now: NOW })).toMatchObject({ booked_count: 3, visit: { id: 77, state: 'cancelled' } });
    expect(applyBookingAction(full({ offered_count: 0 }, 'booked'), 'cancel', { visitId: 77, now: NOW })).toMatchObject({ booked_count: 10, waitlist_count: 1, offered_count: 1, full: true });
    expect(applyBookingAction(full({ waitlist_count: 0 }, 'booked'), 'cancel', { visitId: 77, now: NOW })).toMatchObject({ booked_count: 9, full: false });
    // The server's cascade: no offers once the class has started or when it is cancelled.
    expect(applyBookingAction(full({ start_date: min(-1) }, 'booked'), 'cancel', { visitId: 77, now: NOW })).toMatchObject({ booked_count: 9, waitlist_count: 2, full: false });
    expect(applyBookingAction(full({ cancelled: true }, 'booked'), 'cancel', { visitId: 77, now: NOW })).toMatchObject({ booked_count: 9, waitlist_count: 2 });
  });

  it('cancelling a drop-in gives the drop-in space back', () => {
    const s = session({ droppedin_count: 1, visit: { id: 77, state: 'booked', late_cancelled: false, offer_expires_at: null, dropin: true } });
    expect(applyBookingAction(s, 'cancel', { visitId: 77, now: NOW })).toMatchObject({ droppedin_count: 0, booked_count: 3 });
  });

  it('late cancel marks the visit', () => {
    expect(applyBookingAction(session({}, 'booked'), 'latecancel', { visitId: 77, now: NOW })?.visit).toMatchObject({ state: 'cancelled', late_cancelled: true });
  });

  it('remove leaves the waitlist', () => {
    expect(applyBookingAction(full({}, 'waitlisted'), 'remove', { visitId: 77, now: NOW })).toMatchObject({ waitlist_count: 1, booked_count: 10, visit: { state: 'cancelled' } });
  });

  it('an offer already holds its place: confirming changes no place count, declining passes it on or frees it', () => {
    const offer = full({ waitlist_count: 0, offered_count: 1 }, 'pending');
    expect(applyBookingAction(offer, 'confirm', { visitId: 77, now: NOW })).toMatchObject({ booked_count: 10, offered_count: 0, full: true, visit: { state: 'booked', offer_expires_at: null } });
    expect(applyBookingAction(offer, 'decline', { visitId: 77, now: NOW })).toMatchObject({ booked_count: 9, offered_count: 0, full: false, visit: { state: 'cancelled' } });
    expect(applyBookingAction({ ...offer, waitlist_count: 2 }, 'decline', { visitId: 77, now: NOW })).toMatchObject({ booked_count: 10, offered_count: 1, waitlist_count: 1, full: true });
  });

  it('does not apply to another visit or another state (replays over the server answer)', () => {
    expect(applyBookingAction(session({}, 'booked'), 'cancel', { visitId: 78, now: NOW })).toBeNull();
    expect(applyBookingAction(session({}, 'waitlisted'), 'cancel', { visitId: 77, now: NOW })).toBeNull();
    expect(applyBookingAction(session({}, 'booked'), 'book', { visitId: -1, now: NOW })).toBeNull();
    expect(applyBookingAction(session(), 'confirm', { visitId: 77, now: NOW })).toBeNull();
  });

  it('never drops a count below zero', () => {
    expect(applyBookingAction(session({ booked_count: 0 }, 'booked'), 'cancel', { visitId: 77, now: NOW })?.booked_count).toBe(0);
  });

  it('knows which actions create a visit', () => {
    expect((['book', 'dropin', 'waitlist', 'cancel', 'confirm'] as const).map(createsVisit)).toEqual([true, true, true, false, false]);
  });

  it('knows when a refused visit is one the member already holds on the server (what is queued behind it acts on that one)', () => {
    expect(heldDespiteRefusal('book', 'already_booked')).toBe('booked');
    expect(heldDespiteRefusal('dropin', 'already_booked')).toBe('booked');
    expect(heldDespiteRefusal('waitlist', 'already_waitlisted')).toBe('waitlisted');
    // Refused for what the class is, or holding something else: nothing of this visit exists.
    expect(heldDespiteRefusal('book', 'class_full')).toBeNull();
    expect(heldDespiteRefusal('book', 'already_waitlisted')).toBeNull();
    expect(heldDespiteRefusal('waitlist', 'already_booked')).toBeNull();
    expect(heldDespiteRefusal('book', 'offer_pending')).toBeNull();
    expect(heldDespiteRefusal('cancel', 'already_booked')).toBeNull();
  });
});

describe('visit rows', () => {
  it('optimisticVisit follows the class row and keeps created_at of the same visit', () => {
    const before: Visit = { id: 77, state: 'booked', late_cancelled: false, offer_expires_at: null, created_at: min(-100), updated_at: min(-100), session: session({}, 'booked') };
    const after = applyBookingAction(session({}, 'booked'), 'cancel', { visitId: 77, now: NOW })!;
    expect(optimisticVisit(before, after, NOW.toISOString())).toMatchObject({ id: 77, state: 'cancelled', created_at: min(-100), updated_at: NOW.toISOString(), session: after });
    const made = applyBookingAction(session(), 'book', { visitId: -9, now: NOW })!;
    expect(optimisticVisit(null, made, NOW.toISOString())).toMatchObject({ id: -9, state: 'booked', created_at: NOW.toISOString() });
    expect(optimisticVisit(null, session(), NOW.toISOString())).toBeNull();
  });

  it("sessionOfVisit puts the visit's summary on its class", () => {
    const visit: Visit = { id: 3, state: 'waitlisted', late_cancelled: false, offer_expires_at: null, dropin: false, created_at: min(0), updated_at: min(0), session: session({}, 'cancelled', 2) };
    expect(sessionOfVisit(visit).visit).toEqual({ id: 3, state: 'waitlisted', late_cancelled: false, offer_expires_at: null, dropin: false });
  });
});
