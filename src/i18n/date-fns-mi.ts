// A te reo Māori locale for date-fns, which ships none.
//
// Built on enNZ: week rules (Monday first), long formats and parsing of numbers come from it, and
// formatDistance/formatRelative stay English (the app does not use them for display; the date
// patterns only need names). Names:
// - Months: the traditional Māori month names (Kohitātea … Hakihea) rather than the transliterated
//   set (Hānuere … Tīhema) that CLDR uses. There is no settled abbreviation scheme for them, so
//   the app's mi-NZ patterns use the full names (see format.ts); the abbreviations below are only
//   for completeness (first distinctive part of each name).
// - Weekdays: the Rā- set (Rātapu, Rāhina, Rātū, Rāapa, Rāpare, Rāmere, Rāhoroi). Short forms drop
//   the shared "Rā" prefix, which would make them indistinguishable.
// - Ordinals: Māori ordinals are "tua" + number word (tuatahi, tuarua, …); dates use plain
//   numerals, so ordinalNumber returns the number itself ("24 Whiringa-ā-rangi").
// - am/pm: "a.m."/"p.m.", as commonly written in New Zealand.
import type { Day, Era, Locale, LocaleDayPeriod, LocaleWidth, LocalizeFnOptions, Match, MatchFnResult, Month, Quarter } from 'date-fns';
import { enNZ } from 'date-fns/locale/en-NZ';

const MONTHS = {
  narrow: ['K', 'H', 'P', 'P', 'H', 'P', 'H', 'H', 'M', 'W', 'W', 'H'],
  abbreviated: ['Kohi', 'Hui', 'Pou', 'Paenga', 'Hara', 'Pipiri', 'Hōngongoi', 'Here', 'Mahuru', 'Nuku', 'Rangi', 'Haki'],
  wide: [
    'Kohitātea',
    'Huitanguru',
    'Poutūterangi',
    'Paengawhāwhā',
    'Haratua',
    'Pipiri',
    'Hōngongoi',
    'Hereturikōkā',
    'Mahuru',
    'Whiringa-ā-nuku',
    'Whiringa-ā-rangi',
    'Hakihea',
  ],
} as const;

const DAYS = {
  narrow: ['T', 'H', 'T', 'A', 'P', 'M', 'H'],
  short: ['Ta', 'Hi', 'Tū', 'Ap', 'Pa', 'Me', 'Ho'],
  abbreviated: ['Tapu', 'Hina', 'Tū', 'Apa', 'Pare', 'Mere', 'Horoi'],
  wide: ['Rātapu', 'Rāhina', 'Rātū', 'Rāapa', 'Rāpare', 'Rāmere', 'Rāhoroi'],
} as const;

const ERAS = {
  narrow: ['BC', 'AD'],
  abbreviated: ['BC', 'AD'],
  wide: ['I mua i a te Karaiti', 'I muri i a te Karaiti'],
} as const;

const QUARTERS = {
  narrow: ['1', '2', '3', '4'],
  abbreviated: ['H1', 'H2', 'H3', 'H4'],
  wide: ['Hauwhā tuatahi', 'Hauwhā tuarua', 'Hauwhā tuatoru', 'Hauwhā tuawhā'],
} as const;

type PeriodNames = Record<LocaleDayPeriod, string>;

const PERIODS: Record<'narrow' | 'abbreviated' | 'wide', PeriodNames> = {
  narrow: { am: 'a', pm: 'p', midnight: 'waenga pō', noon: 'poupoutanga', morning: 'ata', afternoon: 'ahiahi', evening: 'pō', night: 'pō' },
  abbreviated: { am: 'a.m.', pm: 'p.m.', midnight: 'waenga pō', noon: 'poupoutanga', morning: 'ata', afternoon: 'ahiahi', evening: 'pō', night: 'pō' },
  wide: { am: 'a.m.', pm: 'p.m.', midnight: 'waenganui pō', noon: 'poupoutanga o te rā', morning: 'ata', afternoon: 'ahiahi', evening: 'pō', night: 'pō' },
};

