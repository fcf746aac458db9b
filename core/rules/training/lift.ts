// Lift sets and loads (see docs/rules.md#training), pure. Shared by the lift form and the server.
import type { LiftSet, Measurement, Movement, MovementPropertyType, PreferredLengthUnits, Profile, Units, WeightUnits } from '../../contract/types';
import { SET_VALUE_MAX } from '../../limits';

export const KG_PER_LB = 0.45359237;

/** A member's preferred units (the profile's weight_units and length_units). */
export interface MeasurementUnits {
  weight: WeightUnits;
  length: PreferredLengthUnits;
}

export const DEFAULT_MEASUREMENT_UNITS: Readonly<MeasurementUnits> = { weight: 'kilograms', length: 'centimetres' };

/** The member's preference; a profile kept on a device from before the preference existed has the defaults. */
export function measurementUnitsOf(profile: Partial<Pick<Profile, 'weight_units' | 'length_units'>> | undefined): MeasurementUnits {
  return {
    weight: profile?.weight_units ?? DEFAULT_MEASUREMENT_UNITS.weight,
    length: profile?.length_units ?? DEFAULT_MEASUREMENT_UNITS.length,
  };
}

/** Units per movement property for new entries: weight in the weight units, height and distance in the length units. */
export function unitsByProperty(preferred: MeasurementUnits): Record<MovementPropertyType, Units> {
  return { weight: preferred.weight, height: preferred.length, distance: preferred.length };
}

/** Default draft units, per property. */
const DEFAULT_UNITS: Readonly<Record<MovementPropertyType, Units>> = unitsByProperty(DEFAULT_MEASUREMENT_UNITS);

/** Default units of a property (kilograms and centimetres). */
export function defaultUnits(property: MovementPropertyType): Units {
  return DEFAULT_UNITS[property];
}

/** A value in kilograms, whatever weight units it was entered in. */
export function toKilograms(value: number, units: WeightUnits): number {
  return units === 'pounds' ? value * KG_PER_LB : value;
}

/** A value in kilograms expressed in the given weight units. */
export function fromKilograms(kilograms: number, units: WeightUnits): number {
  return units === 'pounds' ? kilograms / KG_PER_LB : kilograms;
}

/** Weight units of a measurement; anything that is not pounds counts as kilograms. */
export function weightUnitsOf(measurement: Pick<Measurement, 'units'>): WeightUnits {
  return measurement.units === 'pounds' ? 'pounds' : 'kilograms';
}

/** A weight shown in other units, one decimal (for display: stored values keep their units). */
export function inWeightUnits(weight: Measurement, units: WeightUnits): Measurement {
  const from = weightUnitsOf(weight);
  if (from === units) return weight;
  return { value: roundToTenth(fromKilograms(toKilograms(weight.value, from), units)), units };
}

export function roundToTenth(value: number): number {
  return Math.round(value * 10) / 10;
}

export function hasWeight(movement: Pick<Movement, 'properties'>): boolean {
  return movement.properties.some((property) => property.type === 'weight');
}

/** Sum over sets of repetitions × weight, one decimal, in the first weighted set's units; null without a weight property. */
export function liftLoad(sets: LiftSet[], movement: Pick<Movement, 'properties'>): Measurement | null {
  if (!hasWeight(movement)) return null;
  const first = sets.find((set) => set.values.weight);
  const units: WeightUnits = first?.values.weight ? weightUnitsOf(first.values.weight) : 'kilograms';
  let total = 0;
  for (const set of sets) {
    const weight = set.values.weight;
    if (!weight) continue;
    const value = fromKilograms(toKilograms(weight.value, weightUnitsOf(weight)), units);
    total += set.repetitions * value;
  }
  return { value: roundToTenth(total), units };
}

/**
 * One set per scheme entry, keeping values already typed at the same position; new sets copy
 * the previous set's values (a member usually repeats a weight). units: per property.
 */
export function setsForScheme(
  repetitions: number[],
  movement: Movement,
  previous: LiftSet[],
  units: Partial<Record<MovementPropertyType, Units>>,
): LiftSet[] {
  const last = previous[previous.length - 1];
  return repetitions.map((reps, index) => {
    const source = previous[index] ?? last;
    const values: LiftSet['values'] = {};
    for (const { type } of movement.properties) {
      const known = source?.values[type];
      values[type] = known ? { ...known } : { value: 0, units: units[type] ?? defaultUnits(type) };
    }
    return { position: index + 1, repetitions: reps, movement_id: movement.id, values };
  });
}

/**
 * Whether a set's measured value can be saved. A height or distance of 0 is not a result (a box
 * jump of 0 cm is a typo), so those must be above 0; a weight of 0 is real (a bodyweight
 * movement done without added load). See docs/decisions.md#training.
 */
export function setValueProblem(property: MovementPropertyType, value: number): 'number' | 'positive' | 'tooLarge' | null {
  if (!Number.isFinite(value) || value < 0) return 'number';
  if (value === 0 && property !== 'weight') return 'positive';
  if (value > SET_VALUE_MAX) return 'tooLarge';
  return null;
}
