// The appointment booking flow's arithmetic, pure: what the URL says the member chose, which
// times are free when "anyone available" is chosen, the nearest free times to one that was lost,
// and the .ics file of a booked appointment. The screens render; these only compute.
import type { AppointmentSlot } from '../../core/contract/types';

/** The flow's choices, carried in the URL so a reload or a shared link resumes the step. */
export interface BookingChoice {
  serviceId: number | null;
  /** A staff member's id, 'any' for anyone available, null before the step. */
  staff: number | 'any' | null;
  /** First day of the week shown, yyyy-MM-dd (facility time). */
  week: string | null;
  /** The day picked in that week. */
  day: string | null;
  /** The member's held appointment. */
  hold: number | null;
  /** Moving this appointment instead of booking a new one. */
  reschedule: number | null;
}

const positive = (value: string | null): number | null => {
  const n = Number(value);
  return value !== null && Number.isSafeInteger(n) && n > 0 ? n : null;
};
const dayOrNull = (value: string | null): string | null => (value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null);

export function readChoice(params: URLSearchParams): BookingChoice {
  const staff = params.get('staff');
  return {
    serviceId: positive(params.get('service')),
    staff: staff === 'any' ? 'any' : positive(staff),
    week: dayOrNull(params.get('week')),
    day: dayOrNull(params.get('day')),
    hold: positive(params.get('hold')),
    reschedule: positive(params.get('reschedule')),
  };
}

/** The query string of a choice, keys in step order, empty ones left out. */
export function choiceSearch(choice: Partial<BookingChoice>): string {
  const params = new URLSearchParams();
  if (choice.reschedule) params.set('reschedule', String(choice.reschedule));
  if (choice.serviceId) params.set('service', String(choice.serviceId));
  if (choice.staff) params.set('staff', String(choice.staff));
  if (choice.week) params.set('week', choice.week);
  if (choice.day) params.set('day', choice.day);
  if (choice.hold) params.set('hold', String(choice.hold));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** A free time and who is free then, in the order chosen ("anyone": the first listed). */
export interface FreeTime {
  start_at: string;
  staffIds: number[];
}

/** The free times of several staff members, merged: a time is free when anyone is. Taken times are never listed. */
export function freeTimes(weeks: readonly { staffId: number; slots: readonly AppointmentSlot[] }[], now: number): FreeTime[] {
  const byStart = new Map<string, number[]>();
  for (const { staffId, slots } of weeks) {
    for (const slot of slots) {
      if (!slot.available || Date.parse(slot.start_at) <= now) continue;
      const key = new Date(slot.start_at).toISOString();
      const who = byStart.get(key) ?? [];
      who.push(staffId);
      byStart.set(key, who);
    }
  }
  return [...byStart.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([start_at, staffIds]) => ({ start_at, staffIds }));
}

/** Up to `count` free times nearest to `target` (a time that was lost), nearest first, ties earlier first. */
export function nearestFreeTimes(times: readonly FreeTime[], target: string, count = 3): FreeTime[] {
  const at = Date.parse(target);
  return times
    .filter((t) => Date.parse(t.start_at) !== at)
    .map((t) => ({ t, gap: Math.abs(Date.parse(t.start_at) - at) }))
    .sort((a, b) => a.gap - b.gap || a.t.start_at.localeCompare(b.t.start_at))
    .slice(0, count)
    .map(({ t }) => t)
    .sort((a, b) => a.start_at.localeCompare(b.start_at));
}

/** Whole seconds until an instant, never negative. */
export function secondsLeft(until: string | null | undefined, now: number): number {
  if (!until) return 0;
  return Math.max(0, Math.ceil((Date.parse(until) - now) / 1000));
}

/** "m:ss" of a number of seconds. */
export function clockText(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

const icsText = (value: string) => value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
const icsTime = (iso: string) => new Date(iso).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

/** An iCalendar file (RFC 5545) with one event: the appointment, in UTC so every calendar places it right. */
export function appointmentIcs(appointment: { id: number; start_at: string; end_at?: string | null; service: { name: string }; staff: { full_name: string } }, where: string, host: string, stamp: Date): string {
  const end = appointment.end_at ?? new Date(Date.parse(appointment.start_at) + 60 * 60_000).toISOString();
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//member-pwa//appointments//EN',
    'CALSCALE:GREGORIAN',
    'BEGIN:VEVENT',
    `UID:appointment-${appointment.id}@${host}`,
    `DTSTAMP:${icsTime(stamp.toISOString())}`,
    `DTSTART:${icsTime(appointment.start_at)}`,
    `DTEND:${icsTime(end)}`,
    `SUMMARY:${icsText(`${appointment.service.name} · ${appointment.staff.full_name}`)}`,
    ...(where ? [`LOCATION:${icsText(where)}`] : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.join('\r\n')}\r\n`;
}
