// The card goes from the card form straight to the gateway's tokenisation endpoint with a
// short-lived auth token; /api/v1 only ever sees the token that comes back.
import type { StoredCard } from './api';
import { getAuthToken, storeCard } from './api';
import { facilityScope } from '../../data/api/client';

export class GatewayRefusal extends Error {
  override name = 'GatewayRefusal';
  constructor(readonly code: 'invalid_number' | 'invalid_expiry' | 'invalid_cvc' | 'unauthorized' | 'invalid_request', message: string) {
    super(message);
  }
}

export interface CardInput {
  number: string;
  expMonth: string;
  expYear: string;
  cvc: string;
}

export async function addCard(card: CardInput, facilityGuid: string, idempotencyKey: string): Promise<StoredCard> {
  const auth = await getAuthToken('sandbox');
  const res = await fetch(auth.tokenise_url, {
    method: 'POST',
    headers: { Authorization: `Bearer ${auth.auth_token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ card: { number: card.number.replace(/\D/g, ''), exp_month: card.expMonth, exp_year: card.expYear, cvc: card.cvc } }),
  });
  const answer = (await res.json()) as { id?: string; error?: { code: GatewayRefusal['code']; message: string } };
  if (!res.ok || !answer.id) throw new GatewayRefusal(answer.error?.code ?? 'invalid_request', answer.error?.message ?? 'The card could not be added.');
  return storeCard(answer.id, { scope: facilityScope(facilityGuid), idempotencyKey });
}
