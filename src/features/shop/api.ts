// Calls of the shop slice (SPEC §7): what is on sale and the member's cart.
import { apiRequest } from '../../data/api/client';
import type { ReadOptions, WriteOptions } from '../../data/api/account';
import type { Cart, Product } from '../../../core/contract/types';
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
