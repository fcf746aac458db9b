// The wall clock of an instant in an IANA time zone, and the instant of a wall-clock time, from the
// runtime's own zone data (Intl) alone: the timetable and the date formats need nothing more, so
// the first paint carries no zoned-date library (docs/decisions.md#zoned-clock).

/** A time of day on a calendar date, as a clock in some zone shows it. */
export interface WallClock {
  year: number;
  /** 1–12. */
  month: number;
  /** Day of the month, 1–31. */
  day: number;
  /** 0–23. */
  hour: number;
  minute: number;
  second: number;
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
}

const clockFormats = new Map<string, Intl.DateTimeFormat>();

function clockFormat(timeZone: string): Intl.DateTimeFormat {
  let fmt = clockFormats.get(timeZone);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
    clockFormats.set(timeZone, fmt);
  }
  return fmt;
}

/** Day of the week of a calendar date (0 = Sunday). */
export function weekdayOf(year: number, month: number, day: number): number {
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

/**
 * The wall clock of an instant (epoch ms) in the zone. Runs for every row of a timetable, so it
 * uses one cached Intl formatter per zone. Throws a RangeError for an unknown zone or a non-finite
 * instant, as Intl does.
 */
export function wallClockIn(instant: number, timeZone: string): WallClock {
  let year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0;
  for (const part of clockFormat(timeZone).formatToParts(instant)) {
    switch (part.type) {
      case 'year': year = Number(part.value); break;
      case 'month': month = Number(part.value); break;
      case 'day': day = Number(part.value); break;
      case 'hour': hour = Number(part.value); break;
      case 'minute': minute = Number(part.value); break;
      case 'second': second = Number(part.value); break;
    }
  }
  return { year, month, day, hour, minute, second, weekday: weekdayOf(year, month, day) };
}

/** 'yyyy-MM-dd' of a wall clock. */
export function keyOf(clock: Pick<WallClock, 'year' | 'month' | 'day'>): string {
  return `${String(clock.year).padStart(4, '0')}-${String(clock.month).padStart(2, '0')}-${String(clock.day).padStart(2, '0')}`;
}

const SECOND_MS = 1000;
const DAY_MS = 86_400_000;

/** Milliseconds the zone's clock is ahead of UTC at the instant (whole seconds, as Intl shows). */
function offsetAt(instant: number, timeZone: string): number {
  const c = wallClockIn(instant, timeZone);
  const shown = Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second);
  return shown - (instant - (((instant % SECOND_MS) + SECOND_MS) % SECOND_MS));
}

/**
 * The instant (epoch ms) a wall-clock time in the zone names. Out-of-range fields roll over as in
 * Date.UTC (day 32 is the 1st of the next month). A time the clocks skip (spring forward) is read
 * with the offset before the change, so it lands as far after the skip as it was into it (02:30 in
 * a 02:00→03:00 gap is 03:30); a time shown twice (fall back) is its first showing.
 */
export function instantOf(year: number, month: number, day: number, hour: number, minute: number, timeZone: string): number {
  const local = Date.UTC(year, month - 1, day, hour, minute);
  // The zone's offsets a day either side: a zone changes its clock at most once in two days.
  const before = offsetAt(local - DAY_MS, timeZone);
  const after = offsetAt(local + DAY_MS, timeZone);
  // The earlier reading (larger offset) first: in an overlap both readings hold.
  for (const offset of before >= after ? [before, after] : [after, before]) {
    if (offsetAt(local - offset, timeZone) === offset) return local - offset;
  }
  return local - before;
}
