import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import type { LiftSummary, LiftWorkout, WeightUnits } from '../../../core/contract/types';
import { liftDetail, liftSummaries } from '../../../core/rules/training/index';
import { pathId, requireOrgId } from '../booking/http';
import type { Database } from '../../db/schema';
import type { AppEnv } from '../../http/context';
import { notFound } from '../../http/errors';
import { profileId, requireAuth } from '../../http/session';
import { presentWorkouts } from './present';

// The member's lifts at the organisation of the request (GET /lifts, /lifts/{movement id}),
// computed by the same pure functions the app uses offline, weights in the member's preferred units.

async function memberLifts(db: Kysely<Database>, me: number, orgId: number, movementId?: number): Promise<LiftWorkout[]> {
  let query = db.selectFrom('workouts').selectAll().where('profile_id', '=', me).where('org_id', '=', orgId).where('type', '=', 'lift');
  if (movementId !== undefined) query = query.where('movement_id', '=', movementId);
  const rows = await query.orderBy('completed_at', 'desc').orderBy('id', 'desc').execute();
  return (await presentWorkouts(db, rows, me)).filter((w): w is LiftWorkout => w.type === 'lift');
}

async function weightUnits(db: Kysely<Database>, me: number): Promise<WeightUnits> {
  const row = await db.selectFrom('members_profiles').select('weight_units').where('id', '=', me).executeTakeFirst();
  return row?.weight_units ?? 'kilograms';
}

export function liftRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.use('*', requireAuth);

  routes.get('/', async (c) => {
    const { db } = c.get('deps');
    const me = profileId(c);
    const body: LiftSummary[] = liftSummaries(await memberLifts(db, me, requireOrgId(c)), await weightUnits(db, me));
    return c.json(body);
  });

  routes.get('/:id', async (c) => {
    const movementId = pathId(c);
    const { db } = c.get('deps');
    const me = profileId(c);
    const detail = Number.isNaN(movementId) ? null : liftDetail(movementId, await memberLifts(db, me, requireOrgId(c), movementId), await weightUnits(db, me));
    if (!detail) throw notFound('The lift');
    return c.json(detail);
  });

  return routes;
}
