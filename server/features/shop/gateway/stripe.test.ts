// The Stripe adapter against answers in the shape Stripe documents for these calls (API version
// of the stripe package), served by a stand-in fetch: no network. What it proves: the calls made
// (customer by metadata, SetupIntent off-session, PaymentIntent off-session with confirm and the
// order as Idempotency-Key), and how Stripe's answers map to ours (succeeded, authentication
// required → challenge, declines). What it does not: Stripe's servers, Stripe.js in the app.
import { describe, expect, it } from 'vitest';
import { stripeGateway } from './stripe';

interface Recorded { status: number; body: unknown }
type Route = (method: string, path: string, body: URLSearchParams) => Recorded | undefined;

function standIn(routes: Route[]) {
  const calls: { method: string; path: string; body: URLSearchParams; idempotencyKey: string | null }[] = [];
  const fetchFn = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input));
    const method = init?.method ?? 'GET';
    const body = new URLSearchParams(typeof init?.body === 'string' ? init.body : url.search);
    const headers = new Headers(init?.headers);
    calls.push({ method, path: url.pathname, body, idempotencyKey: headers.get('Idempotency-Key') });
    for (const route of routes) {
      const answer = route(method, url.pathname, body);
      if (answer) return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'Content-Type': 'application/json', 'Request-Id': 'req_test' } });
    }
    return new Response(JSON.stringify({ error: { type: 'invalid_request_error', message: `No such route ${method} ${url.pathname}` } }), { status: 404 });
  }) as typeof fetch;
  return { fetchFn, calls };
}

const customer = { id: 'cus_Q1', object: 'customer', metadata: { profile_id: '7' } };
const method = { id: 'pm_1Q', object: 'payment_method', type: 'card', customer: 'cus_Q1', card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2031, funding: 'credit', country: 'NZ' } };
const found: Route = (m, p) => (m === 'GET' && p === '/v1/customers/search' ? { status: 200, body: { object: 'search_result', data: [customer], has_more: false, url: '/v1/customers/search' } } : undefined);
const paymentMethod: Route = (m, p) => (m === 'GET' && p === '/v1/payment_methods/pm_1Q' ? { status: 200, body: method } : undefined);
const request = { token: 'pm_1Q', amountCents: 22000, currency: 'NZD', idempotencyKey: 'order-12', returnPath: '/checkout/payment?returned=1' };

