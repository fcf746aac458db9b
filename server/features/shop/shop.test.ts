// The shop and the cart: the organisation's products with prices in its currency; the SPEC §5 cart
// rules on the server (a line only with quantity and price, the same variant raises the quantity,
// the total from the catalogue's prices, never the body's); idempotent; another organisation's or
// member's cart is never touched. On SQLite and, under npm run test:pg, PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cart, Product } from '../../../core/contract/types';
import { ALEX, json, SAM, signedIn, startTestServer, type Browser, type TestServer } from '../../testing/helpers';
import { facilityGuid } from '../../testing/booking-helpers';

describe('shop and cart', () => {
  let server: TestServer;
  let alex: Browser;
  let sam: Browser;
  let wellington: Record<string, string>;
  let tallinn: Record<string, string>;
  let products: Product[];
  const put = (who: Browser, lineItems: unknown[], headers: Record<string, string> = {}) => who.put('/api/v1/cart', { cart: { line_items: lineItems } }, { headers: { ...wellington, ...headers } });

  beforeAll(async () => {
    server = await startTestServer();
    [alex, sam] = await Promise.all([signedIn(server, ALEX), signedIn(server, SAM)]);
    wellington = { 'X-Facility-Id': await facilityGuid(server.running.db, 'Wellington') };
    tallinn = { 'X-Facility-Id': await facilityGuid(server.running.db, 'Tallinn Old Town') };
    products = await json<Product[]>(await alex.get('/api/v1/products/passes', { headers: wellington }));
  });
  afterAll(() => server.close());

  it('lists what the organisation sells, in its currency, with what each pays for', async () => {
    expect(products.map((p) => [p.kind, p.name, p.price, p.currency])).toEqual([
      ['pass', 'Intro 5-Visit Pass', 99, 'NZD'],
      ['pass', '10-Visit Pass', 220, 'NZD'],
      ['membership', 'Unlimited Membership', 189, 'NZD'],
    ]);
    expect(products.find((p) => p.kind === 'membership')?.covers).toContain('Personal Training');
    const types = await json<Product[]>(await alex.get('/api/v1/pass_types', { headers: tallinn }));
    expect(types).toEqual([expect.objectContaining({ name: '10-Visit Pass', price: 120, currency: 'EUR', visits: 10 })]);
  });

  it('adds a line only with quantity and price, raises the quantity of the same variant, and totals from the catalogue', async () => {
    const ten = products.find((p) => p.name === '10-Visit Pass')!;
    const intro = products.find((p) => p.name === 'Intro 5-Visit Pass')!;
    let cart = await json<Cart>(await put(alex, [{ variant_id: ten.id, quantity: 1, price: 0.01 }, { variant_id: intro.id, quantity: 1 }]));
    expect(cart.line_items).toEqual([expect.objectContaining({ variant_id: ten.id, quantity: 1, price: 220, name: '10-Visit Pass' })]);
    expect(cart.total).toBe(220);
    cart = await json<Cart>(await put(alex, [{ variant_id: ten.id, quantity: 2, price: 220 }, { variant_id: intro.id, quantity: 1, price: 99 }]));
    expect(cart.line_items.map((l) => [l.variant_id, l.quantity])).toEqual([[ten.id, 3], [intro.id, 1]]);
    expect(cart.total).toBe(3 * 220 + 99);
    const line = cart.line_items[1]!;
    cart = await json<Cart>(await put(alex, [{ id: line.id, _destroy: true }, { id: cart.line_items[0]!.id, quantity: 1 }]));
    expect(cart).toMatchObject({ total: 220, deleted_line_items: [line.id], currency: 'NZD' });
    expect(await json<Cart>(await alex.get('/api/v1/cart', { headers: wellington }))).toMatchObject({ total: 220, deleted_line_items: [] });
  });

  it('answers a replayed edit with what it answered first, changing nothing more', async () => {
    const intro = products.find((p) => p.name === 'Intro 5-Visit Pass')!;
    const key = { 'Idempotency-Key': 'cart-add-intro' };
    const first = await json<Cart>(await put(alex, [{ variant_id: intro.id, quantity: 1, price: 99 }], key));
    const again = await put(alex, [{ variant_id: intro.id, quantity: 1, price: 99 }], key);
    expect(await json<Cart>(again)).toEqual(first);
    expect((await json<Cart>(await alex.get('/api/v1/cart', { headers: wellington }))).line_items.find((l) => l.variant_id === intro.id)?.quantity).toBe(1);
  });

  it('keeps carts apart: per member and organisation; another organisation’s product is refused; bad input is a clear 422', async () => {
    expect((await json<Cart>(await sam.get('/api/v1/cart', { headers: wellington }))).line_items).toEqual([]);
    expect((await json<Cart>(await alex.get('/api/v1/cart', { headers: tallinn }))).line_items).toEqual([]);
    const estonian = (await json<Product[]>(await alex.get('/api/v1/pass_types', { headers: tallinn })))[0]!;
    const refused = await put(alex, [{ variant_id: estonian.id, quantity: 1, price: 120 }]);
    expect(refused.status).toBe(422);
    expect(await json(refused)).toMatchObject({ code: 'validation_failed', message: expect.stringContaining('not on sale here') });
    expect((await put(alex, [{ variant_id: 'x', quantity: 1, price: 1 }])).status).toBe(422);
    expect((await alex.put('/api/v1/cart', { line_items: [] }, { headers: wellington })).status).toBe(422);
    // Sam cannot change Alex's line by its id: it is not in Sam's cart.
    const alexLine = (await json<Cart>(await alex.get('/api/v1/cart', { headers: wellington }))).line_items[0]!;
    await sam.put('/api/v1/cart', { cart: { line_items: [{ id: alexLine.id, _destroy: true }] } }, { headers: wellington });
    expect((await json<Cart>(await alex.get('/api/v1/cart', { headers: wellington }))).line_items.map((l) => l.id)).toContain(alexLine.id);
  });

  it('empties the cart with DELETE', async () => {
    const before = await json<Cart>(await alex.get('/api/v1/cart', { headers: wellington }));
    const emptied = await json<Cart>(await alex.request('/api/v1/cart', { method: 'DELETE', headers: wellington }));
    expect(emptied).toMatchObject({ total: 0, line_items: [], deleted_line_items: before.line_items.map((l) => l.id) });
  });
});
