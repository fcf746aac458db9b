// Date, time, number and currency formatting. Every date helper takes the app locale and an IANA
// time zone: times are shown in the facility's zone, whatever the device's zone is.
//
// Per-locale patterns (see docs/decisions.md#locale; the product gives h:mm a, eeee MMM do, MMM do yyyy, EEEE, MMMM do, yyyy):
// - en-US uses the SPEC patterns exactly.
// - en (AU/NZ) and en-GB keep the 12-hour `h:mm a` but put the day before the month, as those
//   regions write it: "Tuesday 24th Nov", "24th Nov 2026", "Tuesday, 24th November".
// - mi-NZ keeps `h:mm a` ("7:30 a.m."), day before month, plain numerals and full month names (the
//   traditional Māori month names have no settled abbreviations): "Rātū 24 Whiringa-ā-rangi".
// - et, fr, es-ES use the 24-hour clock, as is the convention there (CLDR short time: et/fr
//   HH:mm, es H:mm), and their usual day-month order. Ordinals: only French has a date ordinal
//   in common use ("1er"), which date-fns' fr `do` gives (and plain numbers otherwise); Spanish
//   and Estonian write plain numbers ("24 de noviembre", "24. november"). Output that starts
//   with a lower-case weekday in those languages is capitalised, as labels and headers start a
//   sentence ("Martes, 24 de noviembre").
//
// The patterns are date-fns format tokens, but formatted here (`formatPattern`) from the wall clock
// Intl gives for the zone and the date-fns locale's own names (`localize`): date-fns' `format` and a
// zoned date were half the timetable's first-paint chunk (docs/decisions.md#zoned-clock).
import type { FormatPart, Locale as DateFnsLocale } from 'date-fns';
import { resolveLocale, type Locale } from '../../core/locales';
import { keyOf, wallClockIn, weekdayOf, type WallClock } from '../domain/zoned-clock';
import { dateLocale } from './dateLocales';

export type DateInput = Date | string | number;

export interface DatePatterns {
  /** Time of day (SPEC `h:mm a`). */
  time: string;
  /** Weekday and date in lists (SPEC `eeee MMM do`). */
  weekdayDate: string;
  /** Date with year (SPEC `MMM do yyyy`). */
  date: string;
  /** Group header by day (SPEC `EEEE, MMMM do`). */
  dayHeader: string;
  /** Group header by year (SPEC `yyyy`). */
  yearHeader: string;
  /** Weekday, date and time for detail screens. */
  dateTime: string;
}

export const DATE_PATTERNS: Record<Locale, DatePatterns> = {
  'en-US': {
    time: 'h:mm a',
    weekdayDate: 'eeee MMM do',
    date: 'MMM do yyyy',
    dayHeader: 'EEEE, MMMM do',
    yearHeader: 'yyyy',
    dateTime: 'eeee MMM do, h:mm a',
  },
  en: {
    time: 'h:mm a',
    weekdayDate: 'eeee do MMM',
    date: 'do MMM yyyy',
    dayHeader: 'EEEE, do MMMM',
    yearHeader: 'yyyy',
    dateTime: 'eeee do MMM, h:mm a',
  },
  'en-GB': {
    time: 'h:mm a',
    weekdayDate: 'eeee do MMM',
    date: 'do MMM yyyy',
    dayHeader: 'EEEE, do MMMM',
    yearHeader: 'yyyy',
    dateTime: 'eeee do MMM, h:mm a',
  },
  'mi-NZ': {
    time: 'h:mm a',
    weekdayDate: 'eeee d MMMM',
    date: 'd MMMM yyyy',
    dayHeader: 'EEEE, d MMMM',
    yearHeader: 'yyyy',
    dateTime: 'eeee d MMMM, h:mm a',
  },
  fr: {
    time: 'HH:mm',
    weekdayDate: 'eeee do MMM',
    date: 'do MMM yyyy',
    dayHeader: 'EEEE do MMMM',
    yearHeader: 'yyyy',
    dateTime: "eeee do MMM 'à' HH:mm",
  },
  'es-ES': {
    time: 'H:mm',
    weekdayDate: "eeee d 'de' MMM",
    date: 'd MMM yyyy',
    dayHeader: "EEEE, d 'de' MMMM",
    yearHeader: 'yyyy',
    dateTime: "eeee d 'de' MMM, H:mm",
  },
  et: {
    time: 'HH:mm',
    weekdayDate: 'eeee, d. MMM',
    date: 'd. MMM yyyy',
    dayHeader: 'EEEE, d. MMMM',
    yearHeader: 'yyyy',
    dateTime: "eeee, d. MMM 'kell' HH:mm",
  },
};

