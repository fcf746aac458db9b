import { Hono } from 'hono';
import type { Kysely, Transaction } from 'kysely';
import { z } from 'zod';
import type { Membership, Pass } from '../../../core/contract/types';
import { concessionStatus, visitsLeft } from '../../../core/rules/concessions';
import type { Database } from '../../db/schema';
import type { AppEnv } from '../../http/context';
import { profileId, requireAuth } from '../../http/session';
import { readQuery, requireFacility } from '../booking/http';

// The member's memberships (GET /memberships) and passes (GET /passes, active only unless
// active=0) in the organisation of the facility in X-Facility-Id, newest first, each with its
// status and what it pays for (a membership also how many visits were counted against it). Only the member's own: another member's are never listed.

type Db = Kysely<Database> | Transaction<Database>;

const passQuery = z.object({ active: z.enum(['0', '1'], { error: 'active must be 0 or 1.' }).optional() });

/** Names of the services each membership plan or pass type (by name) pays for in the organisation. */
export async function coverage(db: Db, orgId: number, kind?: 'membership' | 'pass'): Promise<Map<string, string[]>> {
  let query = db
    .selectFrom('service_coverage')
    .innerJoin('services', 'services.id', 'service_coverage.service_id')
    .select(['service_coverage.name as plan', 'services.name as service'])
    .where('services.org_id', '=', orgId);
  if (kind) query = query.where('service_coverage.kind', '=', kind);
  const rows = await query.orderBy('services.name').execute();
  const out = new Map<string, string[]>();
  for (const row of rows) out.set(row.plan, [...(out.get(row.plan) ?? []), row.service]);
  return out;
}

export function membershipRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.use('*', requireAuth);
  routes.get('/', async (c) => {
    const { db, now } = c.get('deps');
    const facility = requireFacility(c);
    const rows = await db.selectFrom('memberships').selectAll().where('profile_id', '=', profileId(c)).where('org_id', '=', facility.org_id).orderBy('valid_from', 'desc').orderBy('id', 'desc').execute();
    const covers = await coverage(db, facility.org_id, 'membership');
    const ids = rows.map((row) => row.id);
    const counted = ids.length === 0 ? [] : await db.selectFrom('visit_charges').select(['membership_id', (eb) => eb.fn.countAll<number | string>().as('n')]).where('membership_id', 'in', ids).groupBy('membership_id').execute();
    const used = new Map(counted.map((row) => [row.membership_id, Number(row.n)]));
    const at = now();
    return c.json(rows.map((row): Membership => ({
      id: row.id,
      org_id: row.org_id,
      name: row.name,
      valid_from: row.valid_from,
      valid_to: row.valid_to,
      status: concessionStatus(row, at),
      covers: covers.get(row.name) ?? [],
      visits_per_period: null,
      visits_used: used.get(row.id) ?? 0,
    })));
  });
  return routes;
}

export function passRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.use('*', requireAuth);
  routes.get('/', async (c) => {
    const { db, now } = c.get('deps');
    const facility = requireFacility(c);
    const { active } = readQuery(c, passQuery);
    const rows = await db.selectFrom('passes').selectAll().where('profile_id', '=', profileId(c)).where('org_id', '=', facility.org_id).orderBy('valid_from', 'desc').orderBy('id', 'desc').execute();
    const covers = await coverage(db, facility.org_id, 'pass');
    const at = now();
    const passes = rows.map((row): Pass => {
      const left = visitsLeft(row);
      return {
        id: row.id,
        org_id: row.org_id,
        name: row.name,
        valid_from: row.valid_from,
        valid_to: row.valid_to,
        status: concessionStatus({ ...row, visits_left: left }, at),
        visits_total: row.visits_total,
        visits_left: left,
        covers: covers.get(row.name) ?? [],
      };
    });
    // SPEC: the list defaults to active passes; active=0 gives every one.
    return c.json(active === '0' ? passes : passes.filter((p) => p.status === 'active'));
  });
  return routes;
}
