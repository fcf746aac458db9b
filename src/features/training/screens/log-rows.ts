// The training log as one flat list for the virtualiser: a header per year, a header per day
// (in the facility's zone), then that day's workouts, newest first as the log is sorted.
import { daySpanIn } from '../../../domain/timetable';

export type LogRow<T> =
  | { kind: 'year'; year: string }
  | { kind: 'day'; day: string }
  | { kind: 'item'; day: string; item: T };

const built = new WeakMap<readonly object[], { timeZone: string; rows: LogRow<unknown>[] }>();

/** logRows, remembered per list: the whole log's rows are kept in memory, so a reopened log reuses them. */
export function cachedLogRows<T extends { completed_at: string }>(items: readonly T[], timeZone: string): LogRow<T>[] {
  const hit = built.get(items);
  if (hit?.timeZone === timeZone) return hit.rows as LogRow<T>[];
  const rows = logRows(items, timeZone);
  built.set(items, { timeZone, rows });
  return rows;
}

export function logRows<T extends { completed_at: string }>(items: readonly T[], timeZone: string): LogRow<T>[] {
  const rows: LogRow<T>[] = [];
  let year = '';
  let day = '';
  // Rows inside the current day's sure span need no formatting in the zone.
  let span = { key: '', start: Number.POSITIVE_INFINITY, end: Number.NEGATIVE_INFINITY };
  for (const item of items) {
    const at = Date.parse(item.completed_at);
    if (!(at >= span.start && at < span.end)) span = daySpanIn(at, timeZone);
    const key = span.key;
    const itemYear = key.slice(0, 4);
    if (itemYear !== year) {
      rows.push({ kind: 'year', year: itemYear });
      year = itemYear;
      day = '';
    }
    if (key !== day) {
      rows.push({ kind: 'day', day: key });
      day = key;
    }
    rows.push({ kind: 'item', day: key, item });
  }
  return rows;
}

/** Lower case without accents, so "Hero WOD" is found by "hero" and "Pöördlend" by "poord". */
export function searchable(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();
}

/** The items whose name contains every word of the query; all of them for an empty query. */
export function filterByName<T extends { name: string }>(items: readonly T[], query: string): readonly T[] {
  const words = searchable(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return items;
  return items.filter((item) => {
    const name = searchable(item.name);
    return words.every((word) => name.includes(word));
  });
}
