import type { Kysely } from 'kysely';
import type { LiftSet, Movement, Workout } from '../../../core/contract/types';
import { liftLoad, weightUnitsOf } from '../../../core/rules/training/index';
import type { Database, WorkoutPatch, WorkoutRow } from '../../db/schema';
import type { LiftChanges, WodChanges, WodInputFields } from './input';
import { parseSets, presentWorkouts } from './present';

// A member's own workouts: the member is the signed-in profile inside the organisation of the
// request. Another member's workout, or the member's own in another organisation, is not found.

type Db = Kysely<Database>;

export async function findOwnWorkoutRow(db: Db, workoutId: number, profileId: number, orgId: number): Promise<WorkoutRow | undefined> {
  if (!Number.isSafeInteger(workoutId) || workoutId <= 0) return undefined;
  return db.selectFrom('workouts').selectAll().where('id', '=', workoutId).where('profile_id', '=', profileId).where('org_id', '=', orgId).executeTakeFirst();
}

export async function loadOwnWorkout(db: Db, workoutId: number, profileId: number, orgId: number): Promise<Workout | undefined> {
  const row = await findOwnWorkoutRow(db, workoutId, profileId, orgId);
  return row ? (await presentWorkouts(db, [row], profileId))[0] : undefined;
}

type WodScores = Omit<WodInputFields, 'name' | 'completed_at' | 'notes' | 'session_id' | 'workout_definition_id'>;

const NO_WOD = {
  scoring: null,
  score_time: null,
  score_rounds: null,
  score_repetitions: null,
  score_distance: null,
  score_load: null,
  score_load_units: null,
  score_calories: null,
  score_tabata: null,
  score_total: null,
  as_prescribed: 0,
} as const satisfies WorkoutPatch;

const NO_LIFT = { movement_id: null, rep_scheme: null, sets: null, load_value: null, load_units: null } as const satisfies WorkoutPatch;

/** Score columns of a WOD; a load without units is in kilograms (the default). */
export function wodColumns(w: WodScores): WorkoutPatch {
  const load = w.score_load ?? null;
  return {
    ...NO_LIFT,
    scoring: w.scoring,
    score_time: w.score_time ?? null,
    score_rounds: w.score_rounds ?? null,
    score_repetitions: w.score_repetitions ?? null,
    score_distance: w.score_distance ?? null,
    score_load: load,
    score_load_units: w.score_load_units ?? (load === null ? null : 'kilograms'),
    score_calories: w.score_calories ?? null,
    score_tabata: w.score_tabata ?? null,
    score_total: w.score_total ?? null,
    as_prescribed: w.as_prescribed ? 1 : 0,
  };
}

/** Lift columns with the load the server computes (null when the movement has no weight). */
export function liftColumns(lift: { movement_id: number; rep_scheme: string; sets: LiftSet[] }, movement: Movement): WorkoutPatch {
  const load = liftLoad(lift.sets, movement);
  return {
    ...NO_WOD,
    movement_id: lift.movement_id,
    rep_scheme: lift.rep_scheme,
    sets: JSON.stringify(lift.sets),
    load_value: load?.value ?? null,
    load_units: load ? weightUnitsOf(load) : null,
  };
}

const changed = <T>(next: T | undefined, current: T): T => (next === undefined ? current : next);

/** The stored WOD with the member's changes laid over it. */
export function mergeWod(row: WorkoutRow, changes: WodChanges): WodScores {
  return {
    scoring: changed(changes.scoring, row.scoring ?? 'none'),
    score_time: changed(changes.score_time, row.score_time),
    score_rounds: changed(changes.score_rounds, row.score_rounds),
    score_repetitions: changed(changes.score_repetitions, row.score_repetitions),
    score_distance: changed(changes.score_distance, row.score_distance),
    score_load: changed(changes.score_load, row.score_load),
    // New load without units: kilograms, not the old load's units.
    score_load_units: changes.score_load !== undefined && changes.score_load_units === undefined ? null : changed(changes.score_load_units, row.score_load_units),
    score_calories: changed(changes.score_calories, row.score_calories),
    score_tabata: changed(changes.score_tabata, row.score_tabata),
    score_total: changed(changes.score_total, row.score_total),
    as_prescribed: changed(changes.as_prescribed, row.as_prescribed === 1),
  };
}

/** The stored lift with the member's changes laid over it (checked again against its movement by the caller). */
export function mergeLift(row: WorkoutRow, changes: LiftChanges): { movement_id: number; rep_scheme: string; sets: LiftSet[] } {
  return {
    movement_id: changed(changes.movement_id, row.movement_id ?? 0),
    rep_scheme: changed(changes.rep_scheme, row.rep_scheme ?? ''),
    sets: changed(changes.sets, parseSets(row.sets)),
  };
}
