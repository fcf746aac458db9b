// The Stripe gateway, selected by configuration (STRIPE_SECRET_KEY): a Stripe customer per member
// (found by its profile_id metadata), a SetupIntent whose client secret the app's Stripe.js would
// confirm the card with (never our API), an off-session PaymentIntent to charge a stored card with
// the order as Stripe's idempotency key, and `authentication_required` as the 3-D Secure challenge:
// the intent is confirmed again on-session and its client secret handed to the order's owner, whose
// Stripe.js runs the challenge (handleNextAction); asked again, the adapter reads that intent.
// Proven here against Stripe's documented answers (stripe.test.ts); not against Stripe's servers.
import Stripe from 'stripe';
import type { ChargeFailure, ChargeRequest, ChargeResult, PaymentGateway, RefundResult } from './gateway';

export const STRIPE_ID = 'stripe';
const AUTH_TOKEN_MINUTES = 15;

export interface StripeOptions {
  secretKey: string;
  /** Handed to the app, which loads Stripe.js with it (pk_…): public by design. */
  publishableKey: string;
  /** The fetch Stripe's client uses (tests answer with recorded responses). */
  fetch?: typeof fetch;
}

function failureOf(error: { code?: string; decline_code?: string }): ChargeFailure {
  if (error.code === 'expired_card') return 'expired_card';
  if (error.decline_code === 'insufficient_funds' || error.code === 'insufficient_funds') return 'insufficient_funds';
  return 'card_declined';
}

/** Where a PaymentIntent stands, in our terms. */
function outcomeOf(intent: Stripe.PaymentIntent, request: ChargeRequest): ChargeResult {
  if (intent.amount !== request.amountCents || intent.currency !== request.currency.toLowerCase()) throw new Error(`PaymentIntent ${intent.id} is not this order's charge.`);
  if (intent.status === 'succeeded') return { status: 'succeeded', id: intent.id };
  // processing: the bank has not answered yet; the app asks again as after a challenge.
  if (intent.status === 'requires_action' || intent.status === 'processing') {
    return { status: 'requires_action', id: intent.id, challenge_url: `${request.returnPath}${request.returnPath.includes('?') ? '&' : '?'}authenticate=${intent.id}`, client_secret: intent.client_secret ?? undefined };
  }
  const last = intent.last_payment_error;
  // A failed or abandoned challenge puts the intent back to requires_payment_method.
  if (last?.code === 'payment_intent_authentication_failure') return { status: 'failed', id: intent.id, code: 'authentication_failed' };
  if (last) return { status: 'failed', id: intent.id, code: failureOf(last) };
  return { status: 'failed', id: intent.id, code: 'card_declined' };
}

export function stripeGateway(options: StripeOptions): PaymentGateway {
  const stripe = new Stripe(options.secretKey, { httpClient: Stripe.createFetchHttpClient(options.fetch ?? fetch), maxNetworkRetries: 2 });

  async function customerOf(profileId: number, create: boolean): Promise<string | null> {
    const found = await stripe.customers.search({ query: `metadata['profile_id']:'${profileId}'`, limit: 1 });
    const existing = found.data[0];
    if (existing) return existing.id;
    if (!create) return null;
    return (await stripe.customers.create({ metadata: { profile_id: String(profileId) } }, { idempotencyKey: `customer-${profileId}` })).id;
  }

  return {
    id: STRIPE_ID,
    name: 'Card',
    publishableKey: options.publishableKey,
    async authToken(profileId, now) {
      const customer = (await customerOf(profileId, true))!;
      const intent = await stripe.setupIntents.create({ customer, usage: 'off_session', metadata: { profile_id: String(profileId) } });
      return { auth_token: intent.client_secret ?? '', expires_at: new Date(now.getTime() + AUTH_TOKEN_MINUTES * 60_000).toISOString(), tokenise_url: 'stripe-js' };
    },
    async describeToken(token, profileId) {
      const customer = await customerOf(profileId, false);
      if (!customer) return null;
      try {
        const method = await stripe.paymentMethods.retrieve(token);
        if (method.customer !== customer || !method.card) return null;
        return { brand: method.card.brand, last4: method.card.last4, exp_month: method.card.exp_month, exp_year: method.card.exp_year };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return null;
        throw error;
      }
    },
    async refund(request): Promise<RefundResult> {
      try {
        const refund = await stripe.refunds.create({ payment_intent: request.chargeId, amount: request.amountCents }, { idempotencyKey: request.idempotencyKey });
        // pending: Stripe has accepted it and the bank will settle it; it is not taken back.
        return refund.status === 'failed' || refund.status === 'canceled' ? { status: 'failed', code: 'not_refundable' } : { status: 'succeeded', id: refund.id };
      } catch (error) {
        // Already refunded in full, or a charge that never succeeded.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return { status: 'failed', code: 'not_refundable' };
        throw error;
      }
    },
    async charge(request): Promise<ChargeResult> {
      // After the challenge: the intent it was for tells how it ended (creating again with the same
      // key would only replay Stripe's first answer).
      if (request.pending) return outcomeOf(await stripe.paymentIntents.retrieve(request.pending), request);
      const method = await stripe.paymentMethods.retrieve(request.token);
      const customer = typeof method.customer === 'string' ? method.customer : method.customer?.id;
      try {
        const intent = await stripe.paymentIntents.create(
          { amount: request.amountCents, currency: request.currency.toLowerCase(), customer, payment_method: request.token, off_session: true, confirm: true, metadata: { order: request.idempotencyKey } },
          { idempotencyKey: request.idempotencyKey },
        );
        return outcomeOf(intent, request);
      } catch (error) {
        if (!(error instanceof Stripe.errors.StripeCardError)) throw error;
        const intent = error.payment_intent;
        if (error.code !== 'authentication_required' || !intent) return { status: 'failed', id: intent?.id ?? '', code: failureOf(error) };
        // The bank wants the member present: confirmed again on-session, the intent asks for the
        // action the app's Stripe.js performs (handleNextAction: 3-D Secure in place).
        try {
          const onSession = await stripe.paymentIntents.confirm(intent.id, { payment_method: request.token, use_stripe_sdk: true }, { idempotencyKey: `${request.idempotencyKey}-on-session` });
          return outcomeOf(onSession, request);
        } catch (again) {
          if (!(again instanceof Stripe.errors.StripeCardError)) throw again;
          return { status: 'failed', id: intent.id, code: failureOf(again) };
        }
      }
    },
  };
}