describe('the Stripe gateway', () => {
  it('finds or creates the member’s customer and gives a SetupIntent’s client secret to confirm a card with', async () => {
    const none: Route = (m, p) => (m === 'GET' && p === '/v1/customers/search' ? { status: 200, body: { object: 'search_result', data: [], has_more: false } } : undefined);
    const created: Route = (m, p) => (m === 'POST' && p === '/v1/customers' ? { status: 200, body: customer } : undefined);
    const setup: Route = (m, p) => (m === 'POST' && p === '/v1/setup_intents' ? { status: 200, body: { id: 'seti_1Q', object: 'setup_intent', client_secret: 'seti_1Q_secret_abc', status: 'requires_payment_method', usage: 'off_session' } } : undefined);
    const { fetchFn, calls } = standIn([none, created, setup]);
    const token = await stripeGateway({ secretKey: 'sk_test_x', publishableKey: 'pk_test_x', fetch: fetchFn }).authToken(7, new Date('2026-11-25T12:00:00Z'));
    expect(token).toEqual({ auth_token: 'seti_1Q_secret_abc', expires_at: '2026-11-25T12:15:00.000Z', tokenise_url: 'stripe-js' });
    expect(calls.find((c) => c.path === '/v1/customers/search')?.body.get('query')).toBe("metadata['profile_id']:'7'");
    expect(calls.find((c) => c.path === '/v1/customers')).toMatchObject({ idempotencyKey: 'customer-7' });
    const setupCall = calls.find((c) => c.path === '/v1/setup_intents')!;
    expect([setupCall.body.get('customer'), setupCall.body.get('usage')]).toEqual(['cus_Q1', 'off_session']);
  });

  it('describes only the member’s own card', async () => {
    const { fetchFn } = standIn([found, paymentMethod]);
    const gateway = stripeGateway({ secretKey: 'sk_test_x', publishableKey: 'pk_test_x', fetch: fetchFn });
    expect(await gateway.describeToken('pm_1Q', 7)).toEqual({ brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2031 });
    const other = standIn([(m, p) => (p === '/v1/customers/search' ? { status: 200, body: { object: 'search_result', data: [{ ...customer, id: 'cus_OTHER' }] } } : undefined), paymentMethod]);
    expect(await stripeGateway({ secretKey: 'sk_test_x', publishableKey: 'pk_test_x', fetch: other.fetchFn }).describeToken('pm_1Q', 8)).toBeNull();
  });

  it('charges off-session with the order as the idempotency key', async () => {
    const succeeded: Route = (m, p) => (m === 'POST' && p === '/v1/payment_intents' ? { status: 200, body: { id: 'pi_3Q', object: 'payment_intent', status: 'succeeded', amount: 22000, currency: 'nzd' } } : undefined);
    const { fetchFn, calls } = standIn([paymentMethod, succeeded]);
    expect(await stripeGateway({ secretKey: 'sk_test_x', publishableKey: 'pk_test_x', fetch: fetchFn }).charge(request, new Date())).toEqual({ status: 'succeeded', id: 'pi_3Q' });
    const charge = calls.find((c) => c.path === '/v1/payment_intents')!;
    expect(charge.idempotencyKey).toBe('order-12');
    expect(Object.fromEntries(['amount', 'currency', 'customer', 'payment_method', 'off_session', 'confirm'].map((k) => [k, charge.body.get(k)]))).toEqual({ amount: '22000', currency: 'nzd', customer: 'cus_Q1', payment_method: 'pm_1Q', off_session: 'true', confirm: 'true' });
  });

  it('turns authentication_required into an on-session confirmation whose client secret the app’s Stripe.js completes, and declines into our reasons', async () => {
    const cardError = (code: string, declineCode?: string): Route => (m, p) =>
      m === 'POST' && p === '/v1/payment_intents'
        ? { status: 402, body: { error: { type: 'card_error', code, ...(declineCode && { decline_code: declineCode }), message: 'Your card was declined.', payment_intent: { id: 'pi_4Q', object: 'payment_intent', status: 'requires_payment_method', amount: 22000, currency: 'nzd', client_secret: 'pi_4Q_secret' } } } }
        : undefined;
    // Confirmed again without off_session and with use_stripe_sdk, Stripe asks for the action Stripe.js performs.
    const onSession: Route = (m, p) =>
      m === 'POST' && p === '/v1/payment_intents/pi_4Q/confirm'
        ? { status: 200, body: { id: 'pi_4Q', object: 'payment_intent', status: 'requires_action', amount: 22000, currency: 'nzd', client_secret: 'pi_4Q_secret', next_action: { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect' } } } }
        : undefined;
    const outcome = async (route: Route) => stripeGateway({ secretKey: 'sk_test_x', publishableKey: 'pk_test_x', fetch: standIn([paymentMethod, route, onSession]).fetchFn }).charge(request, new Date());
    const challenged = standIn([paymentMethod, cardError('authentication_required'), onSession]);
    expect(await stripeGateway({ secretKey: 'sk_test_x', publishableKey: 'pk_test_x', fetch: challenged.fetchFn }).charge(request, new Date())).toEqual({
      status: 'requires_action',
      id: 'pi_4Q',
      challenge_url: '/checkout/payment?returned=1&authenticate=pi_4Q',
      client_secret: 'pi_4Q_secret',
    });
    const confirm = challenged.calls.find((c) => c.path === '/v1/payment_intents/pi_4Q/confirm')!;
    expect([confirm.body.get('payment_method'), confirm.body.get('use_stripe_sdk'), confirm.body.get('off_session'), confirm.idempotencyKey]).toEqual(['pm_1Q', 'true', null, 'order-12-on-session']);
    expect(await outcome(cardError('card_declined', 'generic_decline'))).toEqual({ status: 'failed', id: 'pi_4Q', code: 'card_declined' });
    expect(await outcome(cardError('card_declined', 'insufficient_funds'))).toEqual({ status: 'failed', id: 'pi_4Q', code: 'insufficient_funds' });
    expect(await outcome(cardError('expired_card'))).toEqual({ status: 'failed', id: 'pi_4Q', code: 'expired_card' });
  });

  it('asked again after the challenge, reads the pending intent’s outcome and creates no new charge', async () => {
    const intentNow = (body: Record<string, unknown>): Route => (m, p) =>
      m === 'GET' && p === '/v1/payment_intents/pi_4Q' ? { status: 200, body: { id: 'pi_4Q', object: 'payment_intent', amount: 22000, currency: 'nzd', client_secret: 'pi_4Q_secret', ...body } } : undefined;
    const after = async (body: Record<string, unknown>) => {
      const { fetchFn, calls } = standIn([intentNow(body)]);
      const result = await stripeGateway({ secretKey: 'sk_test_x', publishableKey: 'pk_test_x', fetch: fetchFn }).charge({ ...request, pending: 'pi_4Q' }, new Date());
      expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /v1/payment_intents/pi_4Q']);
      return result;
    };
    expect(await after({ status: 'succeeded' })).toEqual({ status: 'succeeded', id: 'pi_4Q' });
    // A failed (or abandoned) 3-D Secure puts the intent back to requires_payment_method.
    expect(await after({ status: 'requires_payment_method', last_payment_error: { type: 'card_error', code: 'payment_intent_authentication_failure', message: 'The provided PaymentMethod has failed authentication.' } })).toEqual({ status: 'failed', id: 'pi_4Q', code: 'authentication_failed' });
    expect(await after({ status: 'requires_action' })).toMatchObject({ status: 'requires_action', client_secret: 'pi_4Q_secret' });
    expect(await after({ status: 'canceled' })).toEqual({ status: 'failed', id: 'pi_4Q', code: 'card_declined' });
    // Another order's intent is never taken for this one.
    await expect(after({ status: 'succeeded', amount: 100 })).rejects.toThrow(/not this order/);
  });
  it('refunds a PaymentIntent with the order’s refund key, and says when Stripe will not', async () => {
    const refunded: Route = (m, p, body) =>
      m === 'POST' && p === '/v1/refunds' && body.get('payment_intent') === 'pi_ok' ? { status: 200, body: { id: 're_1Q', object: 'refund', amount: 22000, payment_intent: 'pi_ok', status: 'succeeded' } } : undefined;
    const already: Route = (m, p, body) =>
      m === 'POST' && p === '/v1/refunds' && body.get('payment_intent') === 'pi_done' ? { status: 400, body: { error: { type: 'invalid_request_error', code: 'charge_already_refunded', message: 'Charge ch_1 has already been refunded.' } } } : undefined;
    const { fetchFn, calls } = standIn([refunded, already]);
    const gateway = stripeGateway({ secretKey: 'sk_test_x', publishableKey: 'pk_test_x', fetch: fetchFn });
    expect(await gateway.refund({ chargeId: 'pi_ok', amountCents: 22000, idempotencyKey: 'refund-order-12' }, new Date())).toEqual({ status: 'succeeded', id: 're_1Q' });
    expect(calls.at(-1)).toMatchObject({ method: 'POST', path: '/v1/refunds', idempotencyKey: 'refund-order-12' });
    expect(calls.at(-1)!.body.get('amount')).toBe('22000');
    expect(await gateway.refund({ chargeId: 'pi_done', amountCents: 22000, idempotencyKey: 'refund-order-13' }, new Date())).toEqual({ status: 'failed', code: 'not_refundable' });
  });
});