/** Locales whose weekday and month names are lower case mid-sentence. */
const CAPITALISE_FIRST: ReadonlySet<Locale> = new Set<Locale>(['fr', 'es-ES', 'et']);

/** BCP 47 tag handed to Intl for each app locale ('en' is English AU/NZ). */
export const INTL_LOCALE: Record<Locale, string> = {
  en: 'en-AU',
  'en-GB': 'en-GB',
  'en-US': 'en-US',
  et: 'et-EE',
  fr: 'fr-FR',
  'mi-NZ': 'mi-NZ',
  'es-ES': 'es-ES',
};

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

const zoneValidity = new Map<string, boolean>();

function deviceTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** The zone itself when Intl knows it, else the device's zone (never throws). */
export function safeTimeZone(timeZone: string | null | undefined): string {
  if (!timeZone) return deviceTimeZone();
  let ok = zoneValidity.get(timeZone);
  if (ok === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone });
      ok = true;
    } catch {
      ok = false;
    }
    zoneValidity.set(timeZone, ok);
  }
  return ok ? timeZone : deviceTimeZone();
}

/**
 * The instant's wall clock in the given zone, or null when the input is not a valid date.
 * A date-only string ("2026-11-24", e.g. a birthday or a pass's valid_to) is a calendar date,
 * not an instant: it is read as noon of that date in the zone so it never shifts a day.
 */
export function toZonedDate(input: DateInput | null | undefined, timeZone: string): WallClock | null {
  if (input === null || input === undefined || input === '') return null;
  const zone = safeTimeZone(timeZone);
  if (typeof input === 'string') {
    const m = DATE_ONLY.exec(input.trim());
    if (m) {
      const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
      const d = new Date(Date.UTC(year, month - 1, day));
      // Reject overflowing dates ("2026-13-45") rather than rolling them over.
      if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
      return { year, month, day, hour: 12, minute: 0, second: 0, weekday: weekdayOf(year, month, day) };
    }
  }
  const ms = input instanceof Date ? input.getTime() : typeof input === 'number' ? input : Date.parse(input);
  if (!Number.isFinite(ms)) return null;
  return wallClockIn(ms, zone);
}

function capitaliseFirst(text: string, locale: Locale): string {
  if (!CAPITALISE_FIRST.has(locale) || !text) return text;
  const first = text.charAt(0);
  return first.toLocaleUpperCase(INTL_LOCALE[locale]) + text.slice(1);
}

