import { describe, expect, it } from 'vitest';
import type { VisitState } from '../../../core/contract/types';
import { canDropIn, canJoinWaitlist, isBookable, isInLateCancelWindow, type SessionFacts } from '../../../core/rules/session';
import { isCancelable, isConfirmable, isRemovable } from '../../../core/rules/visit';
import { bookBreach, cancelBreach, confirmBreach, declineBreach, dropInBreach, lateCancelBreach, waitlistBreach } from './rules';
import { sessionRange } from './range';

const NOW = new Date('2026-03-10T10:00:00.000Z');
const min = (m: number) => new Date(NOW.getTime() + m * 60_000).toISOString();

describe('GET /sessions range', () => {
  const tz = 'Pacific/Auckland';
  it('defaults to 7 days from the start of today in the facility’s time zone', () => {
    // 10:00Z on 10 March is 23:00 on 10 March in Auckland (NZDT, +13).
    expect(sessionRange({}, tz, NOW)).toEqual({ ok: true, from: new Date('2026-03-09T11:00:00.000Z'), to: new Date('2026-03-16T11:00:00.000Z') });
  });
  it('reads dates as local midnight and keeps calendar days across DST', () => {
    // NZ daylight saving ends on 5 April 2026: midnight moves from 11:00Z to 12:00Z.
    expect(sessionRange({ start_date: '2026-04-01' }, tz, NOW)).toEqual({ ok: true, from: new Date('2026-03-31T11:00:00.000Z'), to: new Date('2026-04-07T12:00:00.000Z') });
    expect(sessionRange({ start_date: '2026-04-01T00:00:00Z', end_date: '2026-04-02T00:00:00+02:00' }, tz, NOW)).toEqual({ ok: true, from: new Date('2026-04-01T00:00:00Z'), to: new Date('2026-04-01T22:00:00Z') });
  });
  it('caps the range at 62 days and wants end after start', () => {
    expect(sessionRange({ start_date: '2026-03-01', end_date: '2026-05-02' }, tz, NOW)).toMatchObject({ ok: true });
    expect(sessionRange({ start_date: '2026-03-01', end_date: '2026-05-03' }, tz, NOW)).toMatchObject({ ok: false, code: 'range_too_long' });
    expect(sessionRange({ start_date: '2026-03-02', end_date: '2026-03-01' }, tz, NOW)).toMatchObject({ ok: false, code: 'invalid_range' });
  });
  it('answers a week asked again the same, per zone, whatever a caller did with the last answer', () => {
    const week = { start_date: '2026-04-01', end_date: '2026-04-08' };
    const first = sessionRange(week, tz, NOW);
    if (!first.ok) throw new Error('a valid week');
    first.from.setFullYear(1999);
    expect(sessionRange(week, tz, NOW)).toEqual({ ok: true, from: new Date('2026-03-31T11:00:00.000Z'), to: new Date('2026-04-07T12:00:00.000Z') });
    expect(sessionRange(week, 'Europe/Tallinn', NOW)).toEqual({ ok: true, from: new Date('2026-03-31T21:00:00.000Z'), to: new Date('2026-04-07T21:00:00.000Z') });
    expect(sessionRange({ start_date: '2026-03-02', end_date: '2026-03-01' }, tz, NOW)).toMatchObject({ ok: false, code: 'invalid_range' });
  });
});

