import { describe, expect, it } from 'vitest';
import { isOccurrence, weeklySlot } from './recurring';

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
