import { Hono } from 'hono';
import { pathId } from '../booking/http';
import type { AppEnv } from '../../http/context';
import { notFound } from '../../http/errors';
import { idempotent } from '../../http/idempotency';
import { profileId, requireAuth } from '../../http/session';

// DELETE /workout_reactions/{id}: a member takes back their own reaction; anyone else's id
// answers 404 like an unknown one.
export function workoutReactionRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.use('*', requireAuth);

  routes.delete('/:id', (c) => {
    const me = profileId(c);
    const reactionId = pathId(c);
    return idempotent(c, me, async (trx) => {
      const row = Number.isNaN(reactionId)
        ? undefined
        : await trx.selectFrom('workout_reactions').select('id').where('id', '=', reactionId).where('profile_id', '=', me).executeTakeFirst();
      if (!row) throw notFound('The reaction');
      await trx.deleteFrom('workout_reactions').where('id', '=', row.id).execute();
      return { status: 204, body: null };
    });
  });

  return routes;
}
