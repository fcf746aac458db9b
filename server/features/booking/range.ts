// The time range of GET /sessions, pure.
import { TZDate } from '@date-fns/tz';
import { SESSIONS_RANGE_DEFAULT_DAYS, SESSIONS_RANGE_MAX_DAYS } from '../../../core/limits';

export const DEFAULT_RANGE_DAYS = SESSIONS_RANGE_DEFAULT_DAYS;
export const MAX_RANGE_DAYS = SESSIONS_RANGE_MAX_DAYS;

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A date-only value is local midnight in the facility's time zone; a date-time carries its own offset. */
export function parseInstant(value: string, timeZone: string): Date {
  const m = DATE_ONLY.exec(value);
  if (m) return new Date(new TZDate(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 0, 0, 0, 0, timeZone).getTime());
  return new Date(value);
}

/** Midnight starting the local day of `at` in the time zone. */
export function startOfLocalDay(at: Date, timeZone: string): Date {
  const local = new TZDate(at.getTime(), timeZone);
  return new Date(new TZDate(local.getFullYear(), local.getMonth(), local.getDate(), 0, 0, 0, 0, timeZone).getTime());
}

/** `days` calendar days later at the same local time (DST-aware). */
export function addLocalDays(at: Date, days: number, timeZone: string): Date {
  const l = new TZDate(at.getTime(), timeZone);
  return new Date(new TZDate(l.getFullYear(), l.getMonth(), l.getDate() + days, l.getHours(), l.getMinutes(), l.getSeconds(), l.getMilliseconds(), timeZone).getTime());
}

export type RangeResult = { ok: true; from: Date; to: Date } | { ok: false; code: 'invalid_range' | 'range_too_long'; message: string };

/**
 * Classes starting in [from, to). Defaults: from the start of today in the facility's time zone,
 * to a week after `from`. At most SESSIONS_RANGE_MAX_DAYS local days.
 */
export function sessionRange(params: { start_date?: string; end_date?: string }, timeZone: string, now: Date): RangeResult {
  // Both ends given (the app always sends them): the answer depends on the text alone, and every
  // member's timetable pull asks for the same few weeks. Zone arithmetic was 4 % of the server's
  // CPU under a timetable load; it is done once per (week, zone).
  if (params.start_date === undefined || params.end_date === undefined) return computeRange(params, timeZone, now);
  const key = `${params.start_date}|${params.end_date}|${timeZone}`;
  let known = RANGES.get(key);
  if (!known) {
    known = computeRange(params, timeZone, now);
    if (RANGES.size >= RANGES_KEPT) RANGES.delete(RANGES.keys().next().value!);
    RANGES.set(key, known);
  }
  // Dates are mutable: each caller gets its own.
  return known.ok ? { ok: true, from: new Date(known.from), to: new Date(known.to) } : known;
}

const RANGES = new Map<string, RangeResult>();
const RANGES_KEPT = 512;

function computeRange(params: { start_date?: string; end_date?: string }, timeZone: string, now: Date): RangeResult {
  const from = params.start_date !== undefined ? parseInstant(params.start_date, timeZone) : startOfLocalDay(now, timeZone);
  const to = params.end_date !== undefined ? parseInstant(params.end_date, timeZone) : addLocalDays(from, DEFAULT_RANGE_DAYS, timeZone);
  if (to.getTime() <= from.getTime()) return { ok: false, code: 'invalid_range', message: 'end_date must be after start_date.' };
  if (to.getTime() > addLocalDays(from, MAX_RANGE_DAYS, timeZone).getTime()) {
    return { ok: false, code: 'range_too_long', message: `The date range can span at most ${MAX_RANGE_DAYS} days.` };
  }
  return { ok: true, from, to };
}
