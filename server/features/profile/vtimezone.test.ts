import { describe, expect, it } from 'vitest';
import { vtimezone } from './vtimezone';

describe('vtimezone', () => {
  it('writes the offset in force at the start and each change in the window, with local start times', () => {
    const text = vtimezone('Europe/Tallinn', new Date('2026-10-01T00:00:00Z'), new Date('2027-06-01T00:00:00Z'));
    expect(text.split('\r\n')).toEqual([
      'BEGIN:VTIMEZONE', 'TZID:Europe/Tallinn',
      'BEGIN:DAYLIGHT', 'DTSTART:20261001T000000', 'TZOFFSETFROM:+0300', 'TZOFFSETTO:+0300', 'END:DAYLIGHT',
      // 04:00 summer time, clocks back to 03:00; then 03:00 winter time, forward to 04:00.
      'BEGIN:STANDARD', 'DTSTART:20261025T040000', 'TZOFFSETFROM:+0300', 'TZOFFSETTO:+0200', 'END:STANDARD',
      'BEGIN:DAYLIGHT', 'DTSTART:20270328T030000', 'TZOFFSETFROM:+0200', 'TZOFFSETTO:+0300', 'END:DAYLIGHT',
      'END:VTIMEZONE',
    ]);
  });

  it('handles a zone without summer time and negative offsets', () => {
    expect(vtimezone('America/Phoenix', new Date('2026-01-01T00:00:00Z'), new Date('2026-12-31T00:00:00Z'))).toContain('TZOFFSETTO:-0700');
    expect(vtimezone('Asia/Kolkata', new Date('2026-01-01T00:00:00Z'), new Date('2026-12-31T00:00:00Z')).match(/BEGIN:STANDARD/g)).toHaveLength(1);
  });
});

// Each change at the exact minute the zone's law says, whenever the feed is fetched: the scan once
// kept the minutes (and seconds) of the window's start, so a fetch at 21:38 UTC moved Auckland's
// 03:00 change to 03:38. The window is the feed's: 30 days back, 180 ahead.
describe('vtimezone changes, whenever the feed is fetched', () => {
  const window = (at: string) => [new Date(Date.parse(at) - 30 * 86_400_000), new Date(Date.parse(at) + 180 * 86_400_000)] as const;
  /** DTSTART (local wall clock before the change), TZOFFSETFROM, TZOFFSETTO of each change in the window. */
  const changes = (text: string) =>
    text
      .split('BEGIN:')
      .slice(3) // before the VTIMEZONE, the VTIMEZONE itself and the observance in force at the start
      .map((block) => /DTSTART:(\d{8}T\d{6})[\s\S]*TZOFFSETFROM:(\S+)[\s\S]*TZOFFSETTO:(\S+)/.exec(block)!.slice(1).join(' '));
  const fetchTimes = ['2026-12-15T21:38:17.123Z', '2026-12-15T00:00:00.000Z', '2026-12-16T09:59:59.999Z', '2026-12-31T13:07:00.000Z'];

  it.each(fetchTimes)('fetched at %s: Auckland, Sydney, Lord Howe, Tallinn and New York change at their legal times', (at) => {
    const [from, to] = window(at);
    expect(changes(vtimezone('Pacific/Auckland', from, to))).toEqual(['20270404T030000 +1300 +1200']);
    expect(changes(vtimezone('Australia/Sydney', from, to))).toEqual(['20270404T030000 +1100 +1000']);
    // Half an hour: 02:00 summer time back to 01:30.
    expect(changes(vtimezone('Australia/Lord_Howe', from, to))).toEqual(['20270404T020000 +1100 +1030']);
    expect(changes(vtimezone('Europe/Tallinn', from, to))).toEqual(['20270328T030000 +0200 +0300']);
    expect(changes(vtimezone('America/New_York', from, to))).toEqual(['20270314T020000 -0500 -0400']);
  });

  it.each(['2026-08-20T21:38:00Z', '2026-09-30T17:45:31Z'])('fetched at %s: the southern spring change, Lord Howe’s half hour included, and the northern autumn’s', (at) => {
    const [from, to] = window(at);
    expect(changes(vtimezone('Pacific/Auckland', from, to))[0]).toBe('20260927T020000 +1200 +1300');
    expect(changes(vtimezone('Australia/Lord_Howe', from, to))[0]).toBe('20261004T020000 +1030 +1100');
    expect(changes(vtimezone('Europe/Tallinn', from, to))[0]).toBe('20261025T040000 +0300 +0200');
  });

  it('starts the observance in force at the window with the window’s day, not the minute of the fetch', () => {
    const [from, to] = window('2026-12-15T21:38:17.123Z');
    // From 2026-11-15T21:38:17Z: Auckland's day is 16 November there.
    expect(vtimezone('Pacific/Auckland', from, to)).toContain('BEGIN:DAYLIGHT\r\nDTSTART:20261116T000000\r\nTZOFFSETFROM:+1300');
  });
});
