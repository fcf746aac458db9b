// The WOD form's values, rules and payloads, pure. Values are the texts the member typed; the
// payload carries only the score fields of the chosen scoring type (the others are cleared).
import type { ScoringType, WeightUnits, WodWorkout, WorkoutInput, WorkoutUpdate } from '../../../../core/contract/types';
import type { WorkoutDraft } from '../../../../core/rules/training/workout';
import { formatDuration, parseDuration, type ScoreField } from '../../../../core/rules/training/scoring';
import { WORKOUT_NAME_MAX } from '../../../../core/limits';
import { fromLocalInput, toLocalInput } from './datetime-local';
import { numberText, parseDecimal, parseWhole } from './numbers';
import type { ParseKeys } from 'i18next';

export interface WodFormValues {
  name: string;
  completedAt: string;
  scoring: ScoringType;
  time: string;
  rounds: string;
  reps: string;
  distance: string;
  load: string;
  loadUnits: WeightUnits;
  repetitions: string;
  calories: string;
  tabata: string;
  total: string;
  asPrescribed: boolean;
  notes: string;
}

export type WodField = 'name' | 'completedAt' | 'time' | 'rounds' | 'reps' | 'distance' | 'load' | 'repetitions' | 'calories' | 'tabata' | 'total';
export type WodErrors = Partial<Record<WodField, ParseKeys<'training'>>>;


/** loadUnits: the member's weight units, which a new load starts in. */
export function emptyWodValues(now: Date, timeZone: string, loadUnits: WeightUnits = 'kilograms'): WodFormValues {
  return {
    name: '', completedAt: toLocalInput(now, timeZone), scoring: 'for_time', time: '', rounds: '', reps: '', distance: '', load: '',
    loadUnits, repetitions: '', calories: '', tabata: '', total: '', asPrescribed: true, notes: '',
  };
}

export function wodValuesFromDraft(draft: WorkoutDraft, timeZone: string, loadUnits: WeightUnits = 'kilograms'): WodFormValues {
  const values = emptyWodValues(new Date(draft.completed_at), timeZone, loadUnits);
  return { ...values, name: draft.name, scoring: draft.scoring ?? 'for_time' };
}

const text = (value: number | null) => (value === null ? '' : numberText(value));

/** A saved load keeps its units; without one, a load starts in the member's weight units. */
export function wodValuesFromWorkout(wod: WodWorkout, timeZone: string, loadUnits: WeightUnits = 'kilograms'): WodFormValues {
  return {
    name: wod.name,
    completedAt: toLocalInput(wod.completed_at, timeZone),
    scoring: wod.scoring,
    time: wod.score_time === null ? '' : formatDuration(wod.score_time),
    rounds: text(wod.score_rounds),
    reps: wod.scoring === 'for_rounds' ? text(wod.score_repetitions) : '',
    distance: text(wod.score_distance),
    load: text(wod.score_load),
    loadUnits: wod.score_load_units ?? loadUnits,
    repetitions: wod.scoring === 'for_repetitions' ? text(wod.score_repetitions) : '',
    calories: text(wod.score_calories),
    tabata: text(wod.score_tabata),
    total: text(wod.score_total),
    asPrescribed: wod.as_prescribed,
    notes: wod.notes ?? '',
  };
}

/** The inputs each scoring type shows, in form order. */
export const SCORE_INPUTS: Readonly<Record<ScoringType, readonly WodField[]>> = {
  for_time: ['time'],
  for_rounds: ['rounds', 'reps'],
  for_distance: ['distance'],
  for_load: ['load'],
  for_repetitions: ['repetitions'],
  for_calories: ['calories'],
  tabata: ['tabata'],
  total: ['total'],
  none: [],
};

/** Translation keys of the problems, per field; {} when the form can be saved. */
export function validateWod(values: WodFormValues, timeZone: string): WodErrors {
  const errors: WodErrors = {};
  const name = values.name.trim();
  if (!name) errors.name = 'training.errors.nameRequired';
  else if (name.length > WORKOUT_NAME_MAX) errors.name = 'training.errors.nameTooLong';
  if (!fromLocalInput(values.completedAt, timeZone)) errors.completedAt = 'training.errors.dateRequired';
  for (const field of SCORE_INPUTS[values.scoring]) {
    const value = values[field as keyof WodFormValues] as string;
    if (field === 'time') {
      if (!value.trim()) errors.time = 'training.errors.scoreRequired';
      else if (parseDuration(value) === null) errors.time = 'training.errors.timeInvalid';
    } else if (field === 'reps') {
      if (value.trim() && Number.isNaN(parseWhole(value))) errors.reps = 'training.errors.wholeNumber';
    } else if (!value.trim()) {
      errors[field] = 'training.errors.scoreRequired';
    } else if (Number.isNaN(field === 'distance' || field === 'load' || field === 'total' ? parseDecimal(value) : parseWhole(value))) {
      errors[field] = field === 'distance' || field === 'load' || field === 'total' ? 'training.errors.number' : 'training.errors.wholeNumber';
    }
  }
  return errors;
}

type ScorePayload = Pick<WodWorkout, ScoreField | 'scoring' | 'score_load_units' | 'as_prescribed'>;

const orNull = (value: number) => (Number.isNaN(value) ? null : value);

/** Every score field, those of other scoring types null. Call after validateWod passed. */
export function scorePayload(values: WodFormValues): ScorePayload {
  const s = values.scoring;
  return {
    scoring: s,
    as_prescribed: values.asPrescribed,
    score_time: s === 'for_time' ? parseDuration(values.time) : null,
    score_rounds: s === 'for_rounds' ? orNull(parseWhole(values.rounds)) : null,
    score_repetitions: s === 'for_rounds' ? orNull(parseWhole(values.reps)) : s === 'for_repetitions' ? orNull(parseWhole(values.repetitions)) : null,
    score_distance: s === 'for_distance' ? orNull(parseDecimal(values.distance)) : null,
    score_load: s === 'for_load' ? orNull(parseDecimal(values.load)) : null,
    score_load_units: s === 'for_load' ? values.loadUnits : null,
    score_calories: s === 'for_calories' ? orNull(parseWhole(values.calories)) : null,
    score_tabata: s === 'tabata' ? orNull(parseWhole(values.tabata)) : null,
    score_total: s === 'total' ? orNull(parseDecimal(values.total)) : null,
  };
}

export function wodInput(values: WodFormValues, timeZone: string, link: { session_id: number | null; workout_definition_id: number | null }): WorkoutInput {
  return {
    type: 'wod',
    name: values.name.trim(),
    completed_at: fromLocalInput(values.completedAt, timeZone) ?? new Date().toISOString(),
    notes: values.notes.trim() || null,
    session_id: link.session_id,
    workout_definition_id: link.workout_definition_id,
    ...scorePayload(values),
  };
}

/** PUT changes of an edit: the date only when the member changed it (keeps its seconds otherwise). */
export function wodChanges(values: WodFormValues, initialCompletedAt: string, timeZone: string): WorkoutUpdate {
  const completedAt = values.completedAt !== initialCompletedAt ? fromLocalInput(values.completedAt, timeZone) : null;
  return {
    name: values.name.trim(),
    notes: values.notes.trim() || null,
    ...scorePayload(values),
    ...(completedAt ? { completed_at: completedAt } : {}),
  };
}
