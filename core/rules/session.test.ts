import { describe, expect, it } from 'vitest';
import {
  bookingBlock, canDropIn, canJoinWaitlist, dropInSpacesLeft, isBookable, isFinished, isInLateCancelWindow,
  isOnNow, isStarted, isWhiteboardVisible, type SessionFacts,
} from './session';
import type { VisitState } from '../contract/types';

const NOW = new Date('2026-11-22T10:00:00.000Z');
const min = (m: number) => new Date(NOW.getTime() + m * 60_000).toISOString();

/** A class starting in 3 h with booking open, cancellation closing 2 h before start. */
function session(over: Partial<SessionFacts> = {}, state?: VisitState): SessionFacts {
  return {
    start_date: min(180), end_date: min(240), booking_open_date: min(-7 * 24 * 60), booking_close_date: min(180),
    cancellation_close_date: min(60), cancelled: false, full: false, waitlists_on: true, dropin_spaces: 0,
    droppedin_count: 0, whiteboard_visibility: 'public', visit: state ? { state } : null, ...over,
  };
}

describe('started, finished and on now', () => {
  it('a class has started at its exact start time, not a millisecond before', () => {
    expect(isStarted(session({ start_date: NOW.toISOString() }), NOW)).toBe(true);
    expect(isStarted(session({ start_date: new Date(NOW.getTime() + 1).toISOString() }), NOW)).toBe(false);
  });
  it('has finished at its exact end time', () => {
    expect(isFinished(session({ start_date: min(-60), end_date: NOW.toISOString() }), NOW)).toBe(true);
  });
  it('is on now when started, not finished and not cancelled', () => {
    const running = session({ start_date: min(-15), end_date: min(45) });
    expect(isOnNow(running, NOW)).toBe(true);
    expect(isOnNow({ ...running, cancelled: true }, NOW)).toBe(false);
    expect(isOnNow(session(), NOW)).toBe(false);
    expect(isOnNow(session({ start_date: min(-60), end_date: NOW.toISOString() }), NOW)).toBe(false);
  });
});

describe('bookable', () => {
  it('is bookable with open booking and free places', () => {
    expect(isBookable(session(), NOW)).toBe(true);
    expect(bookingBlock(session(), NOW)).toBeNull();
  });
  it.each([
    ['booked', session({}, 'booked')],
    ['booked', session({}, 'attended')],
    ['pending', session({}, 'pending')],
    ['waitlisted', session({}, 'waitlisted')],
    ['cancelled', session({ cancelled: true })],
    ['finished', session({ start_date: min(-120), end_date: min(-60) })],
    ['in_progress', session({ start_date: NOW.toISOString(), end_date: min(60) })],
    ['closed', session({ booking_close_date: NOW.toISOString() })],
    ['not_open', session({ booking_open_date: min(1) })],
    ['full', session({ full: true })],
  ] as const)('is not bookable when %s', (reason, s) => {
    expect(isBookable(s, NOW)).toBe(false);
    expect(bookingBlock(s, NOW)).toBe(reason);
  });
  it('a cancelled visit does not stop booking again', () => {
    expect(isBookable(session({}, 'cancelled'), NOW)).toBe(true);
  });
  it('booking opens at its exact opening time', () => {
    expect(isBookable(session({ booking_open_date: NOW.toISOString() }), NOW)).toBe(true);
  });
});

describe('drop-in', () => {
  it('is possible when bookable and spaces remain', () => {
    expect(canDropIn(session({ dropin_spaces: 3, droppedin_count: 2 }), NOW)).toBe(true);
    expect(canDropIn(session({ dropin_spaces: 3, droppedin_count: 3 }), NOW)).toBe(false);
    expect(dropInSpacesLeft({ dropin_spaces: 3, droppedin_count: 1 })).toBe(2);
  });
  it('negative dropin_spaces means unlimited', () => {
    expect(canDropIn(session({ dropin_spaces: -1, droppedin_count: 500 }), NOW)).toBe(true);
    expect(dropInSpacesLeft({ dropin_spaces: -1, droppedin_count: 500 })).toBeNull();
  });
  it('zero spaces means no drop-in, and never when not bookable', () => {
    expect(canDropIn(session({ dropin_spaces: 0 }), NOW)).toBe(false);
    expect(canDropIn(session({ dropin_spaces: -1, full: true }), NOW)).toBe(false);
  });
});

describe('waitlist', () => {
  const full = { full: true };
  it('is allowed for a full class with waitlists on and booking open', () => {
    expect(canJoinWaitlist(session(full), NOW)).toBe(true);
    expect(canJoinWaitlist(session(full, 'cancelled'), NOW)).toBe(true);
  });
  it.each([
    ['waitlists off', session({ ...full, waitlists_on: false })],
    ['not full', session()],
    ['finished', session({ ...full, start_date: min(-120), end_date: min(-1) })],
    ['cancelled', session({ ...full, cancelled: true })],
    ['booking not open', session({ ...full, booking_open_date: min(10) })],
    ['booking closed', session({ ...full, booking_close_date: min(-1) })],
    ['already booked', session(full, 'booked')],
    ['already waitlisted', session(full, 'waitlisted')],
    ['offer pending', session(full, 'pending')],
  ] as const)('is not allowed when %s', (_why, s) => {
    expect(canJoinWaitlist(s, NOW)).toBe(false);
  });
});

describe('late cancel window', () => {
  it('runs from the cancellation-close time until the start', () => {
    expect(isInLateCancelWindow(session({ cancellation_close_date: NOW.toISOString() }), NOW)).toBe(true);
    expect(isInLateCancelWindow(session({ cancellation_close_date: min(1) }), NOW)).toBe(false);
    expect(isInLateCancelWindow(session({ cancellation_close_date: min(-60), start_date: NOW.toISOString() }), NOW)).toBe(false);
  });
});

describe('whiteboard visibility', () => {
  it('public is visible to everyone', () => {
    expect(isWhiteboardVisible(session({ whiteboard_visibility: 'public' }))).toBe(true);
  });
  it('attending is visible to booked or attended members only', () => {
    expect(isWhiteboardVisible(session({ whiteboard_visibility: 'attending' }))).toBe(false);
    expect(isWhiteboardVisible(session({ whiteboard_visibility: 'attending' }, 'booked'))).toBe(true);
    expect(isWhiteboardVisible(session({ whiteboard_visibility: 'attending' }, 'attended'))).toBe(true);
    expect(isWhiteboardVisible(session({ whiteboard_visibility: 'attending' }, 'waitlisted'))).toBe(false);
  });
  it('other is never shown', () => {
    expect(isWhiteboardVisible(session({ whiteboard_visibility: 'other' }, 'booked'))).toBe(false);
  });
});
