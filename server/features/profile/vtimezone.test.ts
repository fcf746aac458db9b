import { describe, expect, it } from 'vitest';
import { vtimezone } from './vtimezone';

describe('vtimezone', () => {
  it('writes the offset in force at the start and each change in the window, with local start times', () => {
    const text = vtimezone('Europe/Tallinn', new Date('2026-10-01T00:00:00Z'), new Date('2027-06-01T00:00:00Z'));
    expect(text.split('\r\n')).toEqual([
      'BEGIN:VTIMEZONE', 'TZID:Europe/Tallinn',
      'BEGIN:DAYLIGHT', 'DTSTART:20261001T030000', 'TZOFFSETFROM:+0300', 'TZOFFSETTO:+0300', 'END:DAYLIGHT',
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
