import { Hono } from 'hono';
import { z } from 'zod';
import type { WorkoutReaction, WorkoutList } from '../../../core/contract/types';
import { pathId, readOptionalJson, readQuery, requireOrgId } from '../booking/http';
import type { NewWorkout, WorkoutPatch } from '../../db/schema';
import type { AppContext, AppEnv } from '../../http/context';
import { notFound } from '../../http/errors';
import { idempotent } from '../../http/idempotency';
import { jsonWithETag } from '../../http/etag';
import { readJsonBody } from '../../http/json-body';
import { profileId, requireAuth } from '../../http/session';
import { parseRange, positiveIdParam } from './query';
import { parseWorkoutCreate, parseWorkoutUpdate, type CommonChanges } from './input';
import { presentWorkouts } from './present';
import { reactableWorkoutRow } from './reactions';
import { workoutReactionBody } from '../../../core/contract/training';
import { WORKOUT_TYPES } from '../../../core/limits';
import { checkDefinition, checkSession, checkSets, loadLiftMovement } from './references';
import { findOwnWorkoutRow, liftColumns, loadOwnWorkout, mergeLift, mergeWod, wodColumns } from './store';

// The member's training log (see docs/decisions.md#training) at the organisation of the request
// (X-Facility-Id or X-Club-Id). Only the member's own workouts are listed, read or changed; any
// other id answers 404 like an unknown one. Reactions go on the member's own workouts and on
// results shown on a class leaderboard the member may see.

const listQuery = z.object({
  from: z.string().optional(),
  to: z.string().optional(),
  type: z.enum(WORKOUT_TYPES, { error: 'type must be wod or lift.' }).optional(),
  movement_id: positiveIdParam('movement_id').optional(),
  session_id: positiveIdParam('session_id').optional(),
});

const searchQuery = z.object({
  q: z
    .string({ error: 'q is required: the text to look for.' })
    .trim()
    .min(1, 'q must not be empty.')
    .max(100, 'q must be at most 100 characters.'),
});

// The payload is not specified (see docs/decisions.md#leaderboards): {} and {reaction: {type: 'like'}} both mean a like.

const workoutNotFound = () => notFound('The workout');

export function workoutRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.use('*', requireAuth);

  routes.get('/', async (c) => {
    const { db } = c.get('deps');
    const me = profileId(c);
    const orgId = requireOrgId(c);
    const params = readQuery(c, listQuery);
    const range = parseRange(params, c.get('scope').facility?.time_zone ?? 'UTC');
    let query = db.selectFrom('workouts').selectAll().where('profile_id', '=', me).where('org_id', '=', orgId);
    if (range.from) query = query.where('completed_at', '>=', range.from);
    if (range.to) query = query.where('completed_at', '<', range.to);
    if (params.type) query = query.where('type', '=', params.type);
    if (params.movement_id !== undefined) query = query.where('movement_id', '=', params.movement_id);
    if (params.session_id !== undefined) query = query.where('session_id', '=', params.session_id);
    const rows = await query.orderBy('completed_at', 'desc').orderBy('id', 'desc').execute();
    const body: WorkoutList = { data: await presentWorkouts(db, rows, me) };
    return jsonWithETag(c, body);
  });

  // Before /:id. Matched here rather than with SQL LIKE, which folds case for ASCII only.
  routes.get('/search', async (c) => {
    const { db } = c.get('deps');
    const me = profileId(c);
    const orgId = requireOrgId(c);
    const needle = readQuery(c, searchQuery).q.toLocaleLowerCase();
    const rows = await db.selectFrom('workouts').selectAll().where('profile_id', '=', me).where('org_id', '=', orgId).orderBy('completed_at', 'desc').orderBy('id', 'desc').execute();
    const hits = rows.filter((r) => r.name.toLocaleLowerCase().includes(needle) || (r.notes ?? '').toLocaleLowerCase().includes(needle));
    const body: WorkoutList = { data: await presentWorkouts(db, hits, me) };
    return c.json(body);
  });

  routes.get('/:id', async (c) => {
    const workout = await loadOwnWorkout(c.get('deps').db, pathId(c), profileId(c), requireOrgId(c));
    if (!workout) throw workoutNotFound();
    return c.json(workout);
  });

  routes.post('/', createWorkout);
  routes.put('/:id', updateWorkout);
  routes.delete('/:id', deleteWorkout);
  routes.post('/:id/reactions', react);

  return routes;
}

function readBody(c: AppContext): Promise<unknown> {
  return readJsonBody(c);
}

