import { Hono } from 'hono';
import type { Kysely, Selectable, Transaction } from 'kysely';
import { z } from 'zod';
import type { Gateway } from '../../../core/contract/index';
import type { Database, PaymentSourcesTable } from '../../db/schema';
import type { AppContext, AppEnv } from '../../http/context';
import { ApiError, notFound } from '../../http/errors';
import { idempotent } from '../../http/idempotency';
import { readJson } from '../../http/validate';
import { profileId, requireAuth } from '../../http/session';
import { pathId, readQuery, requireFacility } from '../booking/http';
import type { PaymentGateway } from './gateway/gateway';
import { configuredGateways } from './gateway/configured';

// Gateways and the member's stored cards (GET /gateways, GET /gateways/{id}/auth_token,
// GET/POST /payment_sources, DELETE /payment_sources/{id}, PUT /payment_sources/{id}/default).
// A card is stored from the token the gateway gave the app, never from a number; another member's
// card answers 404.

const sourceBody = z.object(
  { source: z.object({ gateway_id: z.string().min(1).max(40), token: z.string().min(1).max(200) }) },
  { error: 'The request body must be {"source": {"gateway_id", "token"}}.' },
);
const listQuery = z.object({ gateway_id: z.string().max(40).optional() });

function gateways(db: Kysely<Database>): PaymentGateway[] {
  return configuredGateways(db);
}

function gatewayById(db: Kysely<Database>, id: string): PaymentGateway {
  const gateway = gateways(db).find((g) => g.id === id);
  if (!gateway) throw notFound('The gateway');
  return gateway;
}

function present(row: Selectable<PaymentSourcesTable>) {
  return { id: row.id, gateway_id: row.gateway, brand: row.brand, last4: row.last4, exp_month: row.exp_month, exp_year: row.exp_year, default: row.is_default === 1 };
}

/** An idempotent change to the member's own card in the facility's organisation; anyone else's is 404. */
function onMyCard(c: AppContext, change: (trx: Transaction<Database>, row: Selectable<PaymentSourcesTable>) => Promise<unknown>): Promise<Response> {
  const facility = requireFacility(c);
  const me = profileId(c);
  const id = pathId(c);
  return idempotent(c, me, async (trx) => {
    const row = await trx.selectFrom('payment_sources').selectAll().where('id', '=', id).where('profile_id', '=', me).where('org_id', '=', facility.org_id).executeTakeFirst();
    if (!row) throw notFound('The card');
    return { status: 200, body: await change(trx, row) };
  });
}

export function cardRoutes(): Hono<AppEnv> {
  // Mounted at /api/v1 itself: each route asks for a session.
  const routes = new Hono<AppEnv>();

  routes.get('/gateways', requireAuth, (c) =>
    c.json(gateways(c.get('deps').db).map((g): Gateway => ({ id: g.id, name: g.name, ...(g.publishableKey && { publishable_key: g.publishableKey }) }))),
  );

  routes.get('/gateways/:gateway/auth_token', requireAuth, async (c) => {
    const { db, now } = c.get('deps');
    const gateway = gatewayById(db, c.req.param('gateway'));
    return c.json(await gateway.authToken(profileId(c), now()), 200, { 'Cache-Control': 'no-store' });
  });

  routes.get('/payment_sources', requireAuth, async (c) => {
    const facility = requireFacility(c);
    const { gateway_id } = readQuery(c, listQuery);
    let query = c.get('deps').db.selectFrom('payment_sources').selectAll().where('profile_id', '=', profileId(c)).where('org_id', '=', facility.org_id);
    if (gateway_id) query = query.where('gateway', '=', gateway_id);
    return c.json((await query.orderBy('id').execute()).map(present));
  });

  // Stores the card a gateway tokenised for the app; it becomes the default when none is (the
  // first card, or the next one saved after a refused payment took the default away).
  routes.post('/payment_sources', requireAuth, async (c) => {
    const facility = requireFacility(c);
    const { source } = await readJson(c, sourceBody);
    const me = profileId(c);
    // Asked before the transaction: a real gateway is a network call, not to be made holding locks.
    const gateway = gatewayById(c.get('deps').db, source.gateway_id);
    const card = await gateway.describeToken(source.token, me);
    if (!card) throw new ApiError(422, 'validation_failed', 'The gateway does not know that card token.');
    return idempotent(c, me, async (trx) => {
      const taken = await trx.selectFrom('payment_sources').select(['id', 'profile_id']).where('gateway', '=', gateway.id).where('token', '=', source.token).executeTakeFirst();
      if (taken && taken.profile_id !== me) throw new ApiError(422, 'validation_failed', 'The gateway does not know that card token.');
      if (taken) return { status: 200, body: present(await trx.selectFrom('payment_sources').selectAll().where('id', '=', taken.id).executeTakeFirstOrThrow()) };
      const noDefault = !(await trx.selectFrom('payment_sources').select('id').where('profile_id', '=', me).where('org_id', '=', facility.org_id).where('is_default', '=', 1).executeTakeFirst());
      const row = await trx
        .insertInto('payment_sources')
        .values({ profile_id: me, org_id: facility.org_id, gateway: gateway.id, token: source.token, ...card, is_default: noDefault ? 1 : 0, created_at: c.get('deps').now().toISOString() })
        .returningAll()
        .executeTakeFirstOrThrow();
      return { status: 201, body: present(row) };
    });
  });

  routes.put('/payment_sources/:id/default', requireAuth, (c) =>
    onMyCard(c, async (trx, row) => {
      await trx.updateTable('payment_sources').set({ is_default: 0 }).where('profile_id', '=', row.profile_id).where('org_id', '=', row.org_id).execute();
      await trx.updateTable('payment_sources').set({ is_default: 1 }).where('id', '=', row.id).execute();
      return present({ ...row, is_default: 1 });
    }),
  );

  // Removes a card; when it was the default, the newest remaining one becomes the default.
  routes.delete('/payment_sources/:id', requireAuth, (c) =>
    onMyCard(c, async (trx, row) => {
      await trx.deleteFrom('payment_sources').where('id', '=', row.id).execute();
      if (row.is_default === 1) {
        const next = await trx.selectFrom('payment_sources').select('id').where('profile_id', '=', row.profile_id).where('org_id', '=', row.org_id).orderBy('id', 'desc').executeTakeFirst();
        if (next) await trx.updateTable('payment_sources').set({ is_default: 1 }).where('id', '=', next.id).execute();
      }
      return { id: row.id, removed: true };
    }),
  );

  return routes;
}
