import { parse } from 'date-fns';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { SUPPORTED_LOCALES } from '../../core/locales';
import { mi } from './date-fns-mi';
import { dateLocale, loadDateLocale } from './dateLocales';
import {
  DATE_PATTERNS,
  calendarDaysFrom,
  createFormatter,
  dayKey,
  formatCurrency,
  formatDate,
  formatDateTime,
  formatDayHeader,
  formatNumber,
  formatRelativeDay,
  formatTime,
  formatTimeRange,
  formatWeekdayDate,
  formatYearHeader,
  safeTimeZone,
  toZonedDate,
  yearKey,
} from './format';

// Tuesday 24 November 2026, 7:30 a.m. in Auckland (NZDT, UTC+13); still Monday 23rd in New York.
const INSTANT = '2026-11-23T18:30:00Z';
const AKL = 'Pacific/Auckland';
const NYC = 'America/New_York';

/** Intl uses no-break and narrow no-break spaces; compare with plain ones. */
const plain = (s: string) => s.replace(/\s/g, ' ');

describe('date-fns locale loading', () => {
  it('falls back to enUS until a locale is loaded, then returns it', async () => {
    // A fresh copy of the module: test files share one module cache (isolate: false).
    vi.resetModules();
    const fresh = await import('./dateLocales');
    expect(fresh.dateLocale('fr').code).toBe('en-US');
    expect(fresh.isDateLocaleLoaded('fr')).toBe(false);
    await fresh.loadDateLocale('fr-CA');
    expect(fresh.isDateLocaleLoaded('fr')).toBe(true);
    expect(fresh.dateLocale('fr').code).toBe('fr');
  });

  it('maps every app locale to a date-fns locale', async () => {
    await Promise.all(SUPPORTED_LOCALES.map((l) => loadDateLocale(l)));
    expect(Object.fromEntries(SUPPORTED_LOCALES.map((l) => [l, dateLocale(l).code]))).toEqual({
      en: 'en-AU',
      'en-GB': 'en-GB',
      'en-US': 'en-US',
      et: 'et',
      fr: 'fr',
      'mi-NZ': 'mi-NZ',
      'es-ES': 'es',
    });
    expect(dateLocale('de').code).toBe('en-US');
  });
});

