// The card goes from the card form straight to the gateway with a short-lived auth token; /api/v1
// only ever sees the token that comes back. Which gateway: Stripe when the server offers it (its
// card fields are Stripe Elements, ./stripe-card.ts, loaded only then), else the sandbox, whose
// fields are our own (CardForm) and which tokenises at the server's sandbox endpoint.
import type { Gateway } from '../../../core/contract/types';
import type { StoredCard } from './api';
import { getAuthToken, getGateways, storeCard } from './api';
import { facilityScope } from '../../data/api/client';

export const SANDBOX_GATEWAY = 'sandbox';
export const STRIPE_GATEWAY = 'stripe';

export class GatewayRefusal extends Error {
  override name = 'GatewayRefusal';
  /**
   * `shown`: the gateway's own words for the member (Stripe writes them in the member's language);
   * without it the screen says what `code` means in ours.
   */
  constructor(
    readonly code: 'invalid_number' | 'invalid_expiry' | 'invalid_cvc' | 'unauthorized' | 'invalid_request',
    message: string,
    readonly shown?: string,
  ) {
    super(message);
  }
}

export interface CardInput {
  number: string;
  expMonth: string;
  expYear: string;
  cvc: string;
}

/** A card held by the form, which its gateway turns into a token the server stores. */
export interface CardTokeniser {
  readonly gatewayId: string;
  /** The gateway's token (sandbox tok_…, Stripe pm_…); throws GatewayRefusal when it says no. */
  tokenise(): Promise<string>;
}

/** The sandbox's tokeniser: our own fields' card, sent to its tokenisation endpoint. */
export function sandboxTokeniser(card: CardInput): CardTokeniser {
  return {
    gatewayId: SANDBOX_GATEWAY,
    async tokenise() {
      const auth = await getAuthToken(SANDBOX_GATEWAY);
      const res = await fetch(auth.tokenise_url, {
        method: 'POST',
        headers: { Authorization: `Bearer ${auth.auth_token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ card: { number: card.number.replace(/\D/g, ''), exp_month: card.expMonth, exp_year: card.expYear, cvc: card.cvc } }),
      });
      const answer = (await res.json()) as { id?: string; error?: { code: GatewayRefusal['code']; message: string } };
      if (!res.ok || !answer.id) throw new GatewayRefusal(answer.error?.code ?? 'invalid_request', answer.error?.message ?? 'The card could not be added.');
      return answer.id;
    },
  };
}

export async function addCard(card: CardTokeniser, facilityGuid: string, idempotencyKey: string): Promise<StoredCard> {
  return storeCard(card.gatewayId, await card.tokenise(), { scope: facilityScope(facilityGuid), idempotencyKey });
}

/** The gateway cards are added and paid with: Stripe when offered (with its publishable key), else the sandbox. */
export async function cardGateway(): Promise<Gateway> {
  const offered = await getGateways();
  return offered.find((g) => g.id === STRIPE_GATEWAY && g.publishable_key) ?? { id: SANDBOX_GATEWAY, name: 'Sandbox' };
}
