// Checkout through the Stripe gateway, end to end in this server, with Stripe's API answered in the
// shape Stripe documents by a stand-in for fetch (no network): GET /gateways hands the app the
// publishable key; a card Stripe.js confirmed is stored by its PaymentMethod; a charge that needs
// 3-D Secure answers the PaymentIntent's client secret to the order's owner and keeps the intent
// against the order; asked again after the challenge, the intent's outcome is read, never a new one made.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Gateway, Product } from '../../../core/contract/types';
import { ALEX, json, signedIn, startTestServer, type Browser, type TestServer } from '../../testing/helpers';
import { facilityGuid } from '../../testing/booking-helpers';

interface Answer { order: { id: number; status: string }; next_action?: { type: string; url: string; gateway_id?: string; client_secret?: string } }

const customer = { id: 'cus_Q1', object: 'customer', metadata: { profile_id: '1' } };
const method = { id: 'pm_1Q', object: 'payment_method', type: 'card', customer: 'cus_Q1', card: { brand: 'visa', last4: '3184', exp_month: 12, exp_year: 2031 } };
const intent = (status: string, extra: Record<string, unknown> = {}) => ({ id: 'pi_9Q', object: 'payment_intent', status, amount: 22000, currency: 'nzd', client_secret: 'pi_9Q_secret_z', ...extra });

describe('checkout with the Stripe gateway', () => {
  let server: TestServer;
  let alex: Browser;
  let wellington: Record<string, string>;
  let ten: Product;
  let intentNow = intent('requires_action');
  const stripeCalls: string[] = [];
  const realFetch = globalThis.fetch;

  function stripeAnswer(method_: string, path: string): { status: number; body: unknown } {
    if (path === '/v1/customers/search') return { status: 200, body: { object: 'search_result', data: [customer], has_more: false } };
    if (path === '/v1/payment_methods/pm_1Q') return { status: 200, body: method };
    if (method_ === 'POST' && path === '/v1/payment_intents') {
      return { status: 402, body: { error: { type: 'card_error', code: 'authentication_required', message: 'Your card requires authentication.', payment_intent: intent('requires_payment_method') } } };
    }
    if (method_ === 'POST' && path === '/v1/payment_intents/pi_9Q/confirm') return { status: 200, body: intent('requires_action', { next_action: { type: 'use_stripe_sdk', use_stripe_sdk: {} } }) };
    if (method_ === 'GET' && path === '/v1/payment_intents/pi_9Q') return { status: 200, body: intentNow };
    return { status: 404, body: { error: { type: 'invalid_request_error', message: `No such route ${method_} ${path}` } } };
  }

  beforeAll(async () => {
    process.env.STRIPE_SECRET_KEY = 'sk_test_x';
    process.env.STRIPE_PUBLISHABLE_KEY = 'pk_test_51Abc';
    vi.stubGlobal('fetch', (async (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (url.hostname !== 'api.stripe.com') return realFetch(input, init);
      const verb = init?.method ?? 'GET';
      stripeCalls.push(`${verb} ${url.pathname}`);
      const answer = stripeAnswer(verb, url.pathname);
      return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'Content-Type': 'application/json', 'Request-Id': 'req_test' } });
    }) as typeof fetch);
    server = await startTestServer();
    alex = await signedIn(server, ALEX);
    wellington = { 'X-Facility-Id': await facilityGuid(server.running.db, 'Wellington') };
    ten = (await json<Product[]>(await alex.get('/api/v1/products/passes', { headers: wellington }))).find((p) => p.name === '10-Visit Pass')!;
  });
  afterAll(async () => {
    await server.close();
    vi.unstubAllGlobals();
    delete process.env.STRIPE_SECRET_KEY;
    delete process.env.STRIPE_PUBLISHABLE_KEY;
  });
  afterEach(() => {
    stripeCalls.length = 0;
  });

  it('offers Stripe with its publishable key, and no sandbox (not chosen)', async () => {
    expect(await json<Gateway[]>(await alex.get('/api/v1/gateways'))).toEqual([{ id: 'stripe', name: 'Card', publishable_key: 'pk_test_51Abc' }]);
  });

  it('hands the owner the client secret for 3-D Secure, then reads the same intent’s outcome', async () => {
    const stored = await json<{ id: number; last4: string }>(await alex.request('/api/v1/payment_sources', { method: 'POST', json: { source: { gateway_id: 'stripe', token: 'pm_1Q' } }, headers: wellington }));
    expect(stored.last4).toBe('3184');
    await alex.put('/api/v1/cart', { cart: { line_items: [{ variant_id: ten.id, quantity: 1, price: 0.01 }] } }, { headers: wellington });
    const { order } = await json<Answer>(await alex.put('/api/v1/checkout', { cart: {} }, { headers: wellington }));
    const pay = () => alex.put('/api/v1/checkout', { payment: { card_id: stored.id } }, { headers: wellington });

    const first = await pay();
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect((await json<Answer>(first)).next_action).toMatchObject({ type: 'challenge', gateway_id: 'stripe', client_secret: 'pi_9Q_secret_z' });
    const row = await server.running.db.selectFrom('orders').select(['status', 'pending_charge']).where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'confirmed', pending_charge: 'pi_9Q' });

    // Still waiting (the member has not finished): the same intent again, no new one.
    stripeCalls.length = 0;
    expect((await json<Answer>(await pay())).next_action).toMatchObject({ client_secret: 'pi_9Q_secret_z' });
    expect(stripeCalls).toEqual(['GET /v1/payment_intents/pi_9Q']);

    // Stripe.js completed the challenge: the intent succeeded, the order is paid with it.
    intentNow = intent('succeeded');
    stripeCalls.length = 0;
    expect((await json<Answer>(await pay())).order.status).toBe('paid');
    expect(stripeCalls).toEqual(['GET /v1/payment_intents/pi_9Q']);
    expect(await server.running.db.selectFrom('orders').select('charge_id').where('id', '=', order.id).executeTakeFirstOrThrow()).toEqual({ charge_id: 'pi_9Q' });
  });
});
