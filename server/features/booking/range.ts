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
  const from = params.start_date !== undefined ? parseInstant(params.start_date, timeZone) : startOfLocalDay(now, timeZone);
  const to = params.end_date !== undefined ? parseInstant(params.end_date, timeZone) : addLocalDays(from, DEFAULT_RANGE_DAYS, timeZone);
  if (to.getTime() <= from.getTime()) return { ok: false, code: 'invalid_range', message: 'end_date must be after start_date.' };
  if (to.getTime() > addLocalDays(from, MAX_RANGE_DAYS, timeZone).getTime()) {
    return { ok: false, code: 'range_too_long', message: `The date range can span at most ${MAX_RANGE_DAYS} days.` };
  }
  return { ok: true, from, to };
}