// date-fns' format tokenizer (format.js): an ordinal token, a run of one letter, an escaped quote,
// a quoted literal, or any other single character.
const PATTERN_PARTS = /[yYQqMLwIdDecihHKkms]o|(\w)\1*|''|'(''|[^'])+('|$)|./g;
const patternParts = new Map<string, FormatPart[]>();

function partsOf(pattern: string): FormatPart[] {
  let parts = patternParts.get(pattern);
  if (!parts) {
    parts = (pattern.match(PATTERN_PARTS) ?? []).map((part): FormatPart => {
      if (part === "''") return { isToken: false, value: "'" };
      if (part.startsWith("'")) return { isToken: false, value: (/^'([^]*?)'?$/.exec(part)?.[1] ?? part).replace(/''/g, "'") };
      return /^[a-zA-Z]/.test(part) ? { isToken: true, value: part } : { isToken: false, value: part };
    });
    patternParts.set(pattern, parts);
  }
  return parts;
}

const pad = (n: number, length: number) => String(n).padStart(length, '0');

/** One token, as date-fns' formatters give it (the same `localize` calls, widths and contexts). */
function formatToken(token: string, c: WallClock, localize: DateFnsLocale['localize']): string {
  switch (token) {
    case 'yyyy': return pad(c.year > 0 ? c.year : 1 - c.year, 4);
    case 'MM': return pad(c.month, 2);
    case 'MMM': return localize.month((c.month - 1) as 0, { width: 'abbreviated', context: 'formatting' });
    case 'MMMM': return localize.month((c.month - 1) as 0, { width: 'wide', context: 'formatting' });
    case 'd': return String(c.day);
    case 'dd': return pad(c.day, 2);
    case 'do': return localize.ordinalNumber(c.day, { unit: 'date' });
    case 'EEE':
    case 'eee': return localize.day(c.weekday as 0, { width: 'abbreviated', context: 'formatting' });
    case 'EEEE':
    case 'eeee': return localize.day(c.weekday as 0, { width: 'wide', context: 'formatting' });
    case 'h': return String(c.hour % 12 || 12);
    case 'hh': return pad(c.hour % 12 || 12, 2);
    case 'H': return String(c.hour);
    case 'HH': return pad(c.hour, 2);
    case 'mm': return pad(c.minute, 2);
    case 'a': return localize.dayPeriod(c.hour >= 12 ? 'pm' : 'am', { width: 'abbreviated', context: 'formatting' });
    default: throw new RangeError(`Date pattern token \`${token}\` is not supported (src/i18n/format.ts#formatToken)`);
  }
}

/**
 * A wall clock in a date-fns pattern, with the date-fns locale's names: the same text date-fns'
 * `format` gives for these tokens (yyyy MM MMM MMMM d dd do EEE EEEE eee eeee h hh H HH mm a and
 * 'quoted' literals; any other letter throws). The locale's preprocessor runs as in `format`
 * (French writes "1er" but "24 novembre", not "24e novembre").
 */
export function formatPattern(clock: WallClock, pattern: string, locale: DateFnsLocale): string {
  let parts = partsOf(pattern);
  const { localize } = locale;
  // date-fns hands it the zoned date; the French one reads only the day of the month.
  if (localize.preprocessor) parts = localize.preprocessor({ getDate: () => clock.day } as Date, parts);
  let out = '';
  for (const part of parts) out += part.isToken ? formatToken(part.value, clock, localize) : part.value;
  return out;
}

function formatWith(key: keyof DatePatterns, input: DateInput | null | undefined, locale: string, timeZone: string): string {
  const lng = resolveLocale(locale);
  const clock = toZonedDate(input, timeZone);
  if (!clock) return '';
  return capitaliseFirst(formatPattern(clock, DATE_PATTERNS[lng][key], dateLocale(lng)), lng);
}

/** Time of day, e.g. en-US "7:30 AM", fr "07:30". Empty string for a missing/invalid date. */
export function formatTime(date: DateInput | null | undefined, locale: string, timeZone: string): string {
  return formatWith('time', date, locale, timeZone);
}

/** Weekday and date, e.g. en-US "Tuesday Nov 24th", es-ES "Martes 24 de nov". */
export function formatWeekdayDate(date: DateInput | null | undefined, locale: string, timeZone: string): string {
  return formatWith('weekdayDate', date, locale, timeZone);
}

/** Date with year, e.g. en-US "Nov 24th 2026", fr "24 nov. 2026". */
export function formatDate(date: DateInput | null | undefined, locale: string, timeZone: string): string {
  return formatWith('date', date, locale, timeZone);
}

/** Day group header, e.g. en-US "Tuesday, November 24th". */
export function formatDayHeader(date: DateInput | null | undefined, locale: string, timeZone: string): string {
  return formatWith('dayHeader', date, locale, timeZone);
}

/** Year group header, e.g. "2026". */
export function formatYearHeader(date: DateInput | null | undefined, locale: string, timeZone: string): string {
  return formatWith('yearHeader', date, locale, timeZone);
}

/** Weekday, date and time for detail screens, e.g. en-US "Tuesday Nov 24th, 7:30 AM". */
export function formatDateTime(date: DateInput | null | undefined, locale: string, timeZone: string): string {
  return formatWith('dateTime', date, locale, timeZone);
}

/** Start and end time, e.g. "7:30 AM – 8:30 AM" (en dash, spaced). */
export function formatTimeRange(
  start: DateInput | null | undefined,
  end: DateInput | null | undefined,
  locale: string,
  timeZone: string,
): string {
  return joinTimes(formatTime(start, locale, timeZone), formatTime(end, locale, timeZone));
}

/** "start – end" (en dash, spaced), or whichever of the two exists. */
function joinTimes(from: string, to: string): string {
  return from && to ? `${from} – ${to}` : from || to;
}

/** 'yyyy-MM-dd' of the instant in the zone: the key for grouping lists by day. */
export function dayKey(date: DateInput, timeZone: string): string {
  const clock = toZonedDate(date, timeZone);
  return clock ? keyOf(clock) : '';
}

/** 'yyyy' of the instant in the zone: the key for grouping lists by year. */
export function yearKey(date: DateInput, timeZone: string): string {
  const clock = toZonedDate(date, timeZone);
  return clock ? pad(clock.year, 4) : '';
}

function keyToUtcDays(key: string): number {
  const [y, m, d] = key.split('-').map(Number);
  return Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1) / 86_400_000;
}

