import { describe, expect, it } from 'vitest';
import { cancelKind, isCancelable, isConfirmable, isDeclinable, isRemovable, sessionActions } from './visit';
import type { SessionFacts } from './session';
import type { VisitState } from '../contract/types';

const NOW = new Date('2026-11-22T10:00:00.000Z');
const min = (m: number) => new Date(NOW.getTime() + m * 60_000).toISOString();

function session(over: Partial<SessionFacts> = {}, state?: VisitState): SessionFacts {
  return {
    start_date: min(180), end_date: min(240), booking_open_date: min(-10_000), booking_close_date: min(180),
    cancellation_close_date: min(60), cancelled: false, full: false, waitlists_on: true, dropin_spaces: 0,
    droppedin_count: 0, whiteboard_visibility: 'public', visit: state ? { state } : null, ...over,
  };
}
const visit = (state: VisitState, over: Partial<SessionFacts> = {}) => ({ state, session: session(over, state) });

describe('cancelable', () => {
  it('a booked visit before the start of a running class', () => {
    expect(isCancelable(visit('booked'), NOW)).toBe(true);
  });
  it('not at or after the exact start, not for a cancelled class, not in other states', () => {
    expect(isCancelable(visit('booked', { start_date: NOW.toISOString() }), NOW)).toBe(false);
    expect(isCancelable(visit('booked', { cancelled: true }), NOW)).toBe(false);
    for (const state of ['attended', 'waitlisted', 'pending', 'cancelled'] as const) expect(isCancelable(visit(state), NOW)).toBe(false);
  });
  it('uses the late-cancel call inside the window, which needs confirmation', () => {
    expect(cancelKind(visit('booked'), NOW)).toBe('cancel');
    expect(cancelKind(visit('booked', { cancellation_close_date: min(-1) }), NOW)).toBe('latecancel');
    expect(cancelKind(visit('booked', { cancellation_close_date: NOW.toISOString() }), NOW)).toBe('latecancel');
    expect(cancelKind(visit('waitlisted'), NOW)).toBeNull();
  });
});

describe('confirmable and declinable', () => {
  it('a pending offer until the class starts', () => {
    expect(isConfirmable(visit('pending'), NOW)).toBe(true);
    expect(isDeclinable(visit('pending'), NOW)).toBe(true);
    expect(isConfirmable(visit('pending', { start_date: NOW.toISOString() }), NOW)).toBe(false);
    expect(isConfirmable(visit('pending', { cancelled: true }), NOW)).toBe(false);
    expect(isConfirmable(visit('booked'), NOW)).toBe(false);
  });
});

describe('removable', () => {
  it('a waitlist place before the start of a running class', () => {
    expect(isRemovable(visit('waitlisted'), NOW)).toBe(true);
    expect(isRemovable(visit('waitlisted', { start_date: min(-1), end_date: min(59) }), NOW)).toBe(false);
    expect(isRemovable(visit('waitlisted', { cancelled: true }), NOW)).toBe(false);
    expect(isRemovable(visit('booked'), NOW)).toBe(false);
  });
});

describe('actions offered for a class', () => {
  it('book, plus drop-in where spaces remain', () => {
    expect(sessionActions(session(), NOW)).toEqual(['book']);
    expect(sessionActions(session({ dropin_spaces: -1 }), NOW)).toEqual(['book', 'dropin']);
  });
  it('waitlist when full', () => {
    expect(sessionActions(session({ full: true }), NOW)).toEqual(['waitlist']);
  });
  it('cancel or late cancel when booked', () => {
    expect(sessionActions(session({}, 'booked'), NOW)).toEqual(['cancel']);
    expect(sessionActions(session({ cancellation_close_date: min(-5) }, 'booked'), NOW)).toEqual(['latecancel']);
  });
  it('confirm and decline an offer; remove a waitlist place', () => {
    expect(sessionActions(session({ full: true }, 'pending'), NOW)).toEqual(['confirm', 'decline']);
    expect(sessionActions(session({ full: true }, 'waitlisted'), NOW)).toEqual(['remove']);
  });
  it('nothing for a cancelled or finished class', () => {
    expect(sessionActions(session({ cancelled: true }, 'booked'), NOW)).toEqual([]);
    expect(sessionActions(session({ start_date: min(-120), end_date: min(-60) }, 'attended'), NOW)).toEqual([]);
  });
});
