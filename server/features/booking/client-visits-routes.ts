import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { pathId, readQuery, sweepOffers } from './http';
import { presentVisits } from './present';
import type { Database } from '../../db/schema';
import type { AppEnv } from '../../http/context';
import { notFound } from '../../http/errors';
import { profileId, requireAuth } from '../../http/session';

// Attendance history (meaning and shape: see docs/decisions.md#visits).
// Decision: a client visit is a visit that counts as attendance —
//   state attended, plus booked visits whose class has finished (the place was held and the
//   club did not record otherwise; clubs that mark attendance turn them into attended) —
// across ALL facilities of ALL the member's accounts, hidden ones included (hiding an
// organisation from the picker does not erase history), newest class first. No facility
// header is needed. Each item is a Visit, like /visits. Anything else, including a visit
// that is not attendance yet, answers 404 on /client_visits/{id}.

const listQuery = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number.' })
    .int('limit must be a whole number.')
    .min(1, 'limit must be at least 1.')
    .max(500, 'limit must be at most 500.')
    .default(100),
});

export function clientVisitRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.use('*', requireAuth);
  routes.use('*', sweepOffers);

  function attendance(me: number, nowIso: string) {
    return (db: Kysely<Database>) =>
      db
        .selectFrom('visits')
        .innerJoin('sessions', 'sessions.id', 'visits.session_id')
        .innerJoin('facilities', 'facilities.id', 'sessions.facility_id')
        .selectAll('visits')
        .where('visits.profile_id', '=', me)
        .where('facilities.org_id', 'in', (eb) => eb.selectFrom('accounts').select('accounts.org_id').where('accounts.profile_id', '=', me))
        .where((eb) => eb.or([eb('visits.state', '=', 'attended'), eb.and([eb('visits.state', '=', 'booked'), eb('sessions.end_at', '<=', nowIso)])]));
  }

  routes.get('/', async (c) => {
    const { db, now } = c.get('deps');
    const me = profileId(c);
    const { limit } = readQuery(c, listQuery);
    const rows = await attendance(me, now().toISOString())(db).orderBy('sessions.start_at', 'desc').orderBy('visits.id', 'desc').limit(limit).execute();
    return c.json(await presentVisits(db, rows, me));
  });

  routes.get('/:id', async (c) => {
    const { db, now } = c.get('deps');
    const me = profileId(c);
    const id = pathId(c);
    const row = Number.isNaN(id) ? undefined : await attendance(me, now().toISOString())(db).where('visits.id', '=', id).executeTakeFirst();
    const [visit] = row ? await presentVisits(db, [row], me) : [];
    if (!visit) throw notFound('The visit');
    return c.json(visit);
  });

  return routes;
}
