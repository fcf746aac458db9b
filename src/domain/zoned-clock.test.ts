import { TZDate } from '@date-fns/tz';
import { describe, expect, it } from 'vitest';
import { startOfDayIn } from './timetable';
import { instantOf, keyOf, wallClockIn, weekdayOf } from './zoned-clock';

const iso = (t: number) => new Date(t).toISOString();
const MINUTE = 60_000;

// Around each of the zone's 2026 clock changes (a day either side), every 7 minutes.
const CHANGES: Record<string, string[]> = {
  'Pacific/Auckland': ['2026-04-05', '2026-09-27'],
  'Europe/Paris': ['2026-03-29', '2026-10-25'],
  'Australia/Lord_Howe': ['2026-04-05', '2026-10-04'], // half-hour changes
  'America/Santiago': ['2026-04-05', '2026-09-06'], // at midnight
  UTC: ['2026-03-29'],
};
const walk = (day: string) => {
  const out: number[] = [];
  for (let t = Date.parse(`${day}T00:00:00Z`) - 36 * 60 * MINUTE; t < Date.parse(`${day}T00:00:00Z`) + 36 * 60 * MINUTE; t += 7 * MINUTE) out.push(t);
  return out;
};

describe('wallClockIn', () => {
  it.each(Object.keys(CHANGES))('shows what a zoned date shows, through the clock changes (%s)', (zone) => {
    for (const t of CHANGES[zone]!.flatMap(walk)) {
      const z = new TZDate(t + 13_000, zone);
      const c = wallClockIn(t + 13_000, zone);
      expect([c.year, c.month, c.day, c.hour, c.minute, c.second, c.weekday], iso(t)).toEqual([z.getFullYear(), z.getMonth() + 1, z.getDate(), z.getHours(), z.getMinutes(), z.getSeconds(), z.getDay()]);
    }
  });

  it('names weekdays and keys days', () => {
    expect(weekdayOf(2026, 11, 24)).toBe(2);
    expect(keyOf(wallClockIn(Date.parse('2026-11-22T11:30:00Z'), 'Pacific/Auckland'))).toBe('2026-11-23');
    expect(() => wallClockIn(0, 'Not/AZone')).toThrow(RangeError);
  });
});

describe('instantOf', () => {
  it.each(Object.keys(CHANGES))('gives back the instant a wall clock shows, its first showing in an overlap (%s)', (zone) => {
    for (const t of CHANGES[zone]!.flatMap(walk)) {
      const c = wallClockIn(t, zone);
      const back = instantOf(c.year, c.month, c.day, c.hour, c.minute, zone);
      expect(wallClockIn(back, zone), iso(t)).toEqual(c);
      // The same instant, or the first showing of a time shown twice (at most an hour earlier).
      expect(back === t || (back < t && back >= t - 60 * MINUTE), iso(t)).toBe(true);
    }
  });

  it('reads a time the clocks skip with the offset before the change; a time shown twice is its first showing', () => {
    // Auckland: 02:00 NZST → 03:00 NZDT on 27 September, 03:00 NZDT → 02:00 NZST on 5 April.
    expect(iso(instantOf(2026, 9, 27, 2, 30, 'Pacific/Auckland'))).toBe('2026-09-26T14:30:00.000Z'); // shown as 03:30
    expect(iso(instantOf(2026, 4, 5, 2, 30, 'Pacific/Auckland'))).toBe('2026-04-04T13:30:00.000Z'); // NZDT
    expect(iso(instantOf(2026, 3, 29, 2, 30, 'Europe/Paris'))).toBe('2026-03-29T01:30:00.000Z'); // shown as 03:30
    expect(iso(instantOf(2026, 10, 25, 2, 30, 'Europe/Paris'))).toBe('2026-10-25T00:30:00.000Z'); // CEST
    expect(iso(instantOf(2026, 10, 4, 2, 15, 'Australia/Lord_Howe'))).toBe('2026-10-03T15:45:00.000Z'); // half-hour gap: 02:45
    expect(iso(instantOf(2026, 11, 24, 7, 30, 'UTC'))).toBe('2026-11-24T07:30:00.000Z');
  });

  it('starts a day whose midnight is skipped when the clocks jump (Santiago, 24:00 → 01:00)', () => {
    expect(startOfDayIn('2026-09-06', 'America/Santiago').toISOString()).toBe('2026-09-06T04:00:00.000Z');
    expect(wallClockIn(Date.parse('2026-09-06T04:00:00Z'), 'America/Santiago')).toMatchObject({ day: 6, hour: 1, minute: 0 });
    // The day before ends there: its last minute is 23:59 at -04.
    expect(iso(instantOf(2026, 9, 5, 23, 59, 'America/Santiago'))).toBe('2026-09-06T03:59:00.000Z');
    // 5 April: 24:00 → 23:00, so 23:00–24:00 of the 4th is shown twice and midnight once.
    expect(startOfDayIn('2026-04-05', 'America/Santiago').toISOString()).toBe('2026-04-05T04:00:00.000Z');
  });
});
