// How scores, weights and lifts read on screen. Numbers go through the locale's formatter and
// words through translations, so "1 round + 12 reps" and "100 kg" read right in every language.
import type { ParseKeys, TFunction } from 'i18next';
import type { LiftSet, LiftWorkout, Measurement, Units, WodWorkout } from '../../../../core/contract/types';
import type { Formatter } from '../../../i18n/format';
import { toKilograms, weightUnitsOf } from '../../../../core/rules/training/lift';
import { formatDuration, hasScore } from '../../../../core/rules/training/scoring';

/** Intl's sanctioned unit identifiers for the units the app stores. */
const INTL_UNITS: Readonly<Record<Units, string>> = {
  kilograms: 'kilogram',
  pounds: 'pound',
  centimetres: 'centimeter',
  inches: 'inch',
  metres: 'meter',
};

/** "100 kg", "225 lb", "45 cm": at most one decimal, in the locale's style. */
export function formatMeasurement(measurement: Measurement, format: Formatter): string {
  return format.number(measurement.value, { style: 'unit', unit: INTL_UNITS[measurement.units] ?? 'kilogram', unitDisplay: 'short', maximumFractionDigits: 1 });
}

/** A count with its word, e.g. "12 reps", with the plural form the count needs. */
function counted(key: ParseKeys<'training'>, count: number, format: Formatter, t: TFunction<'training'>): string {
  return t(key, { count, value: format.number(count) });
}

/** A WOD's score as members write it: "3:45", "5 rounds + 12 reps", "100 kg", "1,200 m"; '' for scoring none or no score. */
export function formatWodScore(wod: Pick<WodWorkout, 'scoring' | 'score_time' | 'score_rounds' | 'score_repetitions' | 'score_distance' | 'score_load' | 'score_load_units' | 'score_calories' | 'score_tabata' | 'score_total'>, format: Formatter, t: TFunction<'training'>): string {
  if (wod.scoring === 'none' || !hasScore(wod)) return '';
  switch (wod.scoring) {
    case 'for_time':
      return formatDuration(wod.score_time ?? 0);
    case 'for_rounds': {
      const rounds = counted('training.score.rounds', wod.score_rounds ?? 0, format, t);
      return wod.score_repetitions ? `${rounds} + ${counted('training.score.reps', wod.score_repetitions, format, t)}` : rounds;
    }
    case 'for_distance':
      return formatMeasurement({ value: wod.score_distance ?? 0, units: 'metres' }, format);
    case 'for_load':
      return formatMeasurement({ value: wod.score_load ?? 0, units: wod.score_load_units ?? 'kilograms' }, format);
    case 'for_repetitions':
      return counted('training.score.reps', wod.score_repetitions ?? 0, format, t);
    case 'for_calories':
      return t('training.score.calories', { value: format.number(wod.score_calories ?? 0) });
    case 'tabata':
      return format.number(wod.score_tabata ?? 0);
    case 'total':
      return format.number(wod.score_total ?? 0);
    default:
      return '';
  }
}

/** "Rx" or "Scaled". */
export function prescribedLabel(asPrescribed: boolean, t: TFunction<'training'>): string {
  return asPrescribed ? t('training.rx') : t('training.scaled');
}

/** The heaviest weight of the sets (compared in kilograms, shown in its own units); null without weights. */
export function heaviestWeight(sets: readonly LiftSet[]): Measurement | null {
  let best: Measurement | null = null;
  for (const set of sets) {
    const weight = set.values.weight;
    if (!weight || !Number.isFinite(weight.value)) continue;
    if (!best || toKilograms(weight.value, weightUnitsOf(weight)) > toKilograms(best.value, weightUnitsOf(best))) best = weight;
  }
  return best;
}

/** The parts of a lift's one-line summary: rep scheme, heaviest weight, load ("5x5 · 100 kg · Load 2,500 kg"). */
export function liftSummaryParts(lift: Pick<LiftWorkout, 'rep_scheme' | 'sets' | 'load'>, format: Formatter, t: TFunction<'training'>): string[] {
  const parts = [lift.rep_scheme];
  const heaviest = heaviestWeight(lift.sets);
  if (heaviest) parts.push(formatMeasurement(heaviest, format));
  if (lift.load) parts.push(t('training.loadValue', { value: formatMeasurement(lift.load, format) }));
  return parts.filter(Boolean);
}
