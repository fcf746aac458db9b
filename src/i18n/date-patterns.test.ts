// The app's own pattern formatter against date-fns' `format` of a zoned date, which it replaced:
// the same text for every pattern, locale, zone and instant here (date-fns stays for this check
// and for the screens off the first paint).
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { beforeAll, describe, expect, it } from 'vitest';
import { SUPPORTED_LOCALES, type Locale } from '../../core/locales';
import { dateLocale, loadDateLocale } from './dateLocales';
import {
  DATE_PATTERNS,
  INTL_LOCALE,
  dayKey,
  formatDate,
  formatDateTime,
  formatDayHeader,
  formatPattern,
  formatTime,
  formatWeekdayDate,
  formatWeekdayShort,
  formatYearHeader,
  safeTimeZone,
  toZonedDate,
  yearKey,
  type DateInput,
  type DatePatterns,
} from './format';

const ZONES = ['Pacific/Auckland', 'Europe/Paris', 'UTC', 'Not/AZone'];

// Either side of a clock change (the zones' own arithmetic through whole days of them is
// src/domain/zoned-clock.test.ts's; here, that the words and numbers come out the same).
const around = (change: string) => [-90, -30, 30, 90].map((minutes) => new Date(Date.parse(change) + minutes * 60_000).toISOString());

const INSTANTS: DateInput[] = [
  // Midnight and noon (UTC, Auckland, Paris), and the hour's edges.
  '2026-11-24T00:00:00Z', '2026-11-24T12:00:00Z', '2026-11-23T11:00:00Z', '2026-11-23T23:00:00Z', '2026-11-24T11:00:00Z',
  '2026-11-24T10:59:59.999Z', '2026-11-23T23:59:00Z',
  // 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st, 22nd, 23rd, 24th, 31st (each in the morning and the evening in UTC).
  ...['01', '02', '03', '04', '11', '12', '13', '21', '22', '23', '24'].flatMap((d) => [`2026-06-${d}T06:05:00Z`, `2026-12-${d}T18:45:00Z`]),
  '2026-01-31T20:00:00Z', '2026-03-01T09:00:00Z',
  // Every month, for the month names.
  ...Array.from({ length: 12 }, (_, m) => `2026-${String(m + 1).padStart(2, '0')}-15T03:00:00Z`),
  // The 2026 clock changes in Auckland (5 April, 27 September) and Paris (29 March, 25 October).
  ...around('2026-04-04T14:00:00Z'), ...around('2026-09-26T14:00:00Z'), ...around('2026-03-29T01:00:00Z'), ...around('2026-10-25T01:00:00Z'),
  // Other inputs: a Date, epoch ms, an offset, date-only strings, another year.
  new Date('2027-01-01T10:30:00Z'), Date.parse('2026-07-01T19:30:00Z'), '2026-11-24T07:30:00+13:00',
  '2026-11-24', '2026-02-01', '2026-12-31', '1999-12-31T23:59:59Z',
];

/** What format.ts did before: a zoned date formatted by date-fns, the first letter capitalised in fr, es-ES, et. */
function before(input: DateInput, pattern: string, locale: Locale, timeZone: string, capitalise = true): string {
  const zone = safeTimeZone(timeZone);
  let d: TZDate;
  const m = typeof input === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(input) : null;
  if (m) d = new TZDate(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 12, 0, 0, zone);
  else d = new TZDate(input instanceof Date ? input.getTime() : typeof input === 'number' ? input : Date.parse(input), zone);
  const out = format(d, pattern, { locale: dateLocale(locale) });
  if (!capitalise || !['fr', 'es-ES', 'et'].includes(locale) || !out) return out;
  return out.charAt(0).toLocaleUpperCase(INTL_LOCALE[locale]) + out.slice(1);
}

const HELPERS: Record<keyof DatePatterns, (d: DateInput, l: string, z: string) => string> = {
  time: formatTime,
  weekdayDate: formatWeekdayDate,
  date: formatDate,
  dayHeader: formatDayHeader,
  yearHeader: formatYearHeader,
  dateTime: formatDateTime,
};

describe('the pattern formatter against date-fns format', () => {
  beforeAll(async () => {
    await Promise.all(SUPPORTED_LOCALES.map((l) => loadDateLocale(l)));
  });

  it.each(SUPPORTED_LOCALES)('gives the same text for every pattern, zone and instant (%s)', (locale) => {
    let compared = 0;
    for (const zone of ZONES) {
      for (const input of INSTANTS) {
        const what = `${String(input)} in ${zone}`;
        for (const key of Object.keys(HELPERS) as (keyof DatePatterns)[]) {
          const pattern = DATE_PATTERNS[locale][key];
          expect(HELPERS[key](input, locale, zone), `${key} '${pattern}', ${what}`).toBe(before(input, pattern, locale, zone));
          compared += 1;
        }
        expect(formatWeekdayShort(input, locale, zone), `EEE, ${what}`).toBe(before(input, 'EEE', locale, zone, false));
        expect(dayKey(input, zone), `yyyy-MM-dd, ${what}`).toBe(before(input, 'yyyy-MM-dd', locale, zone, false));
        expect(yearKey(input, zone), `yyyy, ${what}`).toBe(before(input, 'yyyy', locale, zone, false));
        compared += 3;
      }
    }
    expect(compared).toBe(ZONES.length * INSTANTS.length * 9);
  });

  it('knows every token it claims, quotes as date-fns does, and throws on any other letter', () => {
    const fr = dateLocale('fr');
    const en = dateLocale('en-US');
    for (const input of ['2026-12-01T08:05:00Z', '2026-12-24T21:05:00Z', '2026-12-24T00:00:00Z', '2026-12-24T12:00:00Z']) {
      const clock = toZonedDate(input, 'UTC')!;
      for (const pattern of ['yyyy-MM-dd', 'd dd do', 'EEE EEEE eee eeee', 'h hh H HH mm a', 'MMM MMMM', "h 'o''clock' ''", "'quoted", 'do MMMM', 'do MMM', 'EEEE do MMMM yyyy']) {
        expect(formatPattern(clock, pattern, en), `${pattern} ${input}`).toBe(format(new TZDate(Date.parse(input), 'UTC'), pattern, { locale: en }));
        expect(formatPattern(clock, pattern, fr), `${pattern} ${input} fr`).toBe(format(new TZDate(Date.parse(input), 'UTC'), pattern, { locale: fr }));
      }
    }
    expect(() => formatPattern(toZonedDate('2026-12-01', 'UTC')!, 'QQQ', en)).toThrow(RangeError);
  });
});
