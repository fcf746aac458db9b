// The Stripe gateway, selected by configuration (STRIPE_SECRET_KEY): a Stripe customer per member
// (found by its profile_id metadata), a SetupIntent whose client secret the app's Stripe.js would
// confirm the card with (never our API), an off-session PaymentIntent to charge a stored card with
// the order as Stripe's idempotency key, and `authentication_required` as the 3-D Secure challenge.
// Proven here against Stripe's documented answers (stripe.test.ts); not against Stripe's servers.
import Stripe from 'stripe';
import type { ChargeFailure, ChargeResult, PaymentGateway } from './gateway';

export const STRIPE_ID = 'stripe';
const AUTH_TOKEN_MINUTES = 15;

export interface StripeOptions {
  secretKey: string;
  /** The fetch Stripe's client uses (tests answer with recorded responses). */
  fetch?: typeof fetch;
}

function failureOf(error: Stripe.errors.StripeError): ChargeFailure {
  if (error.code === 'expired_card') return 'expired_card';
  if (error.decline_code === 'insufficient_funds' || error.code === 'insufficient_funds') return 'insufficient_funds';
  return 'card_declined';
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
    async charge(request): Promise<ChargeResult> {
      const method = await stripe.paymentMethods.retrieve(request.token);
      const customer = typeof method.customer === 'string' ? method.customer : method.customer?.id;
      try {
        const intent = await stripe.paymentIntents.create(
          { amount: request.amountCents, currency: request.currency.toLowerCase(), customer, payment_method: request.token, off_session: true, confirm: true },
          { idempotencyKey: request.idempotencyKey },
        );
        if (intent.status === 'succeeded') return { status: 'succeeded', id: intent.id };
        if (intent.status === 'requires_action') return { status: 'requires_action', id: intent.id, challenge_url: `${request.returnPath}${request.returnPath.includes('?') ? '&' : '?'}authenticate=${intent.id}` };
        return { status: 'failed', id: intent.id, code: 'card_declined' };
      } catch (error) {
        if (!(error instanceof Stripe.errors.StripeCardError)) throw error;
        const intent = error.payment_intent;
        // The bank wants the member present: the app confirms the intent with Stripe.js (3-D Secure).
        if (error.code === 'authentication_required' && intent) return { status: 'requires_action', id: intent.id, challenge_url: `${request.returnPath}${request.returnPath.includes('?') ? '&' : '?'}authenticate=${intent.id}` };
        return { status: 'failed', id: intent?.id ?? '', code: failureOf(error) };
      }
    },
  };
}
