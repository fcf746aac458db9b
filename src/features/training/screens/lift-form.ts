// The lift form's values, rules and payloads, pure. Sets hold numbers (NaN where the member's
// text is not a number yet); the rep scheme decides how many sets there are (see docs/rules.md#training).
import type { LiftSet, LiftWorkout, Movement, MovementPropertyType, Units, WorkoutInput, WorkoutUpdate } from '../../../../core/contract/types';
import type { WorkoutDraft } from '../../../../core/rules/training/workout';
import { parseRepScheme } from '../../../../core/rules/training/rep-scheme';
import { defaultUnits, setValueProblem, setsForScheme } from '../../../../core/rules/training/lift';
import { fromLocalInput, toLocalInput } from './datetime-local';
import { SET_REPS_MAX, SET_REPS_MIN, WORKOUT_NAME_MAX } from '../../../../core/limits';
import type { ParseKeys } from 'i18next';

/** A translation key of the training strings: form errors are shown with t(). */
type TrainingKey = ParseKeys<'training'>;

export type UnitsByProperty = Partial<Record<MovementPropertyType, Units>>;

export interface LiftFormValues {
  movementId: number | null;
  name: string;
  repScheme: string;
  sets: LiftSet[];
  units: UnitsByProperty;
  completedAt: string;
  notes: string;
}

/** Units a member may choose per property (the first is the default; see docs/rules.md#training). */
export const UNIT_CHOICES: Readonly<Record<MovementPropertyType, readonly Units[]>> = {
  weight: ['kilograms', 'pounds'],
  height: ['centimetres', 'inches'],
  distance: ['centimetres', 'inches'],
};

/** `preferred`: the member's units per property (new sets start in them); kilograms and centimetres without. */
export function emptyLiftValues(now: Date, timeZone: string, preferred: UnitsByProperty = {}): LiftFormValues {
  return { movementId: null, name: '', repScheme: '', sets: [], units: { ...preferred }, completedAt: toLocalInput(now, timeZone), notes: '' };
}

export function liftValuesFromDraft(draft: WorkoutDraft, timeZone: string, preferred: UnitsByProperty = {}): LiftFormValues {
  return {
    ...emptyLiftValues(new Date(draft.completed_at), timeZone),
    movementId: draft.movement_id,
    name: draft.name,
    repScheme: draft.rep_scheme ?? '',
    sets: draft.sets,
    units: { ...preferred, ...unitsOfSets(draft.sets) },
  };
}

/** The sets keep the units they were saved in; a property they lack starts in the member's units. */
export function liftValuesFromWorkout(lift: LiftWorkout, timeZone: string, preferred: UnitsByProperty = {}): LiftFormValues {
  return {
    movementId: lift.movement.id,
    name: lift.name,
    repScheme: lift.rep_scheme,
    sets: lift.sets,
    units: { ...preferred, ...unitsOfSets(lift.sets) },
    completedAt: toLocalInput(lift.completed_at, timeZone),
    notes: lift.notes ?? '',
  };
}

/** The units the sets were entered in, per property (the first set that has the property). */
export function unitsOfSets(sets: readonly LiftSet[]): UnitsByProperty {
  const units: UnitsByProperty = {};
  for (const set of sets) {
    for (const [type, measurement] of Object.entries(set.values) as [MovementPropertyType, LiftSet['values'][MovementPropertyType]][]) {
      if (measurement && !units[type]) units[type] = measurement.units;
    }
  }
  return units;
}

export function unitsFor(units: UnitsByProperty, property: MovementPropertyType): Units {
  return units[property] ?? defaultUnits(property);
}

/** The sets after the scheme or the movement changed: typed values stay at their position. */
export function resizeSets(values: Pick<LiftFormValues, 'repScheme' | 'sets' | 'units'>, movement: Movement | undefined): LiftSet[] {
  if (!movement) return [];
  return setsForScheme(parseRepScheme(values.repScheme), movement, values.sets, values.units);
}

/** Every set's measurement of the property in new units (the numbers stay as typed). */
export function withUnits(sets: readonly LiftSet[], property: MovementPropertyType, units: Units): LiftSet[] {
  return sets.map((set) => {
    const measurement = set.values[property];
    return measurement ? { ...set, values: { ...set.values, [property]: { ...measurement, units } } } : set;
  });
}

export interface LiftErrors {
  movement?: TrainingKey;
  name?: TrainingKey;
  repScheme?: TrainingKey;
  completedAt?: TrainingKey;
  /** Per set and input: `${index}.repetitions` or `${index}.${property}`. */
  sets?: Record<string, TrainingKey>;
}

export function hasErrors(errors: LiftErrors): boolean {
  return Boolean(errors.movement || errors.name || errors.repScheme || errors.completedAt || (errors.sets && Object.keys(errors.sets).length > 0));
}

export function validateLift(values: LiftFormValues, timeZone: string): LiftErrors {
  const errors: LiftErrors = {};
  if (values.movementId === null) errors.movement = 'training.errors.movementRequired';
  const name = values.name.trim();
  if (!name) errors.name = 'training.errors.nameRequired';
  else if (name.length > WORKOUT_NAME_MAX) errors.name = 'training.errors.nameTooLong';
  if (parseRepScheme(values.repScheme).length === 0) errors.repScheme = values.repScheme.trim() ? 'training.errors.repSchemeInvalid' : 'training.errors.repSchemeRequired';
  if (!fromLocalInput(values.completedAt, timeZone)) errors.completedAt = 'training.errors.dateRequired';
  const sets: Record<string, TrainingKey> = {};
  values.sets.forEach((set, index) => {
    if (!Number.isInteger(set.repetitions) || set.repetitions < SET_REPS_MIN || set.repetitions > SET_REPS_MAX) sets[`${index}.repetitions`] = 'training.errors.reps';
    for (const [type, measurement] of Object.entries(set.values)) {
      const problem = measurement ? setValueProblem(type as MovementPropertyType, measurement.value) : null;
      if (problem) sets[`${index}.${type}`] = problem === 'positive' ? 'training.errors.positive' : 'training.errors.number';
    }
  });
  if (Object.keys(sets).length > 0) errors.sets = sets;
  return errors;
}

export function liftInput(values: LiftFormValues, timeZone: string, link: { session_id: number | null; workout_definition_id: number | null }): WorkoutInput {
  return {
    type: 'lift',
    name: values.name.trim(),
    completed_at: fromLocalInput(values.completedAt, timeZone) ?? new Date().toISOString(),
    notes: values.notes.trim() || null,
    session_id: link.session_id,
    workout_definition_id: link.workout_definition_id,
    movement_id: values.movementId ?? 0,
    rep_scheme: values.repScheme.trim(),
    sets: values.sets,
  };
}

/** PUT changes of an edit: the date only when the member changed it. */
export function liftChanges(values: LiftFormValues, initialCompletedAt: string, timeZone: string): WorkoutUpdate {
  const completedAt = values.completedAt !== initialCompletedAt ? fromLocalInput(values.completedAt, timeZone) : null;
  return {
    name: values.name.trim(),
    notes: values.notes.trim() || null,
    movement_id: values.movementId ?? undefined,
    rep_scheme: values.repScheme.trim(),
    sets: values.sets,
    ...(completedAt ? { completed_at: completedAt } : {}),
  };
}
