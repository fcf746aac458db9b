import { describe, expect, it } from 'vitest';
import { firstWeek, isOccurrence, weeklySlot } from './recurring';
import type { SessionFacts } from './session';

const TZ = 'Pacific/Auckland';

describe('the same class every week', () => {
  it('is named by its local weekday and start time in the facility’s time zone', () => {
    // 17:30 UTC on a Monday is 06:30 on Tuesday in Auckland (NZDT, +13).
    expect(weeklySlot('2026-11-23T17:30:00.000Z', TZ)).toEqual({ weekday: 2, local_time: '06:30' });
  });
  it('keeps its local time across a daylight-saving change', () => {
    const series = { name: 'CrossFit', from_at: '2026-03-30T17:30:00.000Z', ...weeklySlot('2026-03-30T17:30:00.000Z', TZ) };
    // NZ daylight saving ends on 5 April 2026: a week later 06:30 local is 18:30 UTC.
    expect(isOccurrence(series, { name: 'CrossFit', start_date: '2026-04-06T18:30:00.000Z' }, TZ)).toBe(true);
    expect(isOccurrence(series, { name: 'CrossFit', start_date: '2026-04-06T17:30:00.000Z' }, TZ)).toBe(false);
  });
  it('another class name, another weekday or an earlier class is not an occurrence', () => {
    const series = { name: 'Yoga Flow', from_at: '2026-11-23T17:30:00.000Z', ...weeklySlot('2026-11-23T17:30:00.000Z', TZ) };
    expect(isOccurrence(series, { name: 'Yoga Flow', start_date: '2026-11-30T17:30:00.000Z' }, TZ)).toBe(true);
    expect(isOccurrence(series, { name: 'Pilates', start_date: '2026-11-30T17:30:00.000Z' }, TZ)).toBe(false);
    expect(isOccurrence(series, { name: 'Yoga Flow', start_date: '2026-12-01T17:30:00.000Z' }, TZ)).toBe(false);
    expect(isOccurrence(series, { name: 'Yoga Flow', start_date: '2026-11-16T17:30:00.000Z' }, TZ)).toBe(false);
  });
});

describe('what “Book every week” does with the class it is made from', () => {
  const now = new Date('2026-11-20T00:00:00.000Z');
  const facts = (over: Partial<SessionFacts> = {}): SessionFacts => ({
    start_date: '2026-11-23T17:30:00.000Z', end_date: '2026-11-23T18:30:00.000Z', booking_open_date: '2026-11-16T17:30:00.000Z',
    booking_close_date: '2026-11-23T17:30:00.000Z', cancellation_close_date: '2026-11-23T15:30:00.000Z', cancelled: false, full: false,
    waitlists_on: true, dropin_spaces: 0, droppedin_count: 0, whiteboard_visibility: 'public', visit: null, ...over,
  });

  it('books it now when booking is open, joins its waitlist when it is full', () => {
    expect(firstWeek(facts(), now)).toEqual({ attempt: true, outcome: 'booked' });
    expect(firstWeek(facts({ full: true }), now)).toEqual({ attempt: true, outcome: 'waitlisted' });
  });

  it('full without a waitlist, or a place already held: tried now, not booked again', () => {
    expect(firstWeek(facts({ full: true, waitlists_on: false }), now)).toEqual({ attempt: true, outcome: 'class_full' });
    expect(firstWeek(facts({ visit: { state: 'booked' } }), now)).toEqual({ attempt: true, outcome: 'already' });
    expect(firstWeek(facts({ visit: { state: 'waitlisted' } }), now)).toEqual({ attempt: true, outcome: 'already' });
  });

  it('booking not open yet: left to the weekly run, which books it when booking opens', () => {
    expect(firstWeek(facts({ booking_open_date: '2026-11-21T17:30:00.000Z' }), now)).toEqual({ attempt: false, outcome: 'booking_not_open' });
  });

  it('closed, started, finished or cancelled: not this week (the series starts with the next)', () => {
    expect(firstWeek(facts({ booking_close_date: '2026-11-19T00:00:00.000Z' }), now)).toEqual({ attempt: false, outcome: 'booking_closed' });
    expect(firstWeek(facts({ cancelled: true }), now)).toEqual({ attempt: false, outcome: 'class_cancelled' });
    expect(firstWeek(facts(), new Date('2026-11-23T17:45:00.000Z'))).toEqual({ attempt: false, outcome: 'class_started' });
    expect(firstWeek(facts(), new Date('2026-11-23T19:00:00.000Z'))).toEqual({ attempt: false, outcome: 'class_finished' });
  });
});
