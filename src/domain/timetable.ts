// Timetable arithmetic in the facility's time zone, pure: which instants a week spans and how a
// sorted list of classes breaks into day groups. The screens format; these only compute.
import { TZDate } from '@date-fns/tz';
import { addDays, format, startOfDay } from 'date-fns';

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * 'yyyy-MM-dd' of an instant in the zone. Runs for every row of a timetable, so it uses one
 * cached Intl formatter per zone rather than building a zoned date each time.
 */
export function dayKeyIn(instant: Date | string, timeZone: string): string {
  let fmt = dayFormats.get(timeZone);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, fmt);
  }
  const parts = fmt.formatToParts(typeof instant === 'string' ? Date.parse(instant) : instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

const clockFormats = new Map<string, Intl.DateTimeFormat>();
const HOUR_MS = 3_600_000;

/**
 * The day of an instant in the zone, and a span of instants around it that surely share that day:
 * its midnights pulled in by an hour on each side, because a clock change (at most an hour) may
 * fall between midnight and the instant. Lets a sorted list format one row per day, not every row.
 */
export function daySpanIn(instant: number, timeZone: string): { key: string; start: number; end: number } {
  let fmt = clockFormats.get(timeZone);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
    clockFormats.set(timeZone, fmt);
  }
  const parts = fmt.formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const intoDay = ((Number(part('hour')) * 60 + Number(part('minute'))) * 60 + Number(part('second'))) * 1000 + (instant % 1000);
  const midnight = instant - intoDay;
  return { key: `${part('year')}-${part('month')}-${part('day')}`, start: midnight + HOUR_MS, end: midnight + 24 * HOUR_MS - HOUR_MS };
}

/** Midnight at the start of a calendar day in the zone, as an instant. */
export function startOfDayIn(dayKey: string, timeZone: string): Date {
  const [y, m, d] = dayKey.split('-').map(Number);
  return new Date(startOfDay(new TZDate(y ?? 1970, (m ?? 1) - 1, d ?? 1, 12, 0, 0, timeZone)).getTime());
}

export function addDaysToKey(dayKey: string, days: number, timeZone: string): string {
  const [y, m, d] = dayKey.split('-').map(Number);
  return format(addDays(new TZDate(y ?? 1970, (m ?? 1) - 1, d ?? 1, 12, 0, 0, timeZone), days), 'yyyy-MM-dd');
}

export interface DayRange {
  /** First day shown, 'yyyy-MM-dd'. */
  firstDay: string;
  days: string[];
  /** [from, to) as ISO instants, for queries. */
  from: string;
  to: string;
}

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
    const year = format(new TZDate(new Date(dateOf(item)).getTime(), timeZone), 'yyyy');
    const last = groups[groups.length - 1];
    if (last && last.year === year) last.items.push(item);
    else groups.push({ year, items: [item] });
  }
  return groups;
}
