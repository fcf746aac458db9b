// Timetable arithmetic in the facility's time zone, pure: which instants a week spans and how a
// sorted list of classes breaks into day groups. The screens format; these only compute.
import { instantOf, keyOf, wallClockIn } from './zoned-clock';

/** 'yyyy-MM-dd' of an instant in the zone. */
export function dayKeyIn(instant: Date | string, timeZone: string): string {
  return keyOf(wallClockIn(typeof instant === 'string' ? Date.parse(instant) : instant.getTime(), timeZone));
}

const HOUR_MS = 3_600_000;

/**
 * The day of an instant in the zone, and a span of instants around it that surely share that day:
 * its midnights pulled in by an hour on each side, because a clock change (at most an hour) may
 * fall between midnight and the instant. Lets a sorted list format one row per day, not every row.
 */
export function daySpanIn(instant: number, timeZone: string): { key: string; start: number; end: number } {
  const clock = wallClockIn(instant, timeZone);
  const intoDay = ((clock.hour * 60 + clock.minute) * 60 + clock.second) * 1000 + (instant % 1000);
  const midnight = instant - intoDay;
  return { key: keyOf(clock), start: midnight + HOUR_MS, end: midnight + 24 * HOUR_MS - HOUR_MS };
}

function keyParts(dayKey: string): [number, number, number] {
  const [y, m, d] = dayKey.split('-').map(Number);
  return [y ?? 1970, m ?? 1, d ?? 1];
}

/**
 * Midnight at the start of a calendar day in the zone, as an instant. Where the clocks skip
 * midnight it is the moment they jump (01:00); where they show it twice, its first showing.
 */
export function startOfDayIn(dayKey: string, timeZone: string): Date {
  const [y, m, d] = keyParts(dayKey);
  return new Date(instantOf(y, m, d, 0, 0, timeZone));
}

/**
 * The calendar day `days` after (before, when negative) a day. Calendar days do not depend on the
 * zone, so a daylight-saving change cannot shift them; `_timeZone` stays for the callers.
 */
export function addDaysToKey(dayKey: string, days: number, _timeZone: string): string {
  const [y, m, d] = keyParts(dayKey);
  const date = new Date(Date.UTC(y, m - 1, d + days));
  return keyOf({ year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() });
}

export interface DayRange {
  /** First day shown, 'yyyy-MM-dd'. */
  firstDay: string;
  days: string[];
  /** [from, to) as ISO instants, for queries. */
  from: string;
  to: string;
}

/** Days the timetable shows at a time, from today (or the day chosen). */
export const TIMETABLE_DAYS = 7;

/** `count` calendar days from `firstDay` in the zone, and the [from, to) instants they span. */
export function daysFrom(firstDay: string, count: number, timeZone: string): DayRange {
  const days = Array.from({ length: count }, (_, i) => addDaysToKey(firstDay, i, timeZone));
  const last = days[days.length - 1] ?? firstDay;
  return {
    firstDay,
    days,
    from: startOfDayIn(firstDay, timeZone).toISOString(),
    to: startOfDayIn(addDaysToKey(last, 1, timeZone), timeZone).toISOString(),
  };
}

export type TimetableRow<T> = { kind: 'day'; day: string } | { kind: 'item'; day: string; item: T };

/**
 * Interleaves day headers with items already sorted by start; empty days get no header. Within
 * a known range the day of each item is found by comparing its ISO start with the days' local
 * midnights (one string comparison a row), else by formatting it in the zone.
 */
export function groupByDay<T extends { start_date: string }>(items: readonly T[], timeZone: string, range?: DayRange): TimetableRow<T>[] {
  const rows: TimetableRow<T>[] = [];
  const starts = range?.days.map((day) => startOfDayIn(day, timeZone).toISOString());
  let current = '';
  let index = 0;
  for (const item of items) {
    let day: string;
    if (range && starts && item.start_date >= starts[0]! && item.start_date < range.to) {
      while (index + 1 < starts.length && item.start_date >= starts[index + 1]!) index += 1;
      day = range.days[index]!;
    } else {
      day = dayKeyIn(item.start_date, timeZone);
    }
    if (day !== current) {
      rows.push({ kind: 'day', day });
      current = day;
    }
    rows.push({ kind: 'item', day, item });
  }
  return rows;
}

/** Groups items by calendar year in the zone, for long histories (year headers). */
export function groupByYear<T>(items: readonly T[], dateOf: (item: T) => string, timeZone: string): { year: string; items: T[] }[] {
  const groups: { year: string; items: T[] }[] = [];
  for (const item of items) {
    const year = String(wallClockIn(Date.parse(dateOf(item)), timeZone).year);
    const last = groups[groups.length - 1];
    if (last && last.year === year) last.items.push(item);
    else groups.push({ year, items: [item] });
  }
  return groups;
}
