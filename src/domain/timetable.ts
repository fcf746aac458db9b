// Timetable arithmetic in the facility's time zone, pure: which instants a week spans and how a
// sorted list of classes breaks into day groups. The screens format; these only compute.
import { TZDate } from '@date-fns/tz';
import { addDays, format, startOfDay, startOfWeek } from 'date-fns';

/** 'yyyy-MM-dd' of an instant in the zone. */
export function dayKeyIn(instant: Date | string, timeZone: string): string {
  return format(new TZDate(new Date(instant).getTime(), timeZone), 'yyyy-MM-dd');
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

/** The week (Monday first) containing the day, in the zone. */
export function weekOf(dayKey: string, timeZone: string): DayRange {
  const [y, m, d] = dayKey.split('-').map(Number);
  const monday = startOfWeek(new TZDate(y ?? 1970, (m ?? 1) - 1, d ?? 1, 12, 0, 0, timeZone), { weekStartsOn: 1 });
  const firstDay = format(monday, 'yyyy-MM-dd');
  return daysFrom(firstDay, 7, timeZone);
}

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

/** Interleaves day headers with items already sorted by start; empty days get no header. */
export function groupByDay<T extends { start_date: string }>(items: readonly T[], timeZone: string): TimetableRow<T>[] {
  const rows: TimetableRow<T>[] = [];
  let current = '';
  for (const item of items) {
    const day = dayKeyIn(item.start_date, timeZone);
    if (day !== current) {
      rows.push({ kind: 'day', day });
      current = day;
    }
    rows.push({ kind: 'item', day, item });
  }
  return rows;
}

/** Groups items by calendar year in the zone, for long histories (SPEC §9 year headers). */
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
