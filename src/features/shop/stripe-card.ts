// The Stripe side of the card form and of paying, loaded (import()) only when the Stripe gateway is
// the one in use, so neither the shell nor the sandbox path carry Stripe.js. The card number lives
// in Stripe's own frame (a Card Element): it never reaches our code (PCI), only the PaymentMethod
// id Stripe gives back when the SetupIntent is confirmed. Stripe.js is loaded by `load` (loadStripe
// in the app; tests pass a fake).
import type { Stripe, StripeCardElement, StripeElementLocale } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { getAuthToken } from './api';
import { GatewayRefusal, STRIPE_GATEWAY, type CardTokeniser } from './gateway';

export type StripeLoader = (publishableKey: string) => Promise<Stripe | null>;

const LOCALES: Record<string, StripeElementLocale> = { en: 'en', 'en-GB': 'en-GB', 'en-US': 'en', 'es-ES': 'es', fr: 'fr', et: 'et' };

async function stripeOf(publishableKey: string, load: StripeLoader): Promise<Stripe> {
  const stripe = await load(publishableKey);
  if (!stripe) throw new Error('Stripe.js did not load.');
  return stripe;
}

export interface MountedCard {
  tokeniser: CardTokeniser;
  unmount(): void;
}

/** Mounts Stripe's Card Element in `host`; its tokeniser confirms the member's SetupIntent with that card. */
export async function mountStripeCard(host: HTMLElement, publishableKey: string, language: string, load: StripeLoader = loadStripe): Promise<MountedCard> {
  const stripe = await stripeOf(publishableKey, load);
  const look = getComputedStyle(host);
  const card: StripeCardElement = stripe
    .elements({ locale: LOCALES[language] ?? 'auto' })
    .create('card', { hidePostalCode: true, style: { base: { color: look.color, fontSize: '16px', '::placeholder': { color: look.getPropertyValue('--color-text-muted').trim() || undefined } } } });
  card.mount(host);
  return {
    tokeniser: {
      gatewayId: STRIPE_GATEWAY,
      async tokenise() {
        // The Stripe gateway's auth token is the SetupIntent's client secret.
        const { auth_token: clientSecret } = await getAuthToken(STRIPE_GATEWAY);
        const { setupIntent, error } = await stripe.confirmCardSetup(clientSecret, { payment_method: { card } });
        const method = setupIntent?.payment_method;
        if (error || !method) throw new GatewayRefusal('invalid_request', error?.message ?? 'Stripe did not confirm the card.', error?.message);
        return typeof method === 'string' ? method : method.id;
      },
    },
    unmount: () => card.destroy(),
  };
}

/** Runs the bank's 3-D Secure challenge in place; how it ended is then the server's to read. */
export async function completeStripeChallenge(publishableKey: string, clientSecret: string, load: StripeLoader = loadStripe): Promise<void> {
  const stripe = await stripeOf(publishableKey, load);
  // A failed or abandoned challenge answers an error here; the server learns it from Stripe too.
  await stripe.handleNextAction({ clientSecret });
}
