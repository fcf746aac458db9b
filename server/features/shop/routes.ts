import { Hono } from 'hono';
import type { Kysely, Transaction } from 'kysely';
import { z } from 'zod';
import type { Cart, Product } from '../../../core/contract/types';
import { applyCartChanges, cartTotal, CART_MAX_QUANTITY } from '../../../core/rules/cart';
import type { Database, FacilityRow } from '../../db/schema';
import type { AppEnv } from '../../http/context';
import { ApiError } from '../../http/errors';
import { idempotent } from '../../http/idempotency';
import { readJson } from '../../http/validate';
import { profileId, requireAuth } from '../../http/session';
import { requireFacility } from '../booking/http';
import { coverage } from '../account/routes';

// The shop of the facility's organisation (GET /pass_types, GET /products/passes) and the member's
// cart there (GET, PUT, DELETE /cart). The cart's rules are core/rules/cart.ts; prices are always
// the catalogue's, never the body's.

type Db = Kysely<Database> | Transaction<Database>;

const lineChange = z.object({
  id: z.number().int().positive().optional(),
  variant_id: z.number({ error: 'line_items[].variant_id must be a product id.' }).int().positive().optional(),
  quantity: z.number({ error: 'line_items[].quantity must be a whole number.' }).int().min(0).max(CART_MAX_QUANTITY, { error: `line_items[].quantity is at most ${CART_MAX_QUANTITY}.` }).optional(),
  price: z.number().nonnegative().optional(),
  _destroy: z.boolean().optional(),
});
const cartBody = z.object(
  { cart: z.object({ line_items: z.array(lineChange).max(50, { error: 'At most 50 line items at once.' }) }) },
  { error: 'The request body must be {"cart": {"line_items": [...]}}.' },
);

async function catalogue(db: Db, facility: FacilityRow, filter: { kind?: 'pass'; onSale?: boolean } = {}): Promise<Product[]> {
  let query = db.selectFrom('products').selectAll().where('org_id', '=', facility.org_id);
  if (filter.kind) query = query.where('kind', '=', filter.kind);
  if (filter.onSale) query = query.where('on_sale', '=', 1);
  const rows = await query.orderBy('kind', 'desc').orderBy('price_cents').orderBy('id').execute();
  const covers = await coverage(db, facility.org_id);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    name: row.name,
    description: row.description,
    price: row.price_cents / 100,
    currency: facility.currency_code,
    visits: row.visits,
    valid_days: row.valid_days,
    covers: covers.get(row.name) ?? [],
  }));
}

async function presentCart(db: Db, facility: FacilityRow, me: number, deleted: number[] = []): Promise<Cart> {
  const lines = await db
    .selectFrom('cart_lines')
    .innerJoin('carts', 'carts.id', 'cart_lines.cart_id')
    .innerJoin('products', 'products.id', 'cart_lines.product_id')
    .select(['cart_lines.id', 'cart_lines.quantity', 'products.id as variant_id', 'products.name', 'products.description', 'products.price_cents'])
    .where('carts.profile_id', '=', me)
    .where('carts.org_id', '=', facility.org_id)
    .orderBy('cart_lines.id')
    .execute();
  return {
    currency: facility.currency_code,
    total: cartTotal(lines.map((l) => ({ quantity: l.quantity, price: l.price_cents }))) / 100,
    line_items: lines.map((l) => ({ id: l.id, name: l.name, description: l.description, variant_id: l.variant_id, quantity: l.quantity, price: l.price_cents / 100 })),
    deleted_line_items: deleted,
  };
}

export function shopRoutes(): Hono<AppEnv> {
  // Mounted at /api/v1 itself (three paths): each route asks for a session, not a catch-all.
  const routes = new Hono<AppEnv>();

  routes.get('/pass_types', requireAuth, async (c) => c.json(await catalogue(c.get('deps').db, requireFacility(c), { kind: 'pass' })));
  routes.get('/products/passes', requireAuth, async (c) => c.json(await catalogue(c.get('deps').db, requireFacility(c), { onSale: true })));

  routes.get('/cart', requireAuth, async (c) => c.json(await presentCart(c.get('deps').db, requireFacility(c), profileId(c))));

  // Applies line changes (SPEC §5) in one transaction; a product not on sale here is refused.
  routes.put('/cart', requireAuth, async (c) => {
    const facility = requireFacility(c);
    const { cart } = await readJson(c, cartBody);
    const me = profileId(c);
    return idempotent(c, me, async (trx) => {
      const stamp = c.get('deps').now().toISOString();
      const onSale = new Set((await catalogue(trx, facility, { onSale: true })).map((p) => p.id));
      const unknown = cart.line_items.find((l) => l.id === undefined && l.variant_id !== undefined && !onSale.has(l.variant_id));
      if (unknown) throw new ApiError(422, 'validation_failed', `Product ${unknown.variant_id} is not on sale here.`);
      await trx.insertInto('carts').values({ profile_id: me, org_id: facility.org_id, updated_at: stamp }).onConflict((oc) => oc.columns(['profile_id', 'org_id']).doUpdateSet({ updated_at: stamp })).execute();
      const { id: cartId } = await trx.selectFrom('carts').select('id').where('profile_id', '=', me).where('org_id', '=', facility.org_id).executeTakeFirstOrThrow();
      const before = await trx.selectFrom('cart_lines').select(['id', 'product_id as variant_id', 'quantity']).where('cart_id', '=', cartId).orderBy('id').execute();
      let fresh = 0;
      const { lines, deleted } = applyCartChanges(before, cart.line_items, () => (fresh -= 1));
      if (deleted.length > 0) await trx.deleteFrom('cart_lines').where('cart_id', '=', cartId).where('id', 'in', deleted).execute();
      for (const line of lines) {
        if (line.id < 0) await trx.insertInto('cart_lines').values({ cart_id: cartId, product_id: line.variant_id, quantity: line.quantity, created_at: stamp }).execute();
        else if (before.find((b) => b.id === line.id)?.quantity !== line.quantity) await trx.updateTable('cart_lines').set({ quantity: line.quantity }).where('id', '=', line.id).execute();
      }
      return { status: 200, body: await presentCart(trx, facility, me, deleted) };
    });
  });

  routes.delete('/cart', requireAuth, async (c) => {
    const facility = requireFacility(c);
    const me = profileId(c);
    return idempotent(c, me, async (trx) => {
      const cartRow = await trx.selectFrom('carts').select('id').where('profile_id', '=', me).where('org_id', '=', facility.org_id).executeTakeFirst();
      const deleted = cartRow ? (await trx.selectFrom('cart_lines').select('id').where('cart_id', '=', cartRow.id).execute()).map((l) => l.id) : [];
      if (cartRow) await trx.deleteFrom('cart_lines').where('cart_id', '=', cartRow.id).execute();
      return { status: 200, body: await presentCart(trx, facility, me, deleted) };
    });
  });

  return routes;
}
