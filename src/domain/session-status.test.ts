import { describe, expect, it } from 'vitest';
import { sessionStatus, visitLabel } from './session-status';
import type { SessionFacts } from '../../core/rules/session';
import { sessionActions } from '../../core/rules/visit';
import type { VisitState } from '../../core/contract/types';

const NOW = new Date('2026-11-22T10:00:00.000Z');
const min = (m: number) => new Date(NOW.getTime() + m * 60_000).toISOString();
const session = (over: Partial<SessionFacts> = {}, state?: VisitState): SessionFacts => ({
  start_date: min(180), end_date: min(240), booking_open_date: min(-10_000), booking_close_date: min(180),
  cancellation_close_date: min(60), cancelled: false, full: false, waitlists_on: true, dropin_spaces: 0,
  droppedin_count: 0, whiteboard_visibility: 'public', visit: state ? { state } : null, ...over,
});
const codes = (s: SessionFacts) => sessionStatus(s, NOW).map((l) => l.code);

describe('class status labels', () => {
  it('an open class with free places has no labels', () => {
    expect(codes(session())).toEqual([]);
  });
  it('shows the member state first', () => {
    expect(codes(session({}, 'booked'))).toEqual(['booked']);
    expect(codes(session({ full: true }, 'waitlisted'))).toEqual(['waitlisted', 'fullWaitlist']);
    expect(codes(session({ full: true }, 'pending'))).toEqual(['pending', 'fullWaitlist']);
  });
  it('cancelled, on now and finished end the list', () => {
    expect(codes(session({ cancelled: true, full: true }, 'booked'))).toEqual(['booked', 'cancelled']);
    expect(codes(session({ start_date: min(-10), end_date: min(50) }))).toEqual(['onNow']);
    expect(codes(session({ start_date: min(-120), end_date: min(-60) }, 'attended'))).toEqual(['attended', 'finished']);
  });
  it('full with and without a waitlist', () => {
    expect(codes(session({ full: true }))).toEqual(['fullWaitlist']);
    expect(codes(session({ full: true, waitlists_on: false }))).toEqual(['full']);
  });
  it('drop-in spaces, limited and unlimited', () => {
    expect(sessionStatus(session({ dropin_spaces: 3, droppedin_count: 1 }), NOW)).toEqual([{ code: 'dropinSpaces', tone: 'info', count: 2 }]);
    expect(codes(session({ dropin_spaces: -1 }))).toEqual(['dropinUnlimited']);
    expect(codes(session({ dropin_spaces: 3, droppedin_count: 3 }))).toEqual([]);
  });
  it('drop-in spaces show only where the member can drop in, as the Drop in button does', () => {
    const spaces = { dropin_spaces: 2 };
    // Full: a drop-in takes a place, and none is left.
    expect(codes(session({ ...spaces, full: true }))).toEqual(['fullWaitlist']);
    expect(codes(session({ ...spaces, full: true, waitlists_on: false }))).toEqual(['full']);
    expect(codes(session({ dropin_spaces: -1, full: true, waitlists_on: false }))).toEqual(['full']);
    expect(codes(session({ ...spaces, booking_open_date: min(60) }))).toEqual(['notOpen']);
    expect(codes(session({ ...spaces, booking_close_date: min(-1) }))).toEqual(['closed']);
    expect(codes(session({ ...spaces }, 'booked'))).toEqual(['booked']);
    for (const s of [session({ ...spaces }), session({ ...spaces, full: true }), session({ ...spaces, booking_open_date: min(60) }), session({ ...spaces }, 'booked'), session({ dropin_spaces: -1 })]) {
      expect(codes(s).some((c) => c === 'dropinSpaces' || c === 'dropinUnlimited')).toBe(sessionActions(s, NOW).includes('dropin'));
    }
  });
  it('booking not yet open carries the opening time; closed says so', () => {
    expect(sessionStatus(session({ booking_open_date: min(60) }), NOW)).toEqual([{ code: 'notOpen', tone: 'muted', at: min(60) }]);
    expect(codes(session({ booking_close_date: min(-1) }))).toEqual(['closed']);
  });
});

describe('visitLabel', () => {
  it('gives a visit one label, and a class the studio cancelled only "class cancelled"', () => {
    expect(visitLabel('booked', false)).toEqual({ code: 'booked', tone: 'success' });
    expect(visitLabel('cancelled', false)).toEqual({ code: 'cancelled', tone: 'muted' });
    expect(visitLabel('cancelled', true)).toEqual({ code: 'classCancelled', tone: 'danger' });
    expect(visitLabel('booked', true)).toEqual({ code: 'classCancelled', tone: 'danger' });
  });
  it('a late cancel is one label, "late cancelled", never "cancelled" and "late cancelled"', () => {
    expect(visitLabel('cancelled', false, true)).toEqual({ code: 'lateCancelled', tone: 'muted' });
    expect(visitLabel('cancelled', false, false)).toEqual({ code: 'cancelled', tone: 'muted' });
    expect(visitLabel('cancelled', true, true)).toEqual({ code: 'classCancelled', tone: 'danger' });
  });
});