const FORMATTING_PERIODS: Record<'narrow' | 'abbreviated' | 'wide', PeriodNames> = {
  narrow: { ...PERIODS.narrow, morning: 'i te ata', afternoon: 'i te ahiahi', evening: 'i te pō', night: 'i te pō' },
  abbreviated: { ...PERIODS.abbreviated, morning: 'i te ata', afternoon: 'i te ahiahi', evening: 'i te pō', night: 'i te pō' },
  wide: { ...PERIODS.wide, morning: 'i te ata', afternoon: 'i te ahiahi', evening: 'i te pō', night: 'i te pō' },
};

type Table<T> = { narrow: T; abbreviated: T; wide: T; short?: T };

function pick<T>(table: Table<T>, width: LocaleWidth | undefined): T {
  switch (width) {
    case 'narrow':
      return table.narrow;
    case 'short':
      return table.short ?? table.abbreviated;
    case 'abbreviated':
      return table.abbreviated;
    default:
      return table.wide;
  }
}

function name(table: Table<readonly string[]>, width: LocaleWidth | undefined, index: number): string {
  return pick(table, width)[index] ?? '';
}

const localize: Locale['localize'] = {
  ordinalNumber: (value: number) => String(value),
  era: (value: Era, options?: LocalizeFnOptions) => name(ERAS, options?.width, value),
  quarter: (value: Quarter, options?: LocalizeFnOptions) => name(QUARTERS, options?.width, value - 1),
  month: (value: Month, options?: LocalizeFnOptions) => name(MONTHS, options?.width, value),
  day: (value: Day, options?: LocalizeFnOptions) => name(DAYS, options?.width, value),
  dayPeriod: (value: LocaleDayPeriod, options?: LocalizeFnOptions) =>
    pick<PeriodNames>(options?.context === 'formatting' ? FORMATTING_PERIODS : PERIODS, options?.width)[value],
};

// Parsing: longest name first so "Whiringa-ā-nuku" is not cut at a shorter prefix.
function nameMatcher<V extends number>(lists: readonly (readonly string[])[]) {
  const entries: [string, V][] = [];
  for (const list of lists) list.forEach((name, i) => entries.push([name.toLocaleLowerCase('mi'), i as V]));
  entries.sort((a, b) => b[0].length - a[0].length);
  return (str: string): MatchFnResult<V> | null => {
    const lower = str.toLocaleLowerCase('mi');
    for (const [name, value] of entries) {
      if (lower.startsWith(name)) return { value, rest: str.slice(name.length) };
    }
    return null;
  };
}

const matchMonth = nameMatcher<Month>([MONTHS.wide, MONTHS.abbreviated]);
const matchDay = nameMatcher<Day>([DAYS.wide, DAYS.abbreviated, DAYS.short]);
const periodKeys = ['am', 'pm'] as const;
const matchPeriod = (str: string): MatchFnResult<LocaleDayPeriod> | null => {
  const lower = str.toLowerCase();
  for (const key of periodKeys) {
    for (const form of [PERIODS.wide[key], PERIODS.narrow[key]]) {
      if (lower.startsWith(form)) return { value: key, rest: str.slice(form.length) };
    }
  }
  return enNZ.match.dayPeriod(str);
};

const match: Match = {
  ordinalNumber: enNZ.match.ordinalNumber,
  era: enNZ.match.era,
  quarter: enNZ.match.quarter,
  month: (str) => matchMonth(str),
  day: (str) => matchDay(str),
  dayPeriod: matchPeriod,
};

export const mi: Locale = {
  ...enNZ,
  code: 'mi-NZ',
  localize,
  match,
  formatLong: {
    ...enNZ.formatLong,
    // enNZ joins with an English "'at'"; a comma reads naturally in any language.
    dateTime: () => '{{date}}, {{time}}',
  },
};

