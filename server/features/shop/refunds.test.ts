// Staff refund a paid order through the gateway that charged it: the money goes back once however
// often (or at once) it is asked, what the order bought ends, its invoice says refunded. On SQLite
// and, under npm run test:pg, PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invoice, Pass, Product } from '../../../core/contract/types';
import { ALEX, json, signedIn, startTestServer, type Browser, type TestServer } from '../../testing/helpers';
import { facilityGuid } from '../../testing/booking-helpers';
import { admin } from '../../testing/notifications-helpers';
import { storeCard } from '../../testing/shop-helpers';

describe('refunds', () => {
  let server: TestServer;
  let alex: Browser;
  let wellington: Record<string, string>;
  let products: Product[];

  const buy = async (name: string, number = '4242424242424242'): Promise<number> => {
    const product = products.find((p) => p.name === name)!;
    const card = await storeCard(alex, number, wellington);
    await alex.put('/api/v1/cart', { cart: { line_items: [{ variant_id: product.id, quantity: 1, price: product.price }] } }, { headers: wellington });
    const confirmed = await json<{ order: { id: number } }>(await alex.put('/api/v1/checkout', { cart: {} }, { headers: wellington }));
    const paid = await alex.put('/api/v1/checkout', { payment: { card_id: card } }, { headers: wellington });
    expect(paid.status).toBe(200);
    return confirmed.order.id;
  };
  const refund = (orderId: number) => admin(server, `/admin/orders/${orderId}/refund`);
  const refunds = () => server.running.db.selectFrom('sandbox_refunds').selectAll().execute();

  beforeAll(async () => {
    server = await startTestServer();
    alex = await signedIn(server, ALEX);
    wellington = { 'X-Facility-Id': await facilityGuid(server.running.db, 'Wellington') };
    products = await json<Product[]>(await alex.get('/api/v1/products/passes', { headers: wellington }));
  });
  afterAll(() => server.close());

  it('gives the money back once, ends the pass it bought and marks its invoice refunded, however often or at once it is asked', async () => {
    const orderId = await buy('10-Visit Pass');
    const charge = (await server.running.db.selectFrom('orders').select(['charge_id', 'gateway']).where('id', '=', orderId).executeTakeFirstOrThrow());
    expect(charge.gateway).toBe('sandbox');
    const [a, b] = await Promise.all([refund(orderId), refund(orderId)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const answer = await json<{ order_id: number; refund_id: string; total: number; currency: string }>(a);
    expect(answer).toMatchObject({ order_id: orderId, total: 220, currency: 'NZD', refund_id: expect.stringMatching(/^re_/) });
    expect(await json(b)).toEqual(answer);
    expect(await json(await refund(orderId))).toEqual(answer);
    expect((await refunds()).filter((r) => r.charge_id === charge.charge_id)).toEqual([expect.objectContaining({ id: answer.refund_id, amount_cents: 22000, idempotency_key: `refund-order-${orderId}` })]);

    // The pass it bought has ended; the member's invoice says refunded.
    const passes = await json<Pass[]>(await alex.get('/api/v1/passes?active=0', { headers: wellington }));
    const bought = await server.running.db.selectFrom('passes').select('id').where('order_id', '=', orderId).execute();
    expect(bought).toHaveLength(1);
    expect(passes.find((p) => p.id === bought[0]!.id)).toMatchObject({ status: 'past' });
    expect((await json<Pass[]>(await alex.get('/api/v1/passes', { headers: wellington }))).some((p) => p.id === bought[0]!.id)).toBe(false);
    const invoices = await json<Invoice[]>(await alex.get('/api/v1/invoices', { headers: wellington }));
    const row = await server.running.db.selectFrom('invoices').select('id').where('order_id', '=', orderId).executeTakeFirstOrThrow();
    expect(invoices.find((i) => i.id === row.id)).toMatchObject({ status: 'refunded', total: 220 });
  });

  it('ends a bought membership month that had not begun before it begins', async () => {
    const orderId = await buy('Unlimited Membership');
    const [month] = await server.running.db.selectFrom('memberships').selectAll().where('order_id', '=', orderId).execute();
    expect(month).toBeDefined();
    expect((await refund(orderId)).status).toBe(200);
    const after = await server.running.db.selectFrom('memberships').selectAll().where('id', '=', month!.id).executeTakeFirstOrThrow();
    // Alex's membership runs for months: the month bought follows it, so it ends where it would have begun.
    expect(Date.parse(month!.valid_from)).toBeGreaterThan(Date.now());
    expect(after.valid_to).toBe(after.valid_from);
  });

  it('refuses what is not a paid order (404) and needs the admin token', async () => {
    expect((await refund(999_999)).status).toBe(404);
    const fee = await server.running.db.selectFrom('orders').select('id').where('status', '=', 'due').executeTakeFirst();
    if (fee) expect((await refund(fee.id)).status).toBe(404);
    expect((await admin(server, '/admin/orders/1/refund', undefined, null)).status).toBe(401);
    // A member cannot reach it with their own session.
    expect((await alex.request('/admin/orders/1/refund', { method: 'POST', json: {} })).status).toBe(401);
  });

  it('the sandbox refunds only what a succeeded charge took', async () => {
    const { sandboxGateway } = await import('./gateway/sandbox');
    const gateway = sandboxGateway(server.running.db);
    const orderId = await buy('10-Visit Pass');
    const { charge_id } = await server.running.db.selectFrom('orders').select('charge_id').where('id', '=', orderId).executeTakeFirstOrThrow();
    const now = new Date();
    expect(await gateway.refund({ chargeId: 'ch_unknown', amountCents: 100, idempotencyKey: 'r-unknown' }, now)).toEqual({ status: 'failed', code: 'not_refundable' });
    expect(await gateway.refund({ chargeId: charge_id!, amountCents: 22001, idempotencyKey: 'r-too-much' }, now)).toEqual({ status: 'failed', code: 'not_refundable' });
    expect(await gateway.refund({ chargeId: charge_id!, amountCents: 20000, idempotencyKey: 'r-part' }, now)).toMatchObject({ status: 'succeeded' });
    expect(await gateway.refund({ chargeId: charge_id!, amountCents: 2001, idempotencyKey: 'r-rest-too-much' }, now)).toEqual({ status: 'failed', code: 'not_refundable' });
    expect(await gateway.refund({ chargeId: charge_id!, amountCents: 2000, idempotencyKey: 'r-rest' }, now)).toMatchObject({ status: 'succeeded' });
  });
});
