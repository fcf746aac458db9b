import { describe, expect, it } from 'vitest';
import { addDaysToKey, dayKeyIn, daySpanIn, daysFrom, groupByDay, groupByYear, startOfDayIn } from './timetable';

const NZ = 'Pacific/Auckland';

describe('timetable days in the facility time zone', () => {
  it('keys an instant by the calendar day where the facility is', () => {
    // 11:30 UTC on the 22nd is 00:30 on the 23rd in Auckland (NZDT, +13).
    expect(dayKeyIn('2026-11-22T11:30:00Z', NZ)).toBe('2026-11-23');
    expect(dayKeyIn('2026-11-22T11:30:00Z', 'Europe/Tallinn')).toBe('2026-11-22');
  });
  it('finds local midnight as an instant', () => {
    expect(startOfDayIn('2026-11-23', NZ).toISOString()).toBe('2026-11-22T11:00:00.000Z');
  });
  it('adds days across a daylight-saving change without drifting', () => {
    expect(addDaysToKey('2026-04-04', 1, NZ)).toBe('2026-04-05');
    expect(addDaysToKey('2026-12-31', 1, NZ)).toBe('2027-01-01');
  });
  it('seven days from a day span [local midnight, local midnight after the last)', () => {
    const week = daysFrom('2026-11-23', 7, NZ);
    expect(week.days).toEqual(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29']);
    expect(week.from).toBe('2026-11-22T11:00:00.000Z');
    expect(week.to).toBe('2026-11-29T11:00:00.000Z');
  });
});

describe('grouping', () => {
  it('puts a day header before the first class of each day', () => {
    const items = [
      { id: 1, start_date: '2026-11-22T18:00:00Z' },
      { id: 2, start_date: '2026-11-22T20:00:00Z' },
      { id: 3, start_date: '2026-11-23T19:00:00Z' },
    ];
    expect(groupByDay(items, NZ).map((r) => (r.kind === 'day' ? r.day : r.item.id))).toEqual(['2026-11-23', 1, 2, '2026-11-24', 3]);
    expect(groupByDay([], NZ)).toEqual([]);
  });
  it('groups a history by year', () => {
    const items = [{ at: '2027-01-02T00:00:00Z' }, { at: '2026-12-30T00:00:00Z' }, { at: '2026-03-01T00:00:00Z' }];
    expect(groupByYear(items, (i) => i.at, NZ).map((g) => [g.year, g.items.length])).toEqual([['2027', 1], ['2026', 2]]);
  });
});

describe('grouping within a known range', () => {
  it('finds each day by local midnight and agrees with formatting in the zone', async () => {
    const range = daysFrom('2026-11-23', 3, NZ);
    const items = [
      { id: 1, start_date: '2026-11-22T11:00:00.000Z' }, // 00:00 on the 23rd in Auckland
      { id: 2, start_date: '2026-11-23T10:59:59.999Z' }, // 23:59 on the 23rd
      { id: 3, start_date: '2026-11-23T11:00:00.000Z' }, // 00:00 on the 24th
      { id: 4, start_date: '2026-11-25T20:00:00.000Z' }, // after the range: formatted
    ];
    const fast = groupByDay(items, NZ, range).map((r) => (r.kind === 'day' ? r.day : r.item.id));
    expect(fast).toEqual(['2026-11-23', 1, 2, '2026-11-24', 3, '2026-11-26', 4]);
    expect(fast).toEqual(groupByDay(items, NZ).map((r) => (r.kind === 'day' ? r.day : r.item.id)));
  });
});

describe('daySpanIn', () => {
  // Around the 2026 clock changes in both zones, each side of midnight.
  const zones = ['Pacific/Auckland', 'Europe/Tallinn', 'Australia/Lord_Howe', 'UTC'];
  const from = Date.parse('2026-03-27T00:00:00Z');
  const to = Date.parse('2026-04-07T00:00:00Z');

  it.each(zones)('names the day of the instant and a span that stays inside that day (%s)', (zone) => {
    for (let at = from; at < to; at += 37 * 60_000) {
      const span = daySpanIn(at, zone);
      expect(span.key).toBe(dayKeyIn(new Date(at), zone));
      expect(span.start).toBeLessThanOrEqual(span.end);
      for (const edge of [span.start, span.end - 1]) expect(dayKeyIn(new Date(edge), zone)).toBe(span.key);
    }
  });
});
