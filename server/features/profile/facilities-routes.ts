import { Hono } from 'hono';
import type { AppEnv } from '../../http/context';
import { ApiError, notFound } from '../../http/errors';
import { profileId, requireAuth } from '../../http/session';
import { toFacility } from './present';

export function facilityRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.use('*', requireAuth);

  routes.get('/:guid', async (c) => {
    const { db } = c.get('deps');
    const facility = await db.selectFrom('facilities').selectAll().where('guid', '=', c.req.param('guid')).executeTakeFirst();
    if (!facility) throw notFound('The facility');
    const account = await db.selectFrom('accounts').select('id').where('profile_id', '=', profileId(c)).where('org_id', '=', facility.org_id).executeTakeFirst();
    if (!account) throw new ApiError(403, 'forbidden_facility', 'This facility is not part of your accounts.');
    return c.json(toFacility(facility));
  });

  return routes;
}
