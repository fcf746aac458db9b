import { describe, expect, it } from 'vitest';
import { reasonOfCode, whyNotBookable } from './bookability';
import type { SessionFacts } from './session';
import type { VisitState } from '../contract/types';

const NOW = new Date('2026-11-22T10:00:00.000Z');
const min = (m: number) => new Date(NOW.getTime() + m * 60_000).toISOString();

function session(over: Partial<SessionFacts> = {}, state?: VisitState): SessionFacts {
  return {
    start_date: min(180), end_date: min(240), booking_open_date: min(-7 * 24 * 60), booking_close_date: min(180),
    cancellation_close_date: min(60), cancelled: false, full: false, waitlists_on: true, dropin_spaces: 0,
    droppedin_count: 0, whiteboard_visibility: 'public', visit: state ? { state } : null, ...over,
  };
}

describe('why can’t I book', () => {
  it('nothing blocks an open class with free places', () => {
    expect(whyNotBookable(session(), NOW)).toBeNull();
  });
  it('not open yet: says when, and offers a reminder', () => {
    expect(whyNotBookable(session({ booking_open_date: min(60) }), NOW)).toEqual({ reason: 'not_open', way: 'remind', opensAt: min(60) });
  });
  it('full with a waitlist: join the waitlist; without one: pick another class', () => {
    expect(whyNotBookable(session({ full: true }), NOW)).toEqual({ reason: 'full', way: 'waitlist' });
    expect(whyNotBookable(session({ full: true, waitlists_on: false }), NOW)).toEqual({ reason: 'full', way: 'timetable' });
  });
  it('closed, started, finished and cancelled: pick another class', () => {
    expect(whyNotBookable(session({ booking_close_date: min(-1) }), NOW)).toEqual({ reason: 'closed', way: 'timetable' });
    expect(whyNotBookable(session({ start_date: min(-10), end_date: min(50) }), NOW)).toEqual({ reason: 'in_progress', way: 'timetable' });
    expect(whyNotBookable(session({ start_date: min(-70), end_date: min(-10) }), NOW)).toEqual({ reason: 'finished', way: 'timetable' });
    expect(whyNotBookable(session({ cancelled: true }), NOW)).toEqual({ reason: 'cancelled', way: 'timetable' });
  });
  it('already booked or waitlisted: nothing to do; a place offered: answer it', () => {
    expect(whyNotBookable(session({}, 'booked'), NOW)).toEqual({ reason: 'booked', way: null });
    expect(whyNotBookable(session({}, 'waitlisted'), NOW)).toEqual({ reason: 'waitlisted', way: null });
    expect(whyNotBookable(session({}, 'pending'), NOW)).toEqual({ reason: 'pending', way: 'respond' });
  });
  it('no membership or pass covers it: blocks only where casual visits are not allowed, and offers to buy one', () => {
    expect(whyNotBookable(session(), NOW, { target: { kind: 'casual' } })).toBeNull();
    expect(whyNotBookable(session(), NOW, { target: { kind: 'casual' }, casualAllowed: false })).toEqual({ reason: 'no_concession', way: 'buy' });
    expect(whyNotBookable(session(), NOW, { target: { kind: 'pass', id: 1 }, casualAllowed: false })).toBeNull();
  });
  it('the class’s own state comes before the concession', () => {
    expect(whyNotBookable(session({ full: true }), NOW, { target: { kind: 'casual' }, casualAllowed: false })?.reason).toBe('full');
  });
  it('server refusals map to the same reasons', () => {
    expect(reasonOfCode('booking_not_open')).toBe('not_open');
    expect(reasonOfCode('class_full')).toBe('full');
    expect(reasonOfCode('no_concession')).toBe('no_concession');
    expect(reasonOfCode('already_booked')).toBe('booked');
    expect(reasonOfCode('card_declined')).toBeNull();
  });
});
