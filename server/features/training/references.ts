import type { Kysely } from 'kysely';
import type { LiftSet, Movement, WorkoutType } from '../../../core/contract/types';
import type { Database } from '../../db/schema';
import type { ServerErrorCode } from '../../../core/errors';
import { ApiError } from '../../http/errors';
import { findMovement } from './present';

// What a workout names must exist and belong to the organisation of the request: its class,
// its definition (of the same type) and, for lifts, the movement its sets are of. A bad
// reference is part of a bad body, so it answers 422 with the field it concerns.

type Db = Kysely<Database>;

function invalid(code: ServerErrorCode, path: string, message: string): ApiError {
  return new ApiError(422, code, message, [{ path, message }]);
}

export async function checkSession(db: Db, sessionId: number, orgId: number): Promise<void> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('facilities', 'facilities.id', 'sessions.facility_id')
    .select('sessions.id')
    .where('sessions.id', '=', sessionId)
    .where('facilities.org_id', '=', orgId)
    .executeTakeFirst();
  if (!row) throw invalid('invalid_session', 'workout.session_id', 'The class was not found at this organisation.');
}

export async function checkDefinition(db: Db, definitionId: number, orgId: number, type: WorkoutType): Promise<void> {
  const row = await db.selectFrom('workout_definitions').select(['id', 'type']).where('id', '=', definitionId).where('org_id', '=', orgId).executeTakeFirst();
  if (!row) throw invalid('invalid_workout_definition', 'workout.workout_definition_id', 'The workout definition was not found at this organisation.');
  if (row.type !== type) {
    throw invalid('invalid_workout_definition', 'workout.workout_definition_id', `The workout definition is a ${row.type === 'wod' ? 'WOD' : 'lift'}, not a ${type === 'wod' ? 'WOD' : 'lift'}.`);
  }
}

export async function loadLiftMovement(db: Db, movementId: number): Promise<Movement> {
  const movement = await findMovement(db, movementId);
  if (!movement) throw invalid('invalid_movement', 'workout.movement_id', 'The movement was not found.');
  return movement;
}

/** Every set is of the lift's movement and gives values only for that movement's properties. */
export function checkSets(sets: readonly LiftSet[], movement: Movement): void {
  const properties = new Set(movement.properties.map((p) => p.type));
  for (const [index, set] of sets.entries()) {
    if (set.movement_id !== movement.id) {
      throw invalid('validation_failed', `workout.sets.${index}.movement_id`, `Every set must be of the lift's movement (${movement.name}, id ${movement.id}).`);
    }
    for (const property of Object.keys(set.values) as (keyof LiftSet['values'])[]) {
      if (!properties.has(property)) {
        const known = movement.properties.map((p) => p.type).join(', ') || 'none';
        throw invalid('validation_failed', `workout.sets.${index}.values.${property}`, `${movement.name} has no ${property} (its properties: ${known}).`);
      }
    }
  }
}
