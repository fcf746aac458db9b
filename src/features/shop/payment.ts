// Paying, for the payment screen: online only (money is never queued), each call in the scope of
// the facility the member shops at. Confirming makes an order from the cart; paying asks the
// gateway through the server; the card itself goes to the gateway (./gateway.ts).
import { facilityScope } from '../../data/api/client';
import { ApiError, isNetworkError } from '../../data/api/errors';
import { untilSent } from '../../data/sync/until-sent';
import { cartKey } from './pull';
import { confirmCheckout, getCards, getCheckout, makeCardDefault, payCheckout, removeCard, type CheckoutAnswer, type OrderSummary, type StoredCard } from './api';
import { cardGateway, STRIPE_GATEWAY } from './gateway';

export type { CheckoutAnswer, OrderSummary, StoredCard } from './api';

const CART_SEND_WAIT_MS = 10_000;

/** The order is made from the server's cart: the edits still queued go first. */
async function cartSent(orgId: number): Promise<void> {
  if (!(await untilSent(cartKey(orgId), CART_SEND_WAIT_MS))) throw new ApiError(503, { code: 'server_busy', message: 'Your cart is still being saved. Try again in a moment.' });
}

/** The member's cards with the gateway cards are added and paid with. */
export async function loadCards(guid: string): Promise<StoredCard[]> {
  return getCards((await cardGateway()).id, { scope: facilityScope(guid) });
}

/** The cart as an order at the catalogue's prices; null when the cart is empty. */
export async function confirmOrder(guid: string, orgId: number): Promise<OrderSummary | null> {
  await cartSent(orgId);
  try {
    return (await confirmCheckout({ scope: facilityScope(guid) })).order;
  } catch (error) {
    if (error instanceof ApiError && error.code === 'cart_empty') return null;
    throw error;
  }
}

export function payOrder(guid: string, cardId: number, idempotencyKey: string): Promise<CheckoutAnswer> {
  return payCheckout(cardId, { scope: facilityScope(guid), idempotencyKey });
}

/**
 * Runs a 3-D Secure challenge. Stripe's runs here (Stripe.js handleNextAction): true, ask the server
 * again for how it ended. Any other gateway's is its page, which returns to ?returned=1: false.
 */
export async function runChallenge(action: NonNullable<CheckoutAnswer['next_action']>): Promise<boolean> {
  const gateway = action.gateway_id === STRIPE_GATEWAY && action.client_secret ? await cardGateway() : null;
  if (gateway?.publishable_key && action.client_secret) {
    const { completeStripeChallenge } = await import('./stripe-card');
    await completeStripeChallenge(gateway.publishable_key, action.client_secret);
    return true;
  }
  location.assign(action.url);
  return false;
}

/** The payment may or may not have reached the server: its answer never came. */
export const lostTheAnswer = (error: unknown): boolean => isNetworkError(error);

/**
 * After a lost answer the payment is not sent again blindly: the server says where the order
 * stands (paid, with its invoice, or still to pay).
 */
export async function checkoutState(guid: string): Promise<{ paid: CheckoutAnswer | null; order: OrderSummary | null }> {
  const state = await getCheckout({ scope: facilityScope(guid) });
  return { paid: state.order?.status === 'paid' ? { order: state.order, invoice: state.invoice } : null, order: state.order };
}

/** A refusal that closed the order (declined, no funds, expired, bank said no): confirm again to retry. */
export function closedTheOrder(error: unknown): boolean {
  return error instanceof ApiError && error.status === 402;
}

export function setDefaultCard(guid: string, id: number, idempotencyKey: string): Promise<StoredCard> {
  return makeCardDefault(id, { scope: facilityScope(guid), idempotencyKey });
}

export async function deleteCard(guid: string, id: number, idempotencyKey: string): Promise<void> {
  await removeCard(id, { scope: facilityScope(guid), idempotencyKey });
}
