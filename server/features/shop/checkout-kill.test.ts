// A server process really killed (SIGKILL) between the gateway's charge and the transaction that
// pays the order, grants and invoices: the sandbox gateway is made slow to answer
// (SANDBOX_GATEWAY_LATENCY_MS) after it recorded the charge, and the process is killed in that
// window. A new process on the same database then answers the member's repeated payment (the same
// Idempotency-Key, a fresh one, or the cart confirmed again and another card) with the one charge: one pass, one invoice, the order paid,
// the cart emptied once. On SQLite and, under npm run test:pg, PostgreSQL.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cart, Product } from '../../../core/contract/types';
import type { ServerOptions } from '../../app';
import { openDatabase, type Database } from '../../db/index';
import { facilityGuid } from '../../testing/booking-helpers';
import { ALEX, Browser, json, signedIn, testDatabase } from '../../testing/helpers';
import { waitUntil } from '../../testing/notifications-helpers';
import { storeCard } from '../../testing/shop-helpers';
import { spawnServer, type ServerProcess } from '../../testing/spawn-server';

interface Paid { order: { id: number; status: string }; invoice: { id: number; number: string } | null }

/** The same member (the same session cookie) talking to another process. */
function sameMemberOn(server: ServerProcess, member: Browser): Browser {
  const moved = new Browser(server.url);
  for (const [name, value] of member.cookies) moved.cookies.set(name, value);
  return moved;
}

