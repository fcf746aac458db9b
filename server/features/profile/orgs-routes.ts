import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../http/context';
import { notFound } from '../../http/errors';
import { idempotent } from '../../http/idempotency';
import { profileId, requireAuth } from '../../http/session';
import { readJson } from '../../http/validate';
import { loadAccount } from './present';

const visibilityBody = z.object({ visible: z.boolean({ error: 'Visible must be true or false.' }) }, { error: 'The request body must be an object like {"visible": true}.' });

export function orgRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.use('*', requireAuth);

  // Hiding an organisation only takes it out of the member's picker; the account stays.
  routes.put('/:id', async (c) => {
    const me = profileId(c);
    const orgId = Number(c.req.param('id'));
    const { visible } = await readJson(c, visibilityBody);
    return idempotent(c, me, async (trx) => {
      const account = Number.isSafeInteger(orgId)
        ? await trx.selectFrom('accounts').select(['id', 'hidden_at']).where('profile_id', '=', me).where('org_id', '=', orgId).executeTakeFirst()
        : undefined;
      if (!account) throw notFound('The organisation');
      const hiddenAt = visible ? null : (account.hidden_at ?? c.get('deps').now().toISOString());
      await trx.updateTable('accounts').set({ hidden_at: hiddenAt }).where('id', '=', account.id).execute();
      return { status: 200, body: await loadAccount(trx, account.id) };
    });
  });

  return routes;
}
