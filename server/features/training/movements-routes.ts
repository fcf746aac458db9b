import { Hono } from 'hono';
import type { Movement } from '../../../core/contract/types';
import { pathId } from '../booking/http';
import type { AppEnv } from '../../http/context';
import { notFound } from '../../http/errors';
import { requireAuth } from '../../http/session';
import { findMovement, toMovement } from './present';

// The shared movement catalogue (GET /movements, /movements/{id}); the same for every organisation.
export function movementRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.use('*', requireAuth);

  routes.get('/', async (c) => {
    const rows = await c.get('deps').db.selectFrom('movements').selectAll().orderBy('name').orderBy('id').execute();
    const body: Movement[] = rows.map(toMovement);
    return c.json(body);
  });

  routes.get('/:id', async (c) => {
    const movement = await findMovement(c.get('deps').db, pathId(c));
    if (!movement) throw notFound('The movement');
    return c.json(movement);
  });

  return routes;
}