async function createWorkout(c: AppContext): Promise<Response> {
  const { now } = c.get('deps');
  const me = profileId(c);
  const orgId = requireOrgId(c);
  const input = parseWorkoutCreate(await readBody(c));
  return idempotent(c, me, async (trx) => {
    // The same imported rows again (another device, a second import): the workout they made.
    const imported = async () => {
      if (input.import_key === undefined) return undefined;
      const existing = await trx.selectFrom('workouts').select('id').where('profile_id', '=', me).where('org_id', '=', orgId).where('import_key', '=', input.import_key).executeTakeFirst();
      return existing && loadOwnWorkout(trx, existing.id, me, orgId);
    };
    const earlier = await imported();
    if (earlier) return { status: 200, body: earlier };
    const stamp = now().toISOString();
    if (input.session_id != null) await checkSession(trx, input.session_id, orgId);
    if (input.workout_definition_id != null) await checkDefinition(trx, input.workout_definition_id, orgId, input.type);
    let columns: WorkoutPatch;
    if (input.type === 'lift') {
      const movement = await loadLiftMovement(trx, input.movement_id);
      checkSets(input.sets, movement);
      columns = liftColumns(input, movement);
    } else {
      columns = wodColumns(input);
    }
    const values: NewWorkout = {
      ...columns,
      org_id: orgId,
      profile_id: me,
      type: input.type,
      name: input.name,
      completed_at: input.completed_at,
      notes: input.notes ?? null,
      session_id: input.session_id ?? null,
      workout_definition_id: input.workout_definition_id ?? null,
      import_key: input.import_key ?? null,
      created_at: stamp,
      updated_at: stamp,
    };
    // Two imports of the same rows at once: the one that loses the unique key answers the winner's workout.
    const inserted = await trx
      .insertInto('workouts')
      .values(values)
      .onConflict((conflict) => conflict.columns(['profile_id', 'org_id', 'import_key']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) {
      const winner = await imported();
      if (winner) return { status: 200, body: winner };
      throw workoutNotFound();
    }
    const workout = await loadOwnWorkout(trx, inserted.id, me, orgId);
    if (!workout) throw workoutNotFound();
    return { status: 201, body: workout };
  });
}

async function updateWorkout(c: AppContext): Promise<Response> {
  const { now } = c.get('deps');
  const me = profileId(c);
  const orgId = requireOrgId(c);
  const workoutId = pathId(c);
  const body = await readBody(c);
  return idempotent(c, me, async (trx) => {
    const row = await findOwnWorkoutRow(trx, workoutId, me, orgId);
    if (!row) throw workoutNotFound();
    // Validated against the stored type: the type itself never changes.
    let columns: WorkoutPatch;
    let common: CommonChanges;
    if (row.type === 'lift') {
      const changes = parseWorkoutUpdate(body, 'lift');
      const lift = mergeLift(row, changes);
      const movement = await loadLiftMovement(trx, lift.movement_id);
      checkSets(lift.sets, movement);
      columns = liftColumns(lift, movement);
      common = changes;
    } else {
      const changes = parseWorkoutUpdate(body, 'wod');
      columns = wodColumns(mergeWod(row, changes));
      common = changes;
    }
    await trx
      .updateTable('workouts')
      .set({
        ...columns,
        name: common.name ?? row.name,
        completed_at: common.completed_at ?? row.completed_at,
        notes: common.notes === undefined ? row.notes : common.notes,
        updated_at: now().toISOString(),
      })
      .where('id', '=', row.id)
      .execute();
    const workout = await loadOwnWorkout(trx, row.id, me, orgId);
    if (!workout) throw workoutNotFound();
    return { status: 200, body: workout };
  });
}

async function deleteWorkout(c: AppContext): Promise<Response> {
  const me = profileId(c);
  const orgId = requireOrgId(c);
  const workoutId = pathId(c);
  return idempotent(c, me, async (trx) => {
    const row = await findOwnWorkoutRow(trx, workoutId, me, orgId);
    if (!row) throw workoutNotFound();
    // Reactions go with it (also ON DELETE CASCADE; explicit for engines without it enforced).
    await trx.deleteFrom('workout_reactions').where('workout_id', '=', row.id).execute();
    await trx.deleteFrom('workouts').where('id', '=', row.id).execute();
    return { status: 204, body: null };
  });
}

async function react(c: AppContext): Promise<Response> {
  const { now } = c.get('deps');
  const me = profileId(c);
  const orgId = requireOrgId(c);
  const workoutId = pathId(c);
  await readOptionalJson(c, workoutReactionBody);
  return idempotent(c, me, async (trx) => {
    const row = await reactableWorkoutRow(trx, workoutId, me, orgId);
    if (!row) throw workoutNotFound();
    // One reaction per member and workout: asking again answers the one that exists.
    const existing = await trx.selectFrom('workout_reactions').selectAll().where('workout_id', '=', row.id).where('profile_id', '=', me).executeTakeFirst();
    if (existing) return { status: 200, body: toReaction(existing) };
    const created = await trx
      .insertInto('workout_reactions')
      .values({ workout_id: row.id, profile_id: me, type: 'like', created_at: now().toISOString() })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { status: 201, body: toReaction(created) };
  });
}

function toReaction(row: { id: number; workout_id: number; type: 'like'; created_at: string }): WorkoutReaction {
  return { id: row.id, workout_id: row.workout_id, type: row.type, created_at: row.created_at };
}
