// Pulls of the shop slice: what the organisation sells, and the member's cart there (never over
// a cart a queued edit changed: `carts:{orgId}`).
import { facilityScope } from '../../data/api/client';
import type { Cart, Product } from '../../../core/contract/types';
import { db } from '../../data/db';
import { definePull, type PullOptions, type RefreshResult } from '../../data/sync/pull';
import { touchKey } from '../../data/sync/touches';
import { getCart, getProducts } from './api';

export const SHOP_MAX_AGE_MS = 30 * 60_000;
export const CART_MAX_AGE_MS = 60_000;
export const cartKey = (orgId: number) => touchKey('carts', orgId);

interface Where {
  guid: string;
  orgId: number;
}

const productsPull = definePull<Where, Product[]>({
  resource: ({ orgId }) => `products:${orgId}`,
  maxAgeMs: SHOP_MAX_AGE_MS,
  tables: () => [db.products],
  fetch: ({ guid }) => getProducts({ scope: facilityScope(guid) }),
  async write(products, _guard, { orgId }) {
    if (!products) return;
    await db.products.where('org_id').equals(orgId).delete();
    await db.products.bulkPut(products.map((p) => ({ ...p, org_id: orgId })));
  },
});

const cartPull = definePull<Where, Cart>({
  resource: ({ orgId }) => `cart:${orgId}`,
  maxAgeMs: CART_MAX_AGE_MS,
  tables: () => [db.carts],
  fetch: ({ guid }) => getCart({ scope: facilityScope(guid) }),
  async write(cart, guard, { orgId }) {
    if (cart && guard.free(cartKey(orgId))) await db.carts.put({ ...cart, org_id: orgId });
  },
});

export function pullShop(guid: string, orgId: number, options: PullOptions = {}): Promise<RefreshResult[]> {
  return Promise.all([productsPull({ guid, orgId }, options), cartPull({ guid, orgId }, options)]);
}
