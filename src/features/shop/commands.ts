// Editing the cart works offline: each edit shows at once (the SPEC §5 rules of core/rules/cart on
// the device's copy) and queues the cart the member now wants. Sending reads the server's cart and
// puts the difference, so an edit sent twice (an answer lost) changes nothing the second time, and
// the last edit wins over one made on another device, as a cart should. Paying is never queued.
//
// The service worker imports this module: no window or document here.
import { facilityScope } from '../../data/api/client';
import type { Cart } from '../../../core/contract/types';
import { applyCartChanges, cartTotal, type CartChange } from '../../../core/rules/cart';
import { LocalRefusal } from '../../../core/errors';
import { db, type StoredCart } from '../../data/db';
import { getAuthState } from '../../data/sync/auth-row';
import { commandTransaction, enqueue, registerOp, type OpContext } from '../../data/sync/outbox';
import { inTransaction, newTempId } from '../../data/transaction';
import { getCart, putCart } from './api';
import { cartKey, pullShop } from './pull';

export const CART_SET = 'cart.set';

export interface WantedLine {
  variant_id: number;
  quantity: number;
  /** The catalogue's price when the member chose it (a line is added only with a price, SPEC §5). */
  price: number;
}

export interface CartSetArgs {
  orgId: number;
  facilityGuid: string;
  wanted: WantedLine[];
  before: StoredCart | null;
}

const cents = (price: number) => Math.round(price * 100);

/** The changes that turn `cart` into `wanted`, by variant. */
export function changesTo(cart: Cart, wanted: readonly WantedLine[]): CartChange[] {
  const changes: CartChange[] = [];
  for (const line of cart.line_items) {
    const want = wanted.find((w) => w.variant_id === line.variant_id);
    if (!want) changes.push({ id: line.id, _destroy: true });
    else if (want.quantity !== line.quantity) changes.push({ id: line.id, quantity: want.quantity });
  }
  for (const want of wanted) {
    if (!cart.line_items.some((l) => l.variant_id === want.variant_id)) changes.push({ variant_id: want.variant_id, quantity: want.quantity, price: want.price });
  }
  return changes;
}

/** A short, stable fingerprint of a request body, so a different body never reuses a key. */
function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash.toString(16);
}

/** The changes, or how to make them from the cart as stored (read in the same transaction). */
type CartEdit = CartChange[] | ((lines: readonly { id: number; variant_id: number; quantity: number }[]) => CartChange[]);

async function edit(orgId: number, facilityGuid: string, edits: CartEdit): Promise<void> {
  await commandTransaction([db.carts, db.products], async () => {
    if ((await inTransaction(getAuthState())).status !== 'authenticated') throw new LocalRefusal('signed_out', 'Signed out.');
    const before = (await db.carts.get(orgId)) ?? null;
    const products = await db.products.where('org_id').equals(orgId).toArray();
    const priceOf = (variant: number) => products.find((p) => p.id === variant)?.price ?? 0;
    const lines = before?.line_items ?? [];
    const changes = typeof edits === 'function' ? edits(lines) : edits;
    const { lines: after, deleted } = applyCartChanges(lines, changes, newTempId);
    const items = after.map((line) => {
      const product = products.find((p) => p.id === line.variant_id);
      return { id: line.id, variant_id: line.variant_id, quantity: line.quantity, name: product?.name ?? '', description: product?.description ?? null, price: priceOf(line.variant_id) };
    });
    const currency = before?.currency ?? products[0]?.currency ?? '';
    await db.carts.put({ org_id: orgId, currency, total: cartTotal(items.map((i) => ({ quantity: i.quantity, price: cents(i.price) }))) / 100, line_items: items, deleted_line_items: deleted });
    const args: CartSetArgs = { orgId, facilityGuid, wanted: items.map((i) => ({ variant_id: i.variant_id, quantity: i.quantity, price: i.price })), before };
    await inTransaction(enqueue(CART_SET, args, [cartKey(orgId)]));
  });
}

export function addToCart(orgId: number, facilityGuid: string, product: { id: number; price: number }): Promise<void> {
  return edit(orgId, facilityGuid, [{ variant_id: product.id, quantity: 1, price: product.price }]);
}

/**
 * − / + on a product's line, from the quantity stored, so taps faster than the screen's last read
 * each count. By product, as the screen keys its rows: a line's temporary id becomes the studio's
 * when its add is answered, which may be after the screen last read it.
 */
export function stepCartQuantity(orgId: number, facilityGuid: string, variantId: number, delta: number): Promise<void> {
  return editProductLine(orgId, facilityGuid, variantId, (l) => ({ id: l.id, quantity: l.quantity + delta }));
}

export function removeFromCart(orgId: number, facilityGuid: string, variantId: number): Promise<void> {
  return editProductLine(orgId, facilityGuid, variantId, (l) => ({ id: l.id, _destroy: true }));
}

/** One change to the product's stored line (none when it has none). */
function editProductLine(orgId: number, facilityGuid: string, variantId: number, change: (line: { id: number; quantity: number }) => CartChange): Promise<void> {
  return edit(orgId, facilityGuid, (lines) => lines.filter((l) => l.variant_id === variantId).map(change));
}

async function send(args: CartSetArgs, idempotencyKey: string): Promise<Cart> {
  const scope = facilityScope(args.facilityGuid);
  const changes = changesTo(await getCart({ scope }), args.wanted);
  return putCart(changes, { scope, idempotencyKey: `${idempotencyKey}.${fingerprint(JSON.stringify(changes))}` });
}

async function laterEdits(context: OpContext, orgId: number): Promise<boolean> {
  return (await context.laterTouching(cartKey(orgId))).length > 0;
}

export function registerShopOps(): void {
  registerOp<CartSetArgs, Cart>(CART_SET, {
    send,
    tables: ['carts'],
    async onSuccess(cart, args, context) {
      if (!(await laterEdits(context, args.orgId))) await db.carts.put({ ...cart, org_id: args.orgId });
    },
    async onRejected(args, _error, context) {
      if (await laterEdits(context, args.orgId)) return;
      if (args.before) await db.carts.put(args.before);
      else await db.carts.delete(args.orgId);
    },
    async describe() {
      return { action: 'actions.cart_edit' };
    },
    async refresh(args) {
      await pullShop(args.facilityGuid, args.orgId, { force: true });
    },
  });
}
