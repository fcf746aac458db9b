import { z } from 'zod';
import type { LiftSet, MovementPropertyType, ScoringType, Units } from '../../../core/contract/types';
import { invalidWorkoutTypeMessage, isWorkoutType, SCORING_TYPES, workoutUpdatePayload } from '../../../core/rules/training/index';
import { cleanTextMessage, IMPORT_KEY_PATTERN, isCleanText, LENGTH_UNITS, REP_SCHEME_MAX, SET_REPS_MAX, SET_REPS_MIN, SET_VALUE_MAX, SETS_MAX, WEIGHT_UNITS, WORKOUT_NAME_MAX, WORKOUT_NOTES_MAX } from '../../../core/limits';
import { setValueProblem } from '../../../core/rules/training/lift';
import { ApiError } from '../../http/errors';
import { validationError } from '../../http/validate';

// Request bodies of /workouts, validated with zod. Unknown keys are dropped: the app may send a
// whole stored workout back. Checks that need the database (movement, class, definition) live
// in ./references.ts.

const NAME_MAX = WORKOUT_NAME_MAX;
const NOTES_MAX = WORKOUT_NOTES_MAX;
const UNITS_OF: Readonly<Record<MovementPropertyType, readonly Units[]>> = { weight: WEIGHT_UNITS, height: LENGTH_UNITS, distance: LENGTH_UNITS };
const ALL_UNITS = [...WEIGHT_UNITS, ...LENGTH_UNITS] as [Units, ...Units[]];

const name = z
  .string({ error: 'Name must be text.' })
  .trim()
  .min(1, 'Name must not be empty.')
  .max(NAME_MAX, `Name must be at most ${NAME_MAX} characters.`)
  .refine(isCleanText, cleanTextMessage('Name'));

// Stored as UTC `toISOString()` so completed_at sorts as text.
const completedAt = z
  .iso.datetime({ offset: true, error: 'completed_at must be a date-time with an offset, e.g. 2026-05-01T06:00:00Z.' })
  .transform((value) => new Date(value).toISOString());

const notes = z
  .string({ error: 'Notes must be text.' })
  .trim()
  .max(NOTES_MAX, `Notes must be at most ${NOTES_MAX} characters.`)
  .refine(isCleanText, cleanTextMessage('Notes'))
  .nullable()
  .optional()
  .transform((value) => (value === '' ? null : value));

const reference = (label: string) =>
  z.number({ error: `${label} must be a number.` }).int(`${label} must be a whole number.`).positive(`${label} must be positive.`);

function score(label: string, max: number, options: { int?: boolean } = {}) {
  let n = z.number({ error: `${label} must be a number.` }).min(0, `${label} must not be negative.`).max(max, `${label} must be at most ${max}.`);
  if (options.int) n = n.int(`${label} must be a whole number.`);
  return n.nullable().optional();
}

const wodScores = {
  scoring: z.enum(SCORING_TYPES as [ScoringType, ...ScoringType[]], { error: `scoring must be one of ${SCORING_TYPES.join(', ')}.` }),
  // A day at most; longer is a typing mistake.
  score_time: score('score_time (seconds)', 86_400, { int: true }),
  score_rounds: score('score_rounds', 10_000, { int: true }),
  score_repetitions: score('score_repetitions', 100_000, { int: true }),
  score_distance: score('score_distance (metres)', 1_000_000),
  score_load: score('score_load', 10_000),
  score_load_units: z.enum(WEIGHT_UNITS, { error: 'score_load_units must be kilograms or pounds.' }).nullable().optional(),
  score_calories: score('score_calories', 100_000),
  score_tabata: score('score_tabata', 100_000),
  score_total: score('score_total', 1_000_000),
  as_prescribed: z.boolean({ error: 'as_prescribed must be true or false.' }).optional(),
};

const measurement = z.object(
  {
    value: z.number({ error: 'A set value must be a number.' }).min(0, 'A set value must not be negative.').max(SET_VALUE_MAX, `A set value must be at most ${SET_VALUE_MAX}.`),
    units: z.enum(ALL_UNITS, { error: `Units must be one of ${ALL_UNITS.join(', ')}.` }),
  },
  { error: 'A set value must be an object {value, units}.' },
);

const setValues = z
  .strictObject(
    { weight: measurement.optional(), height: measurement.optional(), distance: measurement.optional() },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? `Set values are weight, height or distance, not ${issue.keys.join(', ')}.` : 'Set values must be an object.') },
  )
  .superRefine((values, ctx) => {
    for (const property of ['weight', 'height', 'distance'] as const) {
      const units = values[property]?.units;
      if (units !== undefined && !UNITS_OF[property].includes(units)) ctx.addIssue({ code: 'custom', path: [property, 'units'], message: `${units} is not a unit of ${property} (${UNITS_OF[property].join(', ')}).` });
      const value = values[property]?.value;
      if (value !== undefined && setValueProblem(property, value) === 'positive') ctx.addIssue({ code: 'custom', path: [property, 'value'], message: `A ${property} must be more than 0.` });
    }
  })
  .transform((values): LiftSet['values'] => {
    const out: LiftSet['values'] = {};
    for (const property of ['weight', 'height', 'distance'] as const) if (values[property]) out[property] = values[property];
    return out;
  });

