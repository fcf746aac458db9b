import { useLiveQuery } from 'dexie-react-hooks';
import { db, type StoredCart, type StoredProduct } from '../../data/db';
import { useRevalidate } from '../booking/public';
import { pullShop } from './pull';

export function useProducts(orgId: number | undefined): StoredProduct[] | undefined {
  return useLiveQuery(async () => (orgId === undefined ? undefined : db.products.where('org_id').equals(orgId).toArray()), [orgId]);
}

/** The member's cart in the organisation; null when the device has none yet. */
export function useCart(orgId: number | undefined): StoredCart | null | undefined {
  return useLiveQuery(async () => (orgId === undefined ? undefined : ((await db.carts.get(orgId)) ?? null)), [orgId]);
}

export function useRefreshShop(guid: string | undefined, orgId: number | undefined): void {
  useRevalidate(guid && orgId !== undefined ? `${guid}|${orgId}` : null, () => (guid && orgId !== undefined ? pullShop(guid, orgId) : Promise.resolve()));
}