describe('checkout when the process is killed between the charge and the grant', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'member-pwa-kill-'));
  let database: Awaited<ReturnType<typeof testDatabase>>;
  let options: ServerOptions;
  let db: Kysely<Database>;
  const running: ServerProcess[] = [];

  // Slow enough that the kill always lands while the process waits for the gateway's answer.
  const slowGateway = () => spawnServer(options, { SANDBOX_GATEWAY_LATENCY_MS: '30000' }).then((p) => (running.push(p), p));
  const server = () => spawnServer(options).then((p) => (running.push(p), p));

  beforeAll(async () => {
    database = await testDatabase();
    const file = path.join(dir, 'app.sqlite');
    options = { port: 0, host: '127.0.0.1', databaseFile: file, ...(database.url && { databaseUrl: database.url, databasePoolSize: 4 }), distDir: path.join(dir, 'dist'), loginRateLimit: { perIp: 10_000 } };
    // The first process migrates and seeds; the test reads the same database beside it.
    await server().then((p) => p.stop());
    db = openDatabase(database.url ?? file);
  }, 90_000);

  afterAll(async () => {
    await Promise.all(running.map((p) => p.kill()));
    await db?.destroy();
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  const recoveries = [
    { how: 'the same Idempotency-Key', keys: (lost: string) => [lost, 'fresh-after-same'] },
    { how: 'a fresh Idempotency-Key', keys: () => ['fresh-first', 'fresh-again'] },
    // The payment screen opened again confirms the cart first, and the member picks another card.
    { how: 'the cart confirmed again and another card', keys: () => ['other-first', 'other-again'], reconfirm: true },
  ];

  for (const recovery of recoveries) {
    it(`a repeated payment with ${recovery.how} after the kill charges once, grants once, invoices once`, async () => {
      const dying = await slowGateway();
      const alex = await signedIn(dying, ALEX);
      const wellington = { 'X-Facility-Id': await facilityGuid(db, 'Wellington') };
      const ten = (await json<Product[]>(await alex.get('/api/v1/products/passes', { headers: wellington }))).find((p) => p.name === '10-Visit Pass')!;
      const visa = await storeCard(alex, '4242424242424242', wellington);
      const me = (await db.selectFrom('members_profiles').select('id').where('email', '=', ALEX).executeTakeFirstOrThrow()).id;
      const passes = () => db.selectFrom('passes').select('id').where('profile_id', '=', me).where('name', '=', '10-Visit Pass').execute();
      const passesBefore = (await passes()).length;

      await alex.request('/api/v1/cart', { method: 'DELETE', headers: wellington });
      await alex.put('/api/v1/cart', { cart: { line_items: [{ variant_id: ten.id, quantity: 1, price: 220 }] } }, { headers: wellington });
      const { order } = await json<Paid>(await alex.put('/api/v1/checkout', { cart: {} }, { headers: wellington }));
      const key = `order-${order.id}`;
      const lostKey = `pay-${order.id}`;
      const pay = (who: Browser, idempotencyKey: string, cardId = visa) => who.put('/api/v1/checkout', { payment: { card_id: cardId } }, { headers: { ...wellington, 'Idempotency-Key': idempotencyKey } });

      // Pay; once the gateway has recorded the charge (durably, in its own table) and while it is
      // still slow to answer, the process dies.
      const lost = pay(alex, lostKey).then(
        (res) => res.status,
        () => 'lost' as const,
      );
      const charge = await waitUntil(() => db.selectFrom('sandbox_charges').selectAll().where('idempotency_key', '=', key).executeTakeFirst(), 20_000, 'the charge at the gateway');
      expect(charge.status).toBe('succeeded');
      await dying.kill();
      expect(await lost).toBe('lost');
      // Killed between the charge and the grant: charged, but not paid, granted nor invoiced.
      expect(await db.selectFrom('orders').select(['status']).where('id', '=', order.id).executeTakeFirstOrThrow()).toEqual({ status: 'confirmed' });
      expect(await db.selectFrom('invoices').select('id').where('order_id', '=', order.id).execute()).toEqual([]);
      expect(await passes()).toHaveLength(passesBefore);

      // Restarted on the same database; the member pays again, twice.
      const restarted = await server();
      const again = sameMemberOn(restarted, alex);
      const [first, second] = recovery.keys(lostKey) as [string, string];
      let payWith = visa;
      if ('reconfirm' in recovery) {
        const reconfirmed = await json<Paid>(await again.put('/api/v1/checkout', { cart: {} }, { headers: wellington }));
        expect(reconfirmed.order).toMatchObject({ id: order.id, status: 'confirmed' });
        payWith = await storeCard(again, '5555555555554444', wellington);
      }
      const answer = await pay(again, first, payWith);
      expect(answer.status, await answer.clone().text()).toBe(200);
      const paid = await json<Paid>(answer);
      expect(paid.order).toMatchObject({ id: order.id, status: 'paid' });
      expect(paid.invoice?.number).toMatch(/^INV-/);
      expect(await json<Paid>(await pay(again, second, payWith))).toEqual(paid);

      expect(await db.selectFrom('sandbox_charges').select('id').where('idempotency_key', '=', key).execute()).toEqual([{ id: charge.id }]);
      expect(await db.selectFrom('orders').select(['status', 'charge_id']).where('id', '=', order.id).executeTakeFirstOrThrow()).toEqual({ status: 'paid', charge_id: charge.id });
      expect(await db.selectFrom('invoices').select('id').where('order_id', '=', order.id).execute()).toEqual([{ id: paid.invoice!.id }]);
      expect(await passes()).toHaveLength(passesBefore + 1);
      expect((await json<Cart>(await again.get('/api/v1/cart', { headers: wellington }))).line_items).toEqual([]);

      // The cart was emptied once: what the member adds afterwards stays through a late repeat.
      await again.put('/api/v1/cart', { cart: { line_items: [{ variant_id: ten.id, quantity: 1, price: 220 }] } }, { headers: wellington });
      expect((await pay(again, `${first}-late`)).status).toBe(200);
      expect((await json<Cart>(await again.get('/api/v1/cart', { headers: wellington }))).line_items).toHaveLength(1);
      expect(await passes()).toHaveLength(passesBefore + 1);
      expect(await restarted.stop()).toBe(0);
    }, 120_000);
  }
});