// The server's 409 reasons must agree exactly with the app's rules: no breach ⇔ the rule allows it.
describe('409 reasons agree with src/domain', () => {
  const times = {
    notOpen: { booking_open_date: min(10), start_date: min(60 * 24), end_date: min(60 * 25), booking_close_date: min(60 * 24), cancellation_close_date: min(60 * 22) },
    open: { booking_open_date: min(-10), start_date: min(300), end_date: min(360), booking_close_date: min(300), cancellation_close_date: min(180) },
    lateWindow: { booking_open_date: min(-10), start_date: min(60), end_date: min(120), booking_close_date: min(60), cancellation_close_date: min(-60) },
    closed: { booking_open_date: min(-100), start_date: min(30), end_date: min(90), booking_close_date: min(-5), cancellation_close_date: min(-90) },
    started: { booking_open_date: min(-100), start_date: min(-10), end_date: min(50), booking_close_date: min(-10), cancellation_close_date: min(-130) },
    finished: { booking_open_date: min(-300), start_date: min(-120), end_date: min(-60), booking_close_date: min(-120), cancellation_close_date: min(-240) },
  };
  const states: (VisitState | null)[] = [null, 'booked', 'attended', 'waitlisted', 'pending', 'cancelled'];
  const cases: SessionFacts[] = [];
  for (const t of Object.values(times))
    for (const state of states)
      for (const cancelled of [false, true])
        for (const full of [false, true])
          for (const waitlists_on of [false, true])
            for (const [dropin_spaces, droppedin_count] of [[0, 0], [2, 1], [2, 2], [-1, 5]] as const)
              cases.push({ ...t, cancelled, full, waitlists_on, dropin_spaces, droppedin_count, whiteboard_visibility: 'public', visit: state ? { state } : null });

  it(`for booking, drop-in and waitlist (${cases.length} cases)`, () => {
    for (const s of cases) {
      expect(bookBreach(s, NOW) === null, JSON.stringify(s)).toBe(isBookable(s, NOW));
      expect(dropInBreach(s, NOW) === null, JSON.stringify(s)).toBe(canDropIn(s, NOW));
      expect(waitlistBreach(s, NOW) === null, JSON.stringify(s)).toBe(canJoinWaitlist(s, NOW));
    }
  });

  it('for cancel, late cancel, confirm and decline', () => {
    for (const s of cases) {
      if (!s.visit) continue;
      for (const offer_expires_at of [null, min(30), min(-1)]) {
        const v = { state: s.visit.state, session: s, offer_expires_at, offer_expired: false };
        const late = isInLateCancelWindow(s, NOW);
        expect(cancelBreach(v, NOW) === null).toBe((isCancelable(v, NOW) && !late) || isRemovable(v, NOW));
        expect(lateCancelBreach(v, NOW) === null).toBe(isCancelable(v, NOW) && late);
        const lapsed = offer_expires_at !== null && offer_expires_at <= NOW.toISOString();
        expect(confirmBreach(v, NOW) === null).toBe(isConfirmable(v, NOW) && !lapsed);
        expect(declineBreach(v, NOW) === null).toBe(isConfirmable(v, NOW) && !lapsed);
      }
    }
  });

  it('names the reasons with stable codes', () => {
    const open = { ...times.open, cancelled: false, full: false, waitlists_on: true, dropin_spaces: 0, droppedin_count: 0, whiteboard_visibility: 'public' as const, visit: null };
    expect(bookBreach({ ...open, booking_open_date: min(5) }, NOW)).toEqual({ code: 'booking_not_open', message: `Booking for this class opens at ${min(5)}.` });
    expect(dropInBreach(open, NOW)?.code).toBe('no_dropin_space');
    expect(waitlistBreach({ ...open, full: true, waitlists_on: false }, NOW)?.code).toBe('waitlist_unavailable');
    const booked = { state: 'booked' as const, session: { ...open, ...times.lateWindow }, offer_expires_at: null, offer_expired: false };
    expect(cancelBreach(booked, NOW)?.code).toBe('late_cancel_required');
    expect(lateCancelBreach({ ...booked, session: open }, NOW)?.code).toBe('late_cancel_not_needed');
    expect(confirmBreach({ ...booked, state: 'cancelled', offer_expired: true }, NOW)?.code).toBe('offer_expired');
    expect(confirmBreach({ ...booked, state: 'pending', session: { ...open, cancelled: true } }, NOW)?.code).toBe('class_cancelled');
    expect(cancelBreach({ ...booked, state: 'waitlisted', session: { ...open, ...times.started } }, NOW)?.code).toBe('not_removable');
  });
});
