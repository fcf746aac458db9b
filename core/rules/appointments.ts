// Appointment slots: when a member may book a staff member for a service. Both sides use it: the
// server answers GET /staff/{id}/availability with it and checks a hold against it; the app marks
// slots it fetched earlier that have since become too soon.
import { TZDate } from '@date-fns/tz';

/** Slots start on a quarter-hour grid of the facility's wall clock. */
export const SLOT_STEP_MINUTES = 15;
/** A slot must start at least this long from now (the staff member needs notice). */
export const APPOINTMENT_MIN_NOTICE_MINUTES = 120;
/** Slots are offered this many days ahead at most. */
export const APPOINTMENT_WINDOW_DAYS = 60;
/** An unconfirmed appointment holds its slot this long. */
export const APPOINTMENT_HOLD_MINUTES = 10;
/**
 * Cancelling a booked appointment is free until this long before it starts; after that it is a
 * late cancel, confirmed explicitly as for classes, and what paid for it stays used.
 */
export const APPOINTMENT_CANCEL_WINDOW_HOURS = 24;

/** A staff member's working period on one weekday (ISO: Monday 1 … Sunday 7), wall-clock HH:mm. */
export interface WorkingPeriod {
  weekday: number;
  start: string;
  end: string;
}

/** Leave, another appointment or a hold: [start_at, end_at). */
export interface BusyInterval {
  start_at: string;
  end_at: string;
}

export interface SlotQuery {
  timeZone: string;
  /** The first local day, YYYY-MM-DD. */
  from: string;
  days: number;
  durationMinutes: number;
  hours: readonly WorkingPeriod[];
  /** Leave and the staff member's other appointments and holds. */
  busy: readonly BusyInterval[];
  now: Date;
  minNoticeMinutes?: number;
  windowDays?: number;
}

export interface Slot {
  start_at: string;
  available: boolean;
}

const minutesOf = (hhmm: string): number => {
  const [h = '0', m = '0'] = hhmm.split(':');
  return Number(h) * 60 + Number(m);
};

/** ISO weekday (Monday 1 … Sunday 7) of a local date. */
function isoWeekday(year: number, month: number, day: number): number {
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return weekday === 0 ? 7 : weekday;
}

/**
 * Every slot on the grid inside the working periods of the days asked for, in start order, each
 * available when the whole appointment fits in the period, touches no busy interval, and starts
 * after the notice and inside the window. Times are wall-clock in the facility's time zone, so a
 * day when the clocks change keeps its 9:00 at 9:00; the hour the clocks skip has no slots and the
 * hour they repeat is offered once.
 */
export function appointmentSlots(query: SlotQuery): Slot[] {
  const { timeZone, durationMinutes, now } = query;
  const earliest = now.getTime() + (query.minNoticeMinutes ?? APPOINTMENT_MIN_NOTICE_MINUTES) * 60_000;
  const latest = now.getTime() + (query.windowDays ?? APPOINTMENT_WINDOW_DAYS) * 86_400_000;
  const busy = query.busy.map((b) => [Date.parse(b.start_at), Date.parse(b.end_at)] as const);
  const [year = 0, month = 1, day = 1] = query.from.split('-').map(Number);
  const seen = new Set<number>();
  const slots: { at: number; available: boolean }[] = [];
  for (let offset = 0; offset < query.days; offset += 1) {
    const date = new Date(Date.UTC(year, month - 1, day + offset));
    const [y, m, d] = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
    const wall = (minutes: number) => new TZDate(y, m - 1, d, Math.floor(minutes / 60), minutes % 60, timeZone).getTime();
    for (const period of query.hours) {
      if (period.weekday !== isoWeekday(y, m, d)) continue;
      const periodEnd = wall(minutesOf(period.end));
      for (let minute = minutesOf(period.start); minute + durationMinutes <= minutesOf(period.end); minute += SLOT_STEP_MINUTES) {
        const start = wall(minute);
        // A skipped wall-clock time lands on the next one; a time seen twice is one slot.
        if (seen.has(start) || minute !== minutesOfDay(start, timeZone)) continue;
        seen.add(start);
        const end = start + durationMinutes * 60_000;
        const free = end <= periodEnd && !busy.some(([bs, be]) => start < be && bs < end);
        slots.push({ at: start, available: free && start >= earliest && start <= latest });
      }
    }
  }
  return slots.sort((a, b) => a.at - b.at).map((s) => ({ start_at: new Date(s.at).toISOString(), available: s.available }));
}

/** Minutes since local midnight of an instant in a time zone. */
function minutesOfDay(at: number, timeZone: string): number {
  const local = new TZDate(at, timeZone);
  return local.getHours() * 60 + local.getMinutes();
}

/** SPEC §5: a slot can be booked only when it is available and still in the future. */
export function isSlotBookable(slot: Slot, now: Date): boolean {
  return slot.available && Date.parse(slot.start_at) > now.getTime();
}

/** Which call cancels this appointment now: a hold is let go freely; a booking late inside the window. */
export function appointmentCancelKind(appointment: { status: string; start_at: string }, now: Date): 'cancel' | 'latecancel' | null {
  if (appointment.status === 'held') return 'cancel';
  const start = Date.parse(appointment.start_at);
  if (appointment.status !== 'booked' || start <= now.getTime()) return null;
  return start - now.getTime() < APPOINTMENT_CANCEL_WINDOW_HOURS * 3_600_000 ? 'latecancel' : 'cancel';
}
