// Calls of the shop slice (SPEC §7): what is on sale and the member's cart.
import { apiRequest } from '../../data/api/client';
import type { ReadOptions, WriteOptions } from '../../data/api/account';
import type { Cart, Gateway, Product } from '../../../core/contract/types';
import type { CartChange } from '../../../core/rules/cart';

export function getProducts(options: ReadOptions): Promise<Product[]> {
  return apiRequest<Product[]>('GET', '/products/passes', { ...options, schema: 'productList' });
}

export function getCart(options: ReadOptions): Promise<Cart> {
  return apiRequest<Cart>('GET', '/cart', { ...options, schema: 'cart' });
}

export function putCart(lineItems: CartChange[], options: WriteOptions): Promise<Cart> {
  return apiRequest<Cart>('PUT', '/cart', { ...options, body: { cart: { line_items: lineItems } }, schema: 'cart' });
}

export interface StoredCard {
  id: number;
  gateway_id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  default: boolean;
}

export interface OrderSummary {
  id: number;
  status: 'confirmed' | 'paid' | 'failed';
  currency: string;
  total: number;
  line_items: { variant_id: number; name: string; quantity: number; price: number }[];
}

export interface CheckoutAnswer {
  order: OrderSummary;
  invoice?: { id: number; number: string } | null;
  /** A 3-D Secure challenge: the gateway's page at `url`, or (Stripe) run in place with `client_secret`. */
  next_action?: { type: 'challenge'; url: string; gateway_id?: string; client_secret?: string };
}

export function getGateways(): Promise<Gateway[]> {
  return apiRequest<Gateway[]>('GET', '/gateways', { scope: null, schema: 'gatewayList' });
}

export function getCards(gatewayId: string, options: ReadOptions): Promise<StoredCard[]> {
  return apiRequest<StoredCard[]>('GET', '/payment_sources', { ...options, query: { gateway_id: gatewayId } });
}

export function getAuthToken(gatewayId: string): Promise<{ auth_token: string; tokenise_url: string }> {
  return apiRequest('GET', `/gateways/${gatewayId}/auth_token`, { scope: null });
}

export function storeCard(gatewayId: string, token: string, options: WriteOptions): Promise<StoredCard> {
  return apiRequest<StoredCard>('POST', '/payment_sources', { ...options, body: { source: { gateway_id: gatewayId, token } } });
}

export function confirmCheckout(options: WriteOptions): Promise<CheckoutAnswer> {
  return apiRequest<CheckoutAnswer>('PUT', '/checkout', { ...options, body: { cart: {} } });
}

/** Where the member's checkout stands: the latest order and its invoice. */
export function getCheckout(options: ReadOptions): Promise<{ order: OrderSummary | null; invoice: { id: number; number: string } | null }> {
  return apiRequest('GET', '/checkout', options);
}

export function payCheckout(cardId: number, options: WriteOptions): Promise<CheckoutAnswer> {
  return apiRequest<CheckoutAnswer>('PUT', '/checkout', { ...options, body: { payment: { card_id: cardId } } });
}

export function makeCardDefault(id: number, options: WriteOptions): Promise<StoredCard> {
  return apiRequest<StoredCard>('PUT', `/payment_sources/${id}/default`, { ...options, body: {} });
}

export function removeCard(id: number, options: WriteOptions): Promise<{ id: number; removed: true }> {
  return apiRequest('DELETE', `/payment_sources/${id}`, options);
}
