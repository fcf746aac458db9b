import { describe, expect, it } from 'vitest';
import type { SessionFacts } from '../../core/rules/session';
import { seriesOfClass, weekStanding } from './every-week';

const now = new Date('2026-11-20T00:00:00.000Z');
const facts = (over: Partial<SessionFacts> = {}): SessionFacts & { id: number } => ({
  id: 7, start_date: '2026-11-23T17:30:00.000Z', end_date: '2026-11-23T18:30:00.000Z', booking_open_date: '2026-11-16T17:30:00.000Z',
  booking_close_date: '2026-11-23T17:30:00.000Z', cancellation_close_date: '2026-11-23T15:30:00.000Z', cancelled: false, full: false,
  waitlists_on: true, dropin_spaces: 0, droppedin_count: 0, whiteboard_visibility: 'public', visit: null, ...over,
});

describe('how this week stands for a class booked every week', () => {
  it('booked or waitlisted: as the member’s visit says, whoever booked it', () => {
    expect(weekStanding(facts({ visit: { state: 'booked' } }), null, now)).toEqual({ kind: 'booked' });
    expect(weekStanding(facts({ visit: { state: 'attended' } }), null, now)).toEqual({ kind: 'booked' });
    expect(weekStanding(facts({ visit: { state: 'waitlisted' } }), { session_id: 7, outcome: 'waitlisted' }, now)).toEqual({ kind: 'waitlisted' });
  });

  it('not booked: why, from the series’ try at this class', () => {
    expect(weekStanding(facts(), { session_id: 7, outcome: 'no_concession' }, now)).toEqual({ kind: 'not_booked', outcome: 'no_concession' });
    expect(weekStanding(facts(), { session_id: 7, outcome: 'class_full' }, now)).toEqual({ kind: 'not_booked', outcome: 'class_full' });
    // A place the member had given up before is no answer: the try is.
    expect(weekStanding(facts({ visit: { state: 'cancelled' } }), { session_id: 7, outcome: 'no_concession' }, now)).toEqual({ kind: 'not_booked', outcome: 'no_concession' });
    // Another week's try says nothing about this one.
    expect(weekStanding(facts(), { session_id: 8, outcome: 'no_concession' }, now)).toBeNull();
  });

  it('booking not open yet: booked for the member when it opens', () => {
    expect(weekStanding(facts({ booking_open_date: '2026-11-21T17:30:00.000Z' }), null, now)).toEqual({ kind: 'when_open', opensAt: '2026-11-21T17:30:00.000Z' });
  });

  it('nothing to say: a place given up since, an offer (its own prompt), or a class the series did not try', () => {
    expect(weekStanding(facts({ visit: { state: 'cancelled' } }), { session_id: 7, outcome: 'booked' }, now)).toBeNull();
    expect(weekStanding(facts({ visit: { state: 'pending' } }), null, now)).toBeNull();
    expect(weekStanding(facts(), null, now)).toBeNull();
  });
});

describe('the weekly booking of a class', () => {
  // Saturday 28 November 2026, 12:00 in Auckland (Friday 23:00 in UTC).
  const hiit = { id: 9, facility_guid: 'fac-1', name: 'HIIT', start_date: '2026-11-27T23:00:00.000Z' };
  const series = (weekday: number, local_time: string, last: number | null) => ({ facility_guid: 'fac-1', name: 'HIIT', weekday, local_time, last: last === null ? null : { session_id: last } });

  it('is the one that last tried this very class, even when guessed in another zone', () => {
    const guessedInUtc = series(5, '23:00', 9);
    expect(seriesOfClass([series(1, '06:00', null), guessedInUtc], hiit, 'Pacific/Auckland')).toBe(guessedInUtc);
  });

  it('else the one on its facility, name and local weekday and time; none for another slot', () => {
    const saturdayNoon = series(6, '12:00', null);
    expect(seriesOfClass([series(6, '13:00', null), saturdayNoon], hiit, 'Pacific/Auckland')).toBe(saturdayNoon);
    expect(seriesOfClass([series(6, '13:00', null)], hiit, 'Pacific/Auckland')).toBeUndefined();
  });
});
