// Checkout with the sandbox gateway: confirm the cart at the catalogue's prices, pay with a stored
// card; one charge and one grant per order however often (or at once) payment is asked; a declined
// card charges and grants nothing and stops being the default; a 3-D Secure challenge passed pays,
// failed does not; another member's card is 404. On SQLite and, under npm run test:pg, PostgreSQL.
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cart, Pass, Product } from '../../../core/contract/types';
import { ALEX, json, SAM, signedIn, startTestServer, type Browser, type TestServer } from '../../testing/helpers';
import { facilityGuid } from '../../testing/booking-helpers';
import { storeCard } from '../../testing/shop-helpers';

interface Paid { order: { id: number; status: string; total: number }; invoice: { id: number; number: string } | null; next_action?: { type: string; url: string } }

describe('checkout', () => {
  let server: TestServer;
  let alex: Browser;
  let sam: Browser;
  let wellington: Record<string, string>;
  let ten: Product;

  const card = (who: Browser, number: string) => storeCard(who, number, wellington);
  const fill = (who: Browser) => who.put('/api/v1/cart', { cart: { line_items: [{ variant_id: ten.id, quantity: 1, price: 0.01 }] } }, { headers: wellington });
  const confirm = (who: Browser) => who.put('/api/v1/checkout', { cart: {} }, { headers: wellington });
  const pay = (who: Browser, cardId: number, key?: string) => who.put('/api/v1/checkout', { payment: { card_id: cardId } }, { headers: { ...wellington, ...(key && { 'Idempotency-Key': key }) } });
  const passes = async () => (await json<Pass[]>(await alex.get('/api/v1/passes', { headers: wellington }))).filter((p) => p.name === '10-Visit Pass');
  const charges = () => server.running.db.selectFrom('sandbox_charges').selectAll().execute();

  beforeAll(async () => {
    server = await startTestServer();
    [alex, sam] = await Promise.all([signedIn(server, ALEX), signedIn(server, SAM)]);
    wellington = { 'X-Facility-Id': await facilityGuid(server.running.db, 'Wellington') };
    ten = (await json<Product[]>(await alex.get('/api/v1/products/passes', { headers: wellington }))).find((p) => p.name === '10-Visit Pass')!;
  });
  afterAll(() => server.close());

  it('confirms at the catalogue’s prices and pays once, however often or at once payment is asked', async () => {
    const visa = await card(alex, '4242424242424242');
    await fill(alex);
    const confirmed = await json<Paid>(await confirm(alex));
    expect(confirmed.order).toMatchObject({ status: 'confirmed', total: 220 });
    const [a, b] = await Promise.all([pay(alex, visa, 'pay-a'), pay(alex, visa, 'pay-b')]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const paid = await json<Paid>(a);
    expect(paid.order).toMatchObject({ id: confirmed.order.id, status: 'paid' });
    expect(paid.invoice?.number).toMatch(/^INV-\d{2}-\d{6}$/);
    expect(await json<Paid>(await pay(alex, visa, 'pay-a'))).toEqual(paid);
    // Where the checkout stands, as the app asks when a payment's answer was lost.
    expect(await json(await alex.get('/api/v1/checkout', { headers: wellington }))).toEqual({ order: paid.order, invoice: paid.invoice });
    expect(await json(await sam.get('/api/v1/checkout', { headers: wellington }))).toEqual({ order: null, invoice: null });
    expect((await charges()).filter((ch) => ch.idempotency_key === `order-${confirmed.order.id}`)).toHaveLength(1);
    expect(await passes()).toEqual([expect.objectContaining({ visits_total: 10, visits_left: 10, status: 'active' })]);
    expect((await json<Cart>(await alex.get('/api/v1/cart', { headers: wellington }))).line_items).toEqual([]);
    const invoices = await server.running.db.selectFrom('invoices').selectAll().where('order_id', '=', confirmed.order.id).execute();
    expect(invoices).toEqual([expect.objectContaining({ total_cents: 22000, tax_cents: 2870, currency: 'NZD' })]);
    const listed = await json<{ id: number; number: string }[]>(await alex.get('/api/v1/invoices', { headers: wellington }));
    expect(listed[0]).toEqual({ id: invoices[0]!.id, org_id: expect.any(Number), number: paid.invoice!.number, issued_at: expect.any(String), currency: 'NZD', total: 220, tax: 28.7, status: 'paid', lines: [{ kind: 'pass', name: '10-Visit Pass', quantity: 1, price: 220 }] });
    expect((await alex.get(`/api/v1/invoices/${invoices[0]!.id}`, { headers: wellington })).status).toBe(200);
    expect((await sam.get(`/api/v1/invoices/${invoices[0]!.id}`, { headers: wellington })).status).toBe(404);
    expect(await json(await sam.get('/api/v1/invoices', { headers: wellington }))).toEqual([]);
  });

  it('a declined card charges and grants nothing, says why, and keeps the cart', async () => {
    const declined = await card(alex, '4000000000000002');
    const before = (await passes()).length;
    await fill(alex);
    await confirm(alex);
    const res = await pay(alex, declined);
    expect(res.status).toBe(402);
    expect(await json(res)).toMatchObject({ code: 'card_declined', message: 'Your card was declined.' });
    expect((await passes()).length).toBe(before);
    expect((await json<Cart>(await alex.get('/api/v1/cart', { headers: wellington }))).line_items).toHaveLength(1);
    expect((await pay(alex, declined)).status).toBe(409);
    const broke = await card(alex, '4000000000009995');
    await confirm(alex);
    expect(await json(await pay(alex, broke))).toMatchObject({ code: 'insufficient_funds' });
  });

  it('a 3-D Secure card pays once the challenge is passed, and not when it fails', async () => {
    const secure = await card(alex, '4000000000003220');
    const before = (await passes()).length;
    await confirm(alex);
    const first = await json<Paid>(await pay(alex, secure));
    expect(first.next_action).toMatchObject({ type: 'challenge', gateway_id: 'sandbox', url: expect.stringMatching(/^\/sandbox-gateway\/challenges\/ch_/) });
    expect(first.next_action).not.toHaveProperty('client_secret');
    const page = await fetch(`${server.url}${first.next_action!.url}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Complete authentication');
    const challengePath = first.next_action!.url.split('?')[0]!;
    const back = await fetch(`${server.url}${challengePath}`, { method: 'POST', body: new URLSearchParams({ result: 'pass', return: '/checkout/payment?returned=1' }), redirect: 'manual' });
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe('/checkout/payment?returned=1');
    expect((await json<Paid>(await pay(alex, secure))).order.status).toBe('paid');
    expect((await passes()).length).toBe(before + 1);

    await fill(alex);
    await confirm(alex);
    const again = await json<Paid>(await pay(alex, secure));
    await fetch(`${server.url}${again.next_action!.url.split('?')[0]}`, { method: 'POST', body: new URLSearchParams({ result: 'fail', return: 'https://evil.example/' }), redirect: 'manual' });
    expect(await json(await pay(alex, secure))).toMatchObject({ code: 'authentication_failed' });
    expect((await passes()).length).toBe(before + 1);
  });

  it('refuses a malformed or reused Idempotency-Key on a payment before the card is charged', async () => {
    const visa = await card(alex, '4242424242424242');
    await alex.request('/api/v1/cart', { method: 'DELETE', headers: wellington });
    await fill(alex);
    const confirmed = await alex.put('/api/v1/checkout', { cart: {} }, { headers: { ...wellington, 'Idempotency-Key': 'confirm-7' } });
    const { order } = await json<Paid>(confirmed);
    const chargedFor = async () => (await charges()).filter((ch) => ch.idempotency_key === `order-${order.id}`);

    const malformed = await pay(alex, visa, 'not a key!');
    expect(malformed.status).toBe(400);
    expect(await json(malformed)).toMatchObject({ code: 'invalid_idempotency_key' });
    expect(await chargedFor()).toEqual([]);
    // The confirm's key, sent again with the payment: another request, refused, nothing charged.
    const reused = await pay(alex, visa, 'confirm-7');
    expect(reused.status).toBe(422);
    expect(await json(reused)).toMatchObject({ code: 'idempotency_key_reused' });
    expect(await chargedFor()).toEqual([]);
    expect((await server.running.db.selectFrom('orders').select(['status', 'charge_id']).where('id', '=', order.id).executeTakeFirstOrThrow())).toEqual({ status: 'confirmed', charge_id: null });

    const paid = await pay(alex, visa, 'pay-7');
    expect(paid.status).toBe(200);
    expect((await json<Paid>(paid)).order.status).toBe('paid');
    expect(await chargedFor()).toHaveLength(1);
  });

  it('recovers when the process died after the charge but before the grant: paying again grants once, charges nothing more', async () => {
    const visa = await card(alex, '4242424242424242');
    await alex.request('/api/v1/cart', { method: 'DELETE', headers: wellington });
    await fill(alex);
    const { order } = await json<Paid>(await confirm(alex));
    // What a process killed right after the gateway answered leaves behind: a charge, an unpaid order.
    const row = await server.running.db.selectFrom('payment_sources').select('token').where('id', '=', visa).executeTakeFirstOrThrow();
    const { sandboxGateway } = await import('./gateway/sandbox');
    await sandboxGateway(server.running.db).charge({ token: row.token, amountCents: 22000, currency: 'NZD', idempotencyKey: `order-${order.id}`, returnPath: '/' }, new Date());
    const before = (await passes()).length;
    const paid = await json<Paid>(await pay(alex, visa));
    expect(paid.order.status).toBe('paid');
    expect((await charges()).filter((ch) => ch.idempotency_key === `order-${order.id}`)).toHaveLength(1);
    expect((await passes()).length).toBe(before + 1);
  });

  it('pays the confirmed order although a late-cancel fee and a studio invoice, since cancelled, were issued in between, and keeps a line added since in the cart', async () => {
    const visa = await card(alex, '4242424242424242');
    await alex.request('/api/v1/cart', { method: 'DELETE', headers: wellington });
    await fill(alex);
    const { order } = await json<Paid>(await confirm(alex));
    const { chargeLateCancelFee } = await import('./invoices');
    const me = (await server.running.db.selectFrom('orders').select('profile_id').where('id', '=', order.id).executeTakeFirstOrThrow()).profile_id;
    const facility = await server.running.db.selectFrom('facilities').select(['id', 'org_id']).where('name', '=', 'Wellington').executeTakeFirstOrThrow();
    expect(await chargeLateCancelFee(server.running.db, { profile_id: me }, { org_id: facility.org_id, facility_id: facility.id, name: 'HIIT', start_at: new Date().toISOString() }, new Date())).toBe(true);
    // An appointment paid at the studio, booked and cancelled in time: its order is no checkout's.
    const { invoiceDueAtStudio, settleDueAtStudio } = await import('./invoices');
    const studio = await invoiceDueAtStudio(server.running.db, { profile_id: me, org_id: facility.org_id, currency: 'NZD' }, { kind: 'appointment', name: 'Sports Physio', starts_at: new Date().toISOString(), quantity: 1, price_cents: 8500 }, new Date());
    await settleDueAtStudio(server.running.db, studio, 'cancelled');
    await fill(alex);
    const paid = await json<Paid>(await pay(alex, visa));
    expect(paid.order).toMatchObject({ id: order.id, status: 'paid' });
    expect((await json<Cart>(await alex.get('/api/v1/cart', { headers: wellington }))).line_items).toEqual([expect.objectContaining({ variant_id: ten.id, quantity: 1 })]);
    await alex.request('/api/v1/cart', { method: 'DELETE', headers: wellington });
  });

  it('never writes a card number to the log or the database during a purchase', async () => {
    const logged: string[] = [];
    const spies = (['log', 'info', 'warn', 'error'] as const).map((level) => {
      const original = console[level];
      console[level] = (...args: unknown[]) => {
        logged.push(args.map(String).join(' '));
        original(...args);
      };
      return () => {
        console[level] = original;
      };
    });
    try {
      const visa = await card(alex, '4000000000000069');
      await fill(alex);
      await confirm(alex);
      expect(await json(await pay(alex, visa))).toMatchObject({ code: 'expired_card' });
      // A purchase that goes through, with a number no other test uses.
      const mastercard = await card(alex, '2223003122003222');
      await confirm(alex);
      expect((await json<Paid>(await pay(alex, mastercard))).order.status).toBe('paid');
    } finally {
      for (const restore of spies) restore();
    }
    expect(logged.join('\n')).not.toMatch(/4000\s?0000\s?0000\s?0069|2223\s?0031\s?2200\s?3222/);
    const tables = ['payment_sources', 'sandbox_cards', 'sandbox_charges', 'orders', 'invoices', 'idempotency_keys'] as const;
    for (const table of tables) {
      const rows = await server.running.db.selectFrom(table).selectAll().execute();
      expect(JSON.stringify(rows), table).not.toMatch(/4000000000000069|2223003122003222/);
    }
    // On SQLite, the database's own bytes too (its file and write-ahead log), every table and page.
    if (!server.database.databaseUrl) {
      for (const file of [server.database.databaseFile!, `${server.database.databaseFile!}-wal`]) {
        const bytes = await readFile(file).catch(() => Buffer.alloc(0));
        expect(bytes.includes('4000000000000069') || bytes.includes('2223003122003222'), file).toBe(false);
      }
    }
  });

  it('a refused card stops being the default, so it is never offered first again; the next card saved becomes the default', async () => {
    const cards = async () => (await json<{ id: number; default: boolean }[]>(await sam.get('/api/v1/payment_sources?gateway_id=sandbox', { headers: wellington }))).map((c) => [c.id, c.default]);
    const declined = await card(sam, '4000000000000002');
    expect(await cards()).toEqual([[declined, true]]);
    await fill(sam);
    await confirm(sam);
    expect((await pay(sam, declined)).status).toBe(402);
    expect(await cards()).toEqual([[declined, false]]);
    const visa = await card(sam, '4242424242424242');
    expect(await cards()).toEqual([[declined, false], [visa, true]]);
    // A card that is not the default and is refused leaves the default where it is.
    const broke = await card(sam, '4000000000009995');
    await confirm(sam);
    expect((await pay(sam, broke)).status).toBe(402);
    expect(await cards()).toEqual([[declined, false], [visa, true], [broke, false]]);
    await sam.request('/api/v1/cart', { method: 'DELETE', headers: wellington });
  });

  it('another member’s card is 404, an empty cart cannot be confirmed', async () => {
    const alexCard = (await server.running.db.selectFrom('payment_sources').select('id').executeTakeFirstOrThrow()).id;
    await sam.put('/api/v1/cart', { cart: { line_items: [{ variant_id: ten.id, quantity: 1, price: 220 }] } }, { headers: wellington });
    await confirm(sam);
    expect((await pay(sam, alexCard)).status).toBe(404);
    await sam.request('/api/v1/cart', { method: 'DELETE', headers: wellington });
    expect(await json(await confirm(sam))).toMatchObject({ code: 'cart_empty' });
  });
});
