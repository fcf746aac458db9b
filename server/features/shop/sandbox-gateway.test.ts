// The sandbox gateway's own pages: a 3-D Secure challenge answers only for a charge waiting on it
// and sends the browser back only to a path of this app; with Stripe configured the sandbox is
// not there unless chosen (SANDBOX_GATEWAY=on). On SQLite and, under npm run test:pg, PostgreSQL.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway, Product } from '../../../core/contract/types';
import { ALEX, json, signedIn, startTestServer, type Browser, type TestServer } from '../../testing/helpers';
import { facilityGuid } from '../../testing/booking-helpers';
import { storeCard } from '../../testing/shop-helpers';

describe('the sandbox gateway', () => {
  let server: TestServer;
  let alex: Browser;
  let wellington: Record<string, string>;
  let ten: Product;

  beforeAll(async () => {
    server = await startTestServer();
    alex = await signedIn(server, ALEX);
    wellington = { 'X-Facility-Id': await facilityGuid(server.running.db, 'Wellington') };
    ten = (await json<Product[]>(await alex.get('/api/v1/products/passes', { headers: wellington }))).find((p) => p.name === '10-Visit Pass')!;
  });
  afterAll(() => server.close());
  afterEach(() => {
    delete process.env.STRIPE_SECRET_KEY;
    delete process.env.STRIPE_PUBLISHABLE_KEY;
    delete process.env.SANDBOX_GATEWAY;
  });

  const answer = (path: string, fields: Record<string, string>) => fetch(`${server.url}${path}`, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });

  it('answers a challenge only for a charge waiting on it, and sends the browser back only to a path of this app', async () => {
    // No charge behind it: nothing to answer, and no redirect anywhere.
    const nowhere = await answer('/sandbox-gateway/challenges/anything', { result: 'pass', return: '/checkout/payment' });
    expect(nowhere.status).toBe(404);
    expect(nowhere.headers.get('location')).toBeNull();

    const secure = await storeCard(alex, '4000000000003220', wellington);
    await alex.put('/api/v1/cart', { cart: { line_items: [{ variant_id: ten.id, quantity: 1, price: 0.01 }] } }, { headers: wellington });
    await alex.put('/api/v1/checkout', { cart: {} }, { headers: wellington });
    const paid = await json<{ next_action: { url: string } }>(await alex.put('/api/v1/checkout', { payment: { card_id: secure } }, { headers: wellington }));
    const challenge = paid.next_action.url.split('?')[0]!;
    const id = challenge.split('/').pop()!;
    const waitAgain = () => server.running.db.updateTable('sandbox_charges').set({ challenge: 'pending' }).where('id', '=', id).execute();

    const hostile = ['/\t/evil.example/', '/\n/evil.example/', '/\r\n/evil.example/', '/\u0000/evil.example/', '//evil.example/', '/\\evil.example/', 'https://evil.example/', ''];
    for (const back of hostile) {
      await waitAgain();
      const res = await answer(challenge, { result: 'fail', return: back });
      expect(res.status, JSON.stringify(back)).toBe(303);
      expect(res.headers.get('location'), JSON.stringify(back)).toBe('/checkout/payment');
      // The page's own form carries only a safe place back.
      await waitAgain();
      const page = await fetch(`${server.url}${challenge}?return=${encodeURIComponent(back)}`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('name="return" value="/checkout/payment"');
    }
    await waitAgain();
    const home = await answer(challenge, { result: 'pass', return: '/checkout/payment?returned=1' });
    expect(home.headers.get('location')).toBe('/checkout/payment?returned=1');
    // Answered: the challenge is no longer waiting.
    expect((await answer(challenge, { result: 'pass', return: '/checkout/payment' })).status).toBe(404);
  });

  it('is not there with Stripe configured, unless chosen with SANDBOX_GATEWAY=on', async () => {
    const tokens = () => fetch(`${server.url}/sandbox-gateway/v1/tokens`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"card":{}}' });
    expect((await tokens()).status).toBe(401);
    process.env.STRIPE_SECRET_KEY = 'sk_test_x';
    process.env.STRIPE_PUBLISHABLE_KEY = 'pk_test_x';
    expect((await tokens()).status).toBe(404);
    expect((await answer('/sandbox-gateway/challenges/anything', { result: 'pass', return: '/' })).status).toBe(404);
    expect((await json<Gateway[]>(await alex.get('/api/v1/gateways'))).map((g) => g.id)).toEqual(['stripe']);
    expect((await alex.get('/api/v1/gateways/sandbox/auth_token')).status).toBe(404);

    process.env.SANDBOX_GATEWAY = 'on';
    expect((await tokens()).status).toBe(401);
    expect((await json<Gateway[]>(await alex.get('/api/v1/gateways'))).map((g) => g.id)).toEqual(['sandbox', 'stripe']);
  });
});