describe('SPEC §9 patterns (en-US)', () => {
  it('uses the SPEC patterns verbatim', () => {
    expect(DATE_PATTERNS['en-US']).toMatchObject({
      time: 'h:mm a',
      weekdayDate: 'eeee MMM do',
      date: 'MMM do yyyy',
      dayHeader: 'EEEE, MMMM do',
      yearHeader: 'yyyy',
    });
  });

  it('formats in the facility time zone', () => {
    expect(formatTime(INSTANT, 'en-US', AKL)).toBe('7:30 AM');
    expect(formatWeekdayDate(INSTANT, 'en-US', AKL)).toBe('Tuesday Nov 24th');
    expect(formatDate(INSTANT, 'en-US', AKL)).toBe('Nov 24th 2026');
    expect(formatDayHeader(INSTANT, 'en-US', AKL)).toBe('Tuesday, November 24th');
    expect(formatYearHeader(INSTANT, 'en-US', AKL)).toBe('2026');
    expect(formatDateTime(INSTANT, 'en-US', AKL)).toBe('Tuesday Nov 24th, 7:30 AM');
  });

  it('gives a different day and time for the same instant in another zone', () => {
    expect(formatTime(INSTANT, 'en-US', NYC)).toBe('1:30 PM');
    expect(formatWeekdayDate(INSTANT, 'en-US', NYC)).toBe('Monday Nov 23rd');
  });

  it('accepts Date, epoch ms and ISO strings with offsets', () => {
    const ms = Date.parse(INSTANT);
    expect(formatTime(new Date(ms), 'en-US', AKL)).toBe('7:30 AM');
    expect(formatTime(ms, 'en-US', AKL)).toBe('7:30 AM');
    expect(formatTime('2026-11-24T07:30:00+13:00', 'en-US', AKL)).toBe('7:30 AM');
  });

  it('follows daylight saving (NZST, UTC+12, in July)', () => {
    expect(formatTime('2026-06-30T19:30:00Z', 'en-US', AKL)).toBe('7:30 AM');
    expect(formatWeekdayDate('2026-06-30T19:30:00Z', 'en-US', AKL)).toBe('Wednesday Jul 1st');
  });

  it('treats a date-only string as that calendar date in any zone', () => {
    expect(formatDate('2026-11-24', 'en-US', 'America/Los_Angeles')).toBe('Nov 24th 2026');
    expect(formatDate('2026-11-24', 'en-US', AKL)).toBe('Nov 24th 2026');
    expect(dayKey('2026-11-24', 'Pacific/Honolulu')).toBe('2026-11-24');
  });

  it('returns an empty string for missing or invalid dates', () => {
    expect(formatTime(null, 'en-US', AKL)).toBe('');
    expect(formatTime(undefined, 'en-US', AKL)).toBe('');
    expect(formatDate('', 'en-US', AKL)).toBe('');
    expect(formatDate('not a date', 'en-US', AKL)).toBe('');
    expect(formatDate(Number.NaN, 'en-US', AKL)).toBe('');
    expect(toZonedDate('2026-13-45', AKL)).toBeNull();
  });

  it('falls back to the device zone for an unknown zone instead of throwing', () => {
    expect(safeTimeZone('Not/AZone')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(safeTimeZone(AKL)).toBe(AKL);
    expect(() => formatTime(INSTANT, 'en-US', 'Not/AZone')).not.toThrow();
  });

  it('falls back to en-US formats for an unsupported locale', () => {
    expect(formatWeekdayDate(INSTANT, 'de-DE', AKL)).toBe('Tuesday Nov 24th');
  });

  it('formats a time range', () => {
    expect(formatTimeRange(INSTANT, '2026-11-23T19:30:00Z', 'en-US', AKL)).toBe('7:30 AM – 8:30 AM');
    expect(formatTimeRange(INSTANT, null, 'en-US', AKL)).toBe('7:30 AM');
  });
});

describe('other locales', () => {
  beforeAll(async () => {
    await Promise.all(SUPPORTED_LOCALES.map((l) => loadDateLocale(l)));
  });

  it('en (AU/NZ) and en-GB: 12-hour, day before month', () => {
    for (const l of ['en', 'en-GB']) {
      expect(formatTime(INSTANT, l, AKL)).toBe('7:30 AM');
      expect(formatWeekdayDate(INSTANT, l, AKL)).toBe('Tuesday 24th Nov');
      expect(formatDate(INSTANT, l, AKL)).toBe('24th Nov 2026');
      expect(formatDayHeader(INSTANT, l, AKL)).toBe('Tuesday, 24th November');
    }
  });

  it('mi-NZ: Māori weekday and month names, a.m./p.m., plain day numbers', () => {
    expect(formatWeekdayDate(INSTANT, 'mi-NZ', AKL)).toBe('Rātū 24 Whiringa-ā-rangi');
    expect(formatDate(INSTANT, 'mi-NZ', AKL)).toBe('24 Whiringa-ā-rangi 2026');
    expect(formatDayHeader(INSTANT, 'mi-NZ', AKL)).toBe('Rātū, 24 Whiringa-ā-rangi');
    expect(formatTime(INSTANT, 'mi-NZ', AKL)).toBe('7:30 a.m.');
    expect(formatTime('2026-11-24T05:05:00Z', 'mi-NZ', AKL)).toBe('6:05 p.m.');
    expect(formatDateTime(INSTANT, 'mi-NZ', AKL)).toBe('Rātū 24 Whiringa-ā-rangi, 7:30 a.m.');
  });

  it('fr: 24-hour clock, "1er", capitalised weekday', () => {
    expect(formatTime(INSTANT, 'fr', AKL)).toBe('07:30');
    expect(formatTime('2026-11-24T05:05:00Z', 'fr', AKL)).toBe('18:05');
    expect(formatWeekdayDate(INSTANT, 'fr', AKL)).toBe('Mardi 24 nov.');
    expect(formatWeekdayDate('2026-11-30T18:30:00Z', 'fr', AKL)).toBe('Mardi 1er déc.');
    expect(formatDate(INSTANT, 'fr', AKL)).toBe('24 nov. 2026');
    expect(formatDayHeader(INSTANT, 'fr', AKL)).toBe('Mardi 24 novembre');
    expect(formatDateTime(INSTANT, 'fr', AKL)).toBe('Mardi 24 nov. à 07:30');
  });

  it('es-ES: 24-hour clock, "de" between day and month', () => {
    expect(formatTime('2026-11-24T05:05:00Z', 'es-ES', AKL)).toBe('18:05');
    expect(formatTime(INSTANT, 'es-ES', AKL)).toBe('7:30');
    expect(formatWeekdayDate(INSTANT, 'es-ES', AKL)).toBe('Martes 24 de nov');
    expect(formatDate(INSTANT, 'es-ES', AKL)).toBe('24 nov 2026');
    expect(formatDayHeader(INSTANT, 'es-ES', AKL)).toBe('Martes, 24 de noviembre');
  });

  it('et: 24-hour clock, "24." day numbers', () => {
    expect(formatTime('2026-11-24T05:05:00Z', 'et', AKL)).toBe('18:05');
    expect(formatWeekdayDate(INSTANT, 'et', AKL)).toBe('Teisipäev, 24. nov');
    expect(formatDate(INSTANT, 'et', AKL)).toBe('24. nov 2026');
    expect(formatDayHeader(INSTANT, 'et', AKL)).toBe('Teisipäev, 24. november');
    expect(formatDateTime(INSTANT, 'et', AKL)).toBe('Teisipäev, 24. nov kell 07:30');
  });

  it('every locale formats every pattern without throwing', () => {
    for (const l of SUPPORTED_LOCALES) {
      const f = createFormatter(l, AKL);
      for (const s of [f.time(INSTANT), f.weekdayDate(INSTANT), f.date(INSTANT), f.dayHeader(INSTANT), f.yearHeader(INSTANT), f.dateTime(INSTANT)]) {
        expect(s, l).not.toBe('');
      }
    }
  });
});

describe('Māori date-fns locale', () => {
  it('names all twelve months and seven weekdays', () => {
    const months = Array.from({ length: 12 }, (_, i) => mi.localize.month(i as 0, { width: 'wide' }));
    expect(months).toEqual([
      'Kohitātea', 'Huitanguru', 'Poutūterangi', 'Paengawhāwhā', 'Haratua', 'Pipiri',
      'Hōngongoi', 'Hereturikōkā', 'Mahuru', 'Whiringa-ā-nuku', 'Whiringa-ā-rangi', 'Hakihea',
    ]);
    const days = Array.from({ length: 7 }, (_, i) => mi.localize.day(i as 0, { width: 'wide' }));
    expect(days).toEqual(['Rātapu', 'Rāhina', 'Rātū', 'Rāapa', 'Rāpare', 'Rāmere', 'Rāhoroi']);
    expect(mi.localize.ordinalNumber(24)).toBe('24');
    expect(mi.code).toBe('mi-NZ');
    expect(mi.options?.weekStartsOn).toBe(1);
  });

  it('parses what it formats', () => {
    const ref = new Date(2026, 0, 1);
    const d = parse('Rātū 24 Whiringa-ā-rangi 2026 7:30 p.m.', 'EEEE d MMMM yyyy h:mm a', ref, { locale: mi });
    expect([d.getFullYear(), d.getMonth(), d.getDate(), d.getHours(), d.getMinutes()]).toEqual([2026, 10, 24, 19, 30]);
    const n = parse('3 Whiringa-ā-nuku 2026', 'd MMMM yyyy', ref, { locale: mi });
    expect(n.getMonth()).toBe(9);
  });
});

describe('dayKey and calendar days', () => {
  it('groups by the date in the given zone across a date boundary', () => {
    expect(dayKey(INSTANT, AKL)).toBe('2026-11-24');
    expect(dayKey(INSTANT, NYC)).toBe('2026-11-23');
    expect(dayKey(INSTANT, 'UTC')).toBe('2026-11-23');
    // 10:59 and 11:01 UTC straddle midnight in Auckland (UTC+13).
    expect(dayKey('2026-11-23T10:59:00Z', AKL)).toBe('2026-11-23');
    expect(dayKey('2026-11-23T11:01:00Z', AKL)).toBe('2026-11-24');
    expect(yearKey('2026-12-31T11:30:00Z', AKL)).toBe('2027');
    expect(dayKey('nonsense', AKL)).toBe('');
  });

  it('counts calendar days in the zone', () => {
    expect(calendarDaysFrom('2026-11-23T11:01:00Z', '2026-11-23T10:59:00Z', AKL)).toBe(1);
    expect(calendarDaysFrom('2026-11-23T11:01:00Z', '2026-11-23T10:59:00Z', 'UTC')).toBe(0);
    // Across the April DST change in Auckland.
    expect(calendarDaysFrom('2026-04-10T00:00:00Z', '2026-04-01T00:00:00Z', AKL)).toBe(9);
  });
});

describe('formatRelativeDay', () => {
  beforeAll(async () => {
    await Promise.all(SUPPORTED_LOCALES.map((l) => loadDateLocale(l)));
  });
  const now = INSTANT; // Tuesday 24th in Auckland

  it('says today / tomorrow / yesterday in the locale', () => {
    expect(formatRelativeDay('2026-11-24T02:00:00Z', 'en-US', AKL, now)).toBe('Today');
    expect(formatRelativeDay('2026-11-24T20:00:00Z', 'en-US', AKL, now)).toBe('Tomorrow');
    expect(formatRelativeDay('2026-11-22T20:00:00Z', 'en-US', AKL, now)).toBe('Yesterday');
    expect(formatRelativeDay('2026-11-24T20:00:00Z', 'fr', AKL, now)).toBe('Demain');
    expect(formatRelativeDay('2026-11-24T20:00:00Z', 'es-ES', AKL, now)).toBe('Mañana');
    expect(formatRelativeDay('2026-11-24T20:00:00Z', 'et', AKL, now)).toBe('Homme');
    expect(formatRelativeDay('2026-11-24T20:00:00Z', 'mi-NZ', AKL, now)).toBe('Āpōpō');
    expect(formatRelativeDay('2026-11-24T02:00:00Z', 'mi-NZ', AKL, now)).toBe('I tēnei rā');
  });

  it('falls back to the weekday and date further out', () => {
    expect(formatRelativeDay('2026-11-26T20:00:00Z', 'en-US', AKL, now)).toBe('Friday Nov 27th');
    expect(formatRelativeDay(null, 'en-US', AKL, now)).toBe('');
  });
});

describe('numbers and currency', () => {
  it('uses the narrow currency symbol', () => {
    expect(formatCurrency(12.5, 'NZD', 'en')).toBe('$12.50');
    expect(formatCurrency(1234.5, 'USD', 'en-US')).toBe('$1,234.50');
    expect(plain(formatCurrency(12.5, 'EUR', 'et'))).toBe('12,50 €');
    expect(plain(formatCurrency(1234.5, 'EUR', 'fr'))).toBe('1 234,50 €');
    expect(formatCurrency(12.5, 'GBP', 'en-GB')).toBe('£12.50');
    expect(formatCurrency(12.5, 'AUD', 'en')).toBe('$12.50');
    expect(formatCurrency(12.5, 'nzd', 'mi-NZ')).toContain('$');
    expect(formatCurrency(12.5, 'nzd', 'mi-NZ')).not.toContain('NZ');
  });

  it('accepts amounts as strings and rejects non-numbers', () => {
    expect(formatCurrency('12.5', 'NZD', 'en')).toBe('$12.50');
    expect(formatCurrency('abc', 'NZD', 'en')).toBe('');
    expect(formatCurrency(null, 'NZD', 'en')).toBe('');
  });

  it('falls back to number + code for an invalid currency code', () => {
    expect(formatCurrency(12.5, 'NOTACODE', 'en-US')).toBe('12.50 NOTACODE');
  });

  it('formats numbers per locale', () => {
    expect(formatNumber(1234.5, 'en-US')).toBe('1,234.5');
    expect(plain(formatNumber(1234.5, 'fr'))).toBe('1 234,5');
    expect(formatNumber('2.25', 'es-ES', { maximumFractionDigits: 1 })).toMatch(/^2,[23]$/);
    expect(formatNumber(undefined, 'en-US')).toBe('');
  });
});

describe('createFormatter', () => {
  it('binds locale and zone', () => {
    const f = createFormatter('en-NZ', AKL);
    expect(f.locale).toBe('en');
    expect(f.timeZone).toBe(AKL);
    expect(f.time(INSTANT)).toBe('7:30 AM');
    expect(f.dayKey(INSTANT)).toBe('2026-11-24');
    expect(f.currency(5, 'NZD')).toBe('$5.00');
  });

  it('defaults to the device zone', () => {
    expect(createFormatter('en-US').timeZone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });
});
