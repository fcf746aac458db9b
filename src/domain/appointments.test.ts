import { describe, expect, it } from 'vitest';
import { appointmentIcs, choiceSearch, clockText, freeTimes, nearestFreeTimes, readChoice, secondsLeft } from './appointments';

describe('the booking flow in the URL', () => {
  it('reads back what it wrote, and ignores what is not a choice', () => {
    const choice = { serviceId: 4, staff: 'any' as const, week: '2026-11-30', day: '2026-12-02', hold: 17, reschedule: null };
    expect(readChoice(new URLSearchParams(choiceSearch(choice)))).toEqual(choice);
    expect(readChoice(new URLSearchParams('service=abc&staff=-2&day=tomorrow&hold=1.5'))).toEqual({ serviceId: null, staff: null, week: null, day: null, hold: null, reschedule: null });
    expect(choiceSearch({})).toBe('');
  });
});

describe('free times', () => {
  const now = Date.parse('2026-12-01T08:00:00Z');
  const a = { staffId: 1, slots: [{ start_at: '2026-12-01T09:00:00.000Z', available: true }, { start_at: '2026-12-01T09:15:00.000Z', available: false }, { start_at: '2026-12-01T07:00:00.000Z', available: true }] };
  const b = { staffId: 2, slots: [{ start_at: '2026-12-01T09:00:00+00:00', available: true }, { start_at: '2026-12-01T09:15:00.000Z', available: true }] };

  it('merges staff: a time is free when anyone is, in start order; taken and past times are never listed', () => {
    expect(freeTimes([a, b], now)).toEqual([
      { start_at: '2026-12-01T09:00:00.000Z', staffIds: [1, 2] },
      { start_at: '2026-12-01T09:15:00.000Z', staffIds: [2] },
    ]);
  });

  it('offers the nearest free times to one that was lost', () => {
    const times = ['08:30', '09:00', '09:45', '10:00', '13:00'].map((hm) => ({ start_at: `2026-12-01T${hm}:00.000Z`, staffIds: [1] }));
    expect(nearestFreeTimes(times, '2026-12-01T09:15:00.000Z').map((t) => t.start_at.slice(11, 16))).toEqual(['08:30', '09:00', '09:45']);
    expect(nearestFreeTimes(times, '2026-12-01T09:00:00.000Z', 2).map((t) => t.start_at.slice(11, 16))).toEqual(['08:30', '09:45']);
  });
});

describe('the hold countdown', () => {
  it('counts whole seconds down to zero', () => {
    expect(secondsLeft('2026-12-01T09:10:00Z', Date.parse('2026-12-01T09:00:00.500Z'))).toBe(600);
    expect(secondsLeft('2026-12-01T09:10:00Z', Date.parse('2026-12-01T09:11:00Z'))).toBe(0);
    expect(secondsLeft(null, 0)).toBe(0);
    expect(clockText(600)).toBe('10:00');
    expect(clockText(65)).toBe('1:05');
  });
});

describe('add to calendar', () => {
  it('writes one event in UTC with escaped text and CRLF lines', () => {
    const ics = appointmentIcs({ id: 9, start_at: '2026-12-01T20:00:00.000Z', end_at: '2026-12-01T21:00:00.000Z', service: { name: 'Personal Training' }, staff: { full_name: 'Mere, Tane' } }, 'Wellington; level 2', 'example.test', new Date('2026-11-25T10:00:00Z'));
    expect(ics).toContain('DTSTART:20261201T200000Z\r\nDTEND:20261201T210000Z\r\n');
    expect(ics).toContain('SUMMARY:Personal Training · Mere\\, Tane');
    expect(ics).toContain('LOCATION:Wellington\\; level 2');
    expect(ics).toContain('UID:appointment-9@example.test');
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });
});