/** Calendar days from `now` to `date` in the zone (0 = same day, 1 = tomorrow, -1 = yesterday). */
export function calendarDaysFrom(date: DateInput, now: DateInput, timeZone: string): number {
  const a = dayKey(date, timeZone);
  const b = dayKey(now, timeZone);
  if (!a || !b) return Number.NaN;
  return keyToUtcDays(a) - keyToUtcDays(b);
}

// Intl.RelativeTimeFormat has no Māori data in most engines.
const MI_RELATIVE_DAYS: Record<string, string> = { '-1': 'Inanahi', '0': 'I tēnei rā', '1': 'Āpōpō' };

/**
 * "Today", "Tomorrow" or "Yesterday" (in the locale's words, capitalised) when the date is within
 * a day of `now` in the zone, else the weekday-and-date format.
 */
export function formatRelativeDay(
  date: DateInput | null | undefined,
  locale: string,
  timeZone: string,
  now: DateInput = Date.now(),
): string {
  if (date === null || date === undefined) return '';
  const lng = resolveLocale(locale);
  const diff = calendarDaysFrom(date, now, timeZone);
  if (Number.isNaN(diff)) return '';
  if (diff >= -1 && diff <= 1) {
    if (lng === 'mi-NZ') return MI_RELATIVE_DAYS[String(diff)] ?? '';
    const words = new Intl.RelativeTimeFormat(INTL_LOCALE[lng], { numeric: 'auto' }).format(diff, 'day');
    return words.charAt(0).toLocaleUpperCase(INTL_LOCALE[lng]) + words.slice(1);
  }
  return formatWeekdayDate(date, lng, timeZone);
}

const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const tag = INTL_LOCALE[resolveLocale(locale)];
  const key = `${tag}|${JSON.stringify(options)}`;
  let f = numberFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(tag, options);
    numberFormats.set(key, f);
  }
  return f;
}

function toNumber(value: number | string | null | undefined): number {
  if (value === null || value === undefined || value === '') return Number.NaN;
  return typeof value === 'number' ? value : Number(value);
}

/**
 * Money with the currency's narrow symbol (see docs/rules.md#locale), e.g. NZD in en → "$12.50", EUR in et →
 * "12,50 €". Amounts may come as strings from the API ("12.50"). Empty string when not a number;
 * an unknown currency code falls back to the number followed by the code.
 */