const liftSet = z.object(
  {
    position: z.number({ error: 'A set position must be a number.' }).int('A set position must be a whole number.').min(1, 'A set position must be at least 1.').max(SETS_MAX, `A set position must be at most ${SETS_MAX}.`),
    repetitions: z.number({ error: 'Repetitions must be a number.' }).int('Repetitions must be a whole number.').min(SET_REPS_MIN, `Repetitions must be at least ${SET_REPS_MIN}.`).max(SET_REPS_MAX, `Repetitions must be at most ${SET_REPS_MAX}.`),
    movement_id: reference('A set movement_id'),
    values: setValues,
  },
  { error: 'Each set must be an object {position, repetitions, movement_id, values}.' },
);

const sets = z
  .array(liftSet, { error: 'sets must be a list.' })
  .min(1, 'A lift needs at least one set.')
  .max(SETS_MAX, `A lift has at most ${SETS_MAX} sets.`)
  .superRefine((list, ctx) => {
    const seen = new Set<number>();
    for (const [index, set] of list.entries()) {
      if (seen.has(set.position)) ctx.addIssue({ code: 'custom', path: [index, 'position'], message: `Set position ${set.position} appears twice.` });
      seen.add(set.position);
    }
  })
  .transform((list): LiftSet[] => [...list].sort((a, b) => a.position - b.position).map((s) => ({ position: s.position, repetitions: s.repetitions, movement_id: s.movement_id, values: s.values })));

const liftFields = {
  movement_id: reference('movement_id'),
  rep_scheme: z.string({ error: 'rep_scheme must be text.' }).trim().max(REP_SCHEME_MAX, `rep_scheme must be at most ${REP_SCHEME_MAX} characters.`),
  sets,
};

const links = {
  session_id: reference('session_id').nullable().optional(),
  workout_definition_id: reference('workout_definition_id').nullable().optional(),
};

// Only on create: a key is what the workout was imported from, never changed afterwards.
const importKey = {
  import_key: z.string({ error: 'import_key must be text.' }).regex(IMPORT_KEY_PATTERN, 'import_key must be 64 lowercase hex characters (a SHA-256).').optional(),
};

const wodInput = z.object({ name, completed_at: completedAt, notes, ...links, ...importKey, ...wodScores });
const liftInput = z.object({ name, completed_at: completedAt, notes, ...links, ...importKey, ...liftFields });
const wodUpdate = z.object({ name, completed_at: completedAt, notes, ...wodScores }).partial();
const liftUpdate = z.object({ name, completed_at: completedAt, notes, ...liftFields }).partial();

export type WodInputFields = z.output<typeof wodInput>;
export type LiftInputFields = z.output<typeof liftInput>;
export type WorkoutCreate = ({ type: 'wod' } & WodInputFields) | ({ type: 'lift' } & LiftInputFields);
export type WodChanges = z.output<typeof wodUpdate>;
export type LiftChanges = z.output<typeof liftUpdate>;
export type CommonChanges = Pick<WodChanges, 'name' | 'completed_at' | 'notes'>;

function parse<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  // Paths are reported from the request body ("workout.sets.0.repetitions").
  throw validationError(new z.ZodError(result.error.issues.map((issue) => ({ ...issue, path: ['workout', ...issue.path] }))));
}

function workoutObject(body: unknown): Record<string, unknown> {
  const workout = (body as { workout?: unknown } | null)?.workout;
  if (!workout || typeof workout !== 'object' || Array.isArray(workout)) {
    throw new ApiError(422, 'validation_failed', 'The request body must be an object with a "workout" object.', [{ path: 'workout', message: 'Required.' }]);
  }
  return workout as Record<string, unknown>;
}

/** POST /workouts {workout}: a type other than wod or lift is refused first (see docs/rules.md#training). */
export function parseWorkoutCreate(body: unknown): WorkoutCreate {
  const workout = workoutObject(body);
  const type = workout.type;
  if (!isWorkoutType(type)) {
    const message = invalidWorkoutTypeMessage(type);
    throw new ApiError(422, 'invalid_workout_type', message, [{ path: 'workout.type', message }]);
  }
  return type === 'wod' ? { type, ...parse(wodInput, workout) } : { type, ...parse(liftInput, workout) };
}

/** PUT /workouts/{id} {workout}: id, type, session and definition are ignored (see docs/rules.md#training). */
export function parseWorkoutUpdate(body: unknown, type: 'wod'): WodChanges;
export function parseWorkoutUpdate(body: unknown, type: 'lift'): LiftChanges;
export function parseWorkoutUpdate(body: unknown, type: 'wod' | 'lift'): WodChanges | LiftChanges {
  const changes = workoutUpdatePayload(workoutObject(body));
  return type === 'wod' ? parse(wodUpdate, changes) : parse(liftUpdate, changes);
}
