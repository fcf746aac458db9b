// Lift sets and loads (SPEC §5), pure. Shared by the lift form and the server.
import type { LiftSet, Measurement, Movement, MovementPropertyType, Units, WeightUnits } from '../../data/api/types';

export const KG_PER_LB = 0.45359237;

/** Default units of a property (SPEC §9: kilograms and centimetres). */
export function defaultUnits(property: MovementPropertyType): Units {
  void property;
  throw new Error('not implemented');
}

/** A value in kilograms, whatever weight units it was entered in. */
export function toKilograms(value: number, units: WeightUnits): number {
  void value; void units;
  throw new Error('not implemented');
}

export function hasWeight(movement: Pick<Movement, 'properties'>): boolean {
  void movement;
  throw new Error('not implemented');
}

/** Sum over sets of repetitions × weight, one decimal, in the first weighted set's units; null without a weight property. */
export function liftLoad(sets: LiftSet[], movement: Pick<Movement, 'properties'>): Measurement | null {
  void sets; void movement;
  throw new Error('not implemented');
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
  void repetitions; void movement; void previous; void units;
  throw new Error('not implemented');
}