export function formatCurrency(amount: number | string | null | undefined, currencyCode: string, locale: string): string {
  const n = toNumber(amount);
  if (!Number.isFinite(n)) return '';
  const code = currencyCode.trim().toUpperCase();
  try {
    return numberFormat(locale, { style: 'currency', currency: code, currencyDisplay: 'narrowSymbol' }).format(n);
  } catch {
    return `${numberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n)} ${code}`.trim();
  }
}

/** A number in the locale's style (grouping, decimal mark). Empty string when not a number. */
export function formatNumber(
  value: number | string | null | undefined,
  locale: string,
  options: Intl.NumberFormatOptions = {},
): string {
  const n = toNumber(value);
  if (!Number.isFinite(n)) return '';
  return numberFormat(locale, options).format(n);
}

export interface Formatter {
  locale: Locale;
  timeZone: string;
  time(date: DateInput | null | undefined): string;
  weekdayDate(date: DateInput | null | undefined): string;
  date(date: DateInput | null | undefined): string;
  dayHeader(date: DateInput | null | undefined): string;
  yearHeader(date: DateInput | null | undefined): string;
  dateTime(date: DateInput | null | undefined): string;
  timeRange(start: DateInput | null | undefined, end: DateInput | null | undefined): string;
  relativeDay(date: DateInput | null | undefined, now?: DateInput): string;
  dayKey(date: DateInput): string;
  yearKey(date: DateInput): string;
  currency(amount: number | string | null | undefined, currencyCode: string): string;
  number(value: number | string | null | undefined, options?: Intl.NumberFormatOptions): string;
  /** Abbreviated weekday, e.g. "Tue", for compact day pickers. */
  weekdayShort(date: DateInput | null | undefined): string;
  /** A length of time in minutes, e.g. "60 min", in the locale's words. */
  minutes(value: number): string;
}

/** Abbreviated weekday in the locale (date-fns `EEE`), e.g. en "Tue", fr "mar.". */
export function formatWeekdayShort(date: DateInput | null | undefined, locale: string, timeZone: string): string {
  const lng = resolveLocale(locale);
  const clock = toZonedDate(date, timeZone);
  return clock ? formatPattern(clock, 'EEE', dateLocale(lng)) : '';
}

const FORMAT_CACHE_SIZE = 5_000;

/** All helpers bound to one locale and zone (zone defaults to the device's). */
export function createFormatter(locale: string, timeZone?: string | null): Formatter {
  const lng = resolveLocale(locale);
  const zone = safeTimeZone(timeZone);
  // Lists format the same instants on every render; each costs an Intl call in the zone, so each
  // helper remembers its answers for this locale and zone.
  const remember = (fn: (d: DateInput | null | undefined) => string) => {
    const cache = new Map<DateInput, string>();
    return (d: DateInput | null | undefined): string => {
      if (d === null || d === undefined || d instanceof Date) return fn(d);
      let out = cache.get(d);
      if (out === undefined) {
        if (cache.size >= FORMAT_CACHE_SIZE) cache.clear();
        out = fn(d);
        cache.set(d, out);
      }
      return out;
    };
  };
  const time = remember((d) => formatTime(d, lng, zone));
  return {
    locale: lng,
    timeZone: zone,
    time,
    weekdayDate: remember((d) => formatWeekdayDate(d, lng, zone)),
    date: remember((d) => formatDate(d, lng, zone)),
    dayHeader: remember((d) => formatDayHeader(d, lng, zone)),
    yearHeader: remember((d) => formatYearHeader(d, lng, zone)),
    dateTime: remember((d) => formatDateTime(d, lng, zone)),
    timeRange: (a, b) => joinTimes(time(a), time(b)),
    relativeDay: (d, now) => formatRelativeDay(d, lng, zone, now),
    dayKey: (d) => dayKey(d, zone),
    yearKey: (d) => yearKey(d, zone),
    currency: (amount, code) => formatCurrency(amount, code, lng),
    number: (value, options) => formatNumber(value, lng, options),
    weekdayShort: remember((d) => formatWeekdayShort(d, lng, zone)),
    minutes: (value) => formatNumber(value, lng, { style: 'unit', unit: 'minute', unitDisplay: 'short' }),
  };
}
