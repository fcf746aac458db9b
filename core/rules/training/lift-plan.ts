// Planning a lift from what the member did before (see docs/rules.md#training), pure: the next
// step after last time, weights from a percentage of the estimated one-rep max, and whether a
// lift just logged set a personal record.
import type { LiftDetail, LiftSet, LiftWorkout, Measurement, Movement, WeightUnits } from '../../contract/types';
import { estimatedOneRepMax, liftDetail } from './lifts';
import { fromKilograms, hasWeight, roundToTenth, toKilograms, weightUnitsOf } from './lift';
import { parseRepScheme } from './rep-scheme';
import { nearestLoadable } from './plates';

/**
 * The smallest step a barbell usually moves by: 2.5 kg (two 1.25 kg plates) or 5 lb (two 2.5 lb
 * plates). Used both as the next-step increment and as the rounding of percentage weights.
 */
export const WEIGHT_STEP: Readonly<Record<WeightUnits, number>> = { kilograms: 2.5, pounds: 5 };

/** A weight rounded to the nearest step of its units (halves round up); never below 0. */
export function roundToStep(value: number, units: WeightUnits): number {
  const step = WEIGHT_STEP[units];
  return Math.max(0, roundToTenth(Math.round(value / step) * step));
}

/** The bar and the plates (in the same units) a weight is loaded with. */
export interface BarLoading {
  bar: number;
  plates: readonly number[];
}

/**
 * Each set's weight from a percentage of the one-rep max: with `loading` (the studio's plates and
 * the member's bar, in the max's units) the nearest weight they load; without it, or below the
 * bar, rounded to the step of the max's units.
 */
export function percentWeight(oneRepMax: Measurement, percent: number, loading?: BarLoading): Measurement {
  const units = weightUnitsOf(oneRepMax);
  const target = (oneRepMax.value * percent) / 100;
  const loadable = loading ? nearestLoadable(target, loading.bar, loading.plates) : null;
  return { value: loadable ?? roundToStep(target, units), units };
}

/** The sets with every weight set to `weight` (other values and the reps stay as they are). */
export function withWeight(sets: readonly LiftSet[], weight: Measurement): LiftSet[] {
  return sets.map((set) => (set.values.weight ? { ...set, values: { ...set.values, weight: { ...weight } } } : set));
}

export interface LiftPlan {
  repScheme: string;
  sets: LiftSet[];
}

/** Every set reached the reps its scheme asked for (a scheme that cannot be read counts as reached). */
function everySetReached(last: LiftWorkout): boolean {
  const planned = parseRepScheme(last.rep_scheme);
  if (planned.length === 0) return true;
  return planned.length === last.sets.length && last.sets.every((set, index) => set.repetitions >= (planned[index] ?? 0));
}

/**
 * What to do after `last`: when every set reached its planned reps, the same scheme with each
 * weight one step heavier (+2.5 kg / +5 lb, in the set's own units); otherwise the same again.
 * Sets without a weight (or weighing 0, bodyweight) are repeated as they were.
 */
export function suggestNextStep(last: LiftWorkout): LiftPlan & { heavier: boolean } {
  const heavier = hasWeight(last.movement) && everySetReached(last) && last.sets.some((set) => (set.values.weight?.value ?? 0) > 0);
  const sets = last.sets.map((set) => {
    const weight = set.values.weight;
    if (!heavier || !weight || weight.value <= 0) return set;
    const units = weightUnitsOf(weight);
    return { ...set, values: { ...set.values, weight: { value: roundToTenth(weight.value + WEIGHT_STEP[units]), units } } };
  });
  return { repScheme: last.rep_scheme, sets, heavier };
}

export type LiftRecord =
  | { kind: 'repMax'; repetitions: number; weight: Measurement }
  | { kind: 'estimate'; weight: Measurement };

/**
 * The personal record a lift sets against the member's earlier lifts of the movement, or null.
 * A record is a set heavier than every earlier set of the same rep count (the heaviest such set
 * wins), else an estimated one-rep max above every earlier estimate. The first lift of a movement,
 * or a rep count never done before, beats nothing: no record. Weights are reported in `units`.
 */
export function newRecord(movement: Pick<Movement, 'properties'> & { id: number }, earlier: LiftWorkout[], sets: readonly LiftSet[], units: WeightUnits): LiftRecord | null {
  if (!hasWeight(movement)) return null;
  const before: LiftDetail | null = liftDetail(movement.id, earlier, 'kilograms');
  if (!before) return null;
  let best: { repetitions: number; kilograms: number } | null = null;
  let estimate = 0;
  for (const set of sets) {
    const weight = set.values.weight;
    if (!weight || !(weight.value > 0) || !(set.repetitions >= 1)) continue;
    const kilograms = toKilograms(weight.value, weightUnitsOf(weight));
    const previous = before.records.find((record) => record.repetitions === set.repetitions);
    if (previous && roundToTenth(kilograms) > previous.weight.value && (!best || kilograms > best.kilograms)) best = { repetitions: set.repetitions, kilograms };
    estimate = Math.max(estimate, estimatedOneRepMax(kilograms, set.repetitions) ?? 0);
  }
  const inUnits = (kilograms: number): Measurement => ({ value: roundToTenth(fromKilograms(kilograms, units)), units });
  if (best) return { kind: 'repMax', repetitions: best.repetitions, weight: inUnits(best.kilograms) };
  const earlierEstimate = before.estimated_one_rep_max?.value;
  if (earlierEstimate !== undefined && estimate > earlierEstimate) return { kind: 'estimate', weight: inUnits(estimate) };
  return null;
}
