import { describe, expect, it } from 'vitest';
import { appointmentCancelKind, appointmentSlots, isSlotBookable, type SlotQuery } from './appointments';

// Monday 2026-11-30 in Wellington (UTC+13 in summer): 9:00 local is 20:00Z the day before.
const base: SlotQuery = {
  timeZone: 'Pacific/Auckland',
  from: '2026-11-30',
  days: 1,
  durationMinutes: 60,
  hours: [{ weekday: 1, start: '09:00', end: '12:00' }],
  busy: [],
  now: new Date('2026-11-20T00:00:00Z'),
};
const local = (iso: string, timeZone = 'Pacific/Auckland') => new Date(iso).toLocaleTimeString('en-GB', { timeZone, hour: '2-digit', minute: '2-digit' });

describe('appointment slots', () => {
  it('fill the working period on a 15-minute grid, the whole appointment inside it', () => {
    const slots = appointmentSlots(base);
    expect(slots.map((s) => local(s.start_at))).toEqual(['09:00', '09:15', '09:30', '09:45', '10:00', '10:15', '10:30', '10:45', '11:00']);
    expect(slots.every((s) => s.available)).toBe(true);
    expect(slots[0]?.start_at).toBe('2026-11-29T20:00:00.000Z');
  });

  it('only on the weekdays worked, across several days and periods', () => {
    const slots = appointmentSlots({ ...base, days: 7, durationMinutes: 45, hours: [{ weekday: 1, start: '09:00', end: '10:00' }, { weekday: 3, start: '16:00', end: '17:00' }, { weekday: 3, start: '09:00', end: '09:45' }] });
    const byDay = slots.map((s) => new Date(s.start_at).toLocaleString('en-GB', { timeZone: 'Pacific/Auckland', weekday: 'short', hour: '2-digit', minute: '2-digit' }));
    expect(byDay).toEqual(['Mon 09:00', 'Mon 09:15', 'Wed 09:00', 'Wed 16:00', 'Wed 16:15']);
  });

  it('are taken where another appointment, a hold or leave overlaps any part of them', () => {
    const busy = [
      { start_at: '2026-11-29T21:00:00Z', end_at: '2026-11-29T21:30:00Z' }, // another appointment 10:00–10:30
      { start_at: '2026-11-29T22:30:00Z', end_at: '2026-11-30T05:00:00Z' }, // leave from 11:30
    ];
    const slots = appointmentSlots({ ...base, busy });
    const free = slots.filter((s) => s.available).map((s) => local(s.start_at));
    // 9:15 would run into 10:00; 10:30 is the first after it; 11:00 runs into the leave.
    expect(free).toEqual(['09:00', '10:30']);
    expect(slots).toHaveLength(9);
  });

  it('are not available before the notice or beyond the window', () => {
    const now = new Date('2026-11-29T19:30:00Z'); // 8:30 local: the notice ends at 10:30
    expect(appointmentSlots({ ...base, now }).filter((s) => s.available).map((s) => local(s.start_at))).toEqual(['10:30', '10:45', '11:00']);
    expect(appointmentSlots({ ...base, now: new Date('2026-09-01T00:00:00Z') }).some((s) => s.available)).toBe(false);
    expect(appointmentSlots({ ...base, now: new Date('2026-09-01T00:00:00Z'), windowDays: 120 }).every((s) => s.available)).toBe(true);
  });

  it('keep wall-clock times on the days the clocks change (Pacific/Auckland, Europe/Tallinn)', () => {
    // Auckland goes forward on Sunday 27 September 2026 at 2:00.
    const spring = appointmentSlots({ ...base, from: '2026-09-27', durationMinutes: 60, hours: [{ weekday: 7, start: '01:00', end: '04:00' }], now: new Date('2026-09-01T00:00:00Z') });
    expect(spring.map((s) => local(s.start_at))).toEqual(['01:00', '01:15', '01:30', '01:45', '03:00']);
    // 1:00 + 60 real minutes ends at 3:00 local; 1:45 ends at 3:45: all inside the period.
    expect(spring.every((s) => s.available)).toBe(true);
    const nineAm = appointmentSlots({ ...base, from: '2026-09-27', hours: [{ weekday: 7, start: '09:00', end: '10:00' }], now: new Date('2026-09-01T00:00:00Z') });
    expect(nineAm.map((s) => s.start_at)).toEqual(['2026-09-26T20:00:00.000Z']);
    // Tallinn goes back on Sunday 25 October 2026 at 4:00: 9:00 is UTC+2 again.
    const tallinn = appointmentSlots({ ...base, timeZone: 'Europe/Tallinn', from: '2026-10-25', hours: [{ weekday: 7, start: '09:00', end: '10:00' }], now: new Date('2026-10-01T00:00:00Z') });
    expect(tallinn.map((s) => s.start_at)).toEqual(['2026-10-25T07:00:00.000Z']);
  });

  it('can be booked only while available and in the future', () => {
    const now = new Date('2026-11-29T20:00:00Z');
    expect(isSlotBookable({ start_at: '2026-11-29T21:00:00.000Z', available: true }, now)).toBe(true);
    expect(isSlotBookable({ start_at: '2026-11-29T21:00:00.000Z', available: false }, now)).toBe(false);
    expect(isSlotBookable({ start_at: '2026-11-29T20:00:00.000Z', available: true }, now)).toBe(false);
  });

  it('cancel freely until 24 hours before; then only a late cancel; a hold is always let go freely', () => {
    const start = '2026-11-30T20:00:00.000Z';
    const hoursBefore = (h: number) => new Date(Date.parse(start) - h * 3_600_000);
    expect(appointmentCancelKind({ status: 'booked', start_at: start }, hoursBefore(25))).toBe('cancel');
    expect(appointmentCancelKind({ status: 'booked', start_at: start }, hoursBefore(24))).toBe('cancel');
    expect(appointmentCancelKind({ status: 'booked', start_at: start }, hoursBefore(23.9))).toBe('latecancel');
    expect(appointmentCancelKind({ status: 'booked', start_at: start }, hoursBefore(0))).toBeNull();
    expect(appointmentCancelKind({ status: 'held', start_at: start }, hoursBefore(1))).toBe('cancel');
    expect(appointmentCancelKind({ status: 'cancelled', start_at: start }, hoursBefore(48))).toBeNull();
  });
});
