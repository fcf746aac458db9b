import { Hono } from 'hono';
import type { Kysely, Selectable } from 'kysely';
import { z } from 'zod';
import type { Database, FacilityRow, OrdersTable } from '../../db/schema';
import type { AppEnv } from '../../http/context';
import { ApiError, notFound } from '../../http/errors';
import { answeredBefore, idempotent } from '../../http/idempotency';
import { readJson } from '../../http/validate';
import { profileId, requireAuth } from '../../http/session';
import { requireFacility } from '../booking/http';
import { cartTotal } from '../../../core/rules/cart';
import { configuredGateways } from './gateway/configured';
import { issueInvoice } from './invoices';

// Checkout (GET /checkout: the latest order's state; PUT /checkout): {cart} confirms the member's cart as an order at the catalogue's
// prices; {payment: {card_id}} pays the order with a stored card. The gateway is asked with the
// order as its idempotency key, outside any database transaction (it is a network call), so a
// repeated or simultaneous request, or one after a crash between the charge and the grant, gets
// the one charge back; then, in one transaction and only once (the order's paid state and the
// invoice's unique order), the order is paid, the pass or membership granted, the invoice issued
// and the cart emptied.

type Db = Kysely<Database>;
type OrderRow = Selectable<OrdersTable>;

interface OrderLine {
  product_id: number;
  kind: 'pass' | 'membership';
  name: string;
  quantity: number;
  price_cents: number;
  visits: number | null;
  valid_days: number;
}


const checkoutBody = z.union(
  [
    z.object({ cart: z.object({}).passthrough() }),
    z.object({ payment: z.object({ card_id: z.number({ error: 'payment.card_id must be a stored card id.' }).int().positive() }) }),
  ],
  { error: 'The request body must be {"cart": {...}} to confirm or {"payment": {"card_id"}} to pay.' },
);

function presentOrder(order: OrderRow) {
  const lines = JSON.parse(order.lines) as OrderLine[];
  return {
    id: order.id,
    status: order.status,
    currency: order.currency,
    total: order.total_cents / 100,
    line_items: lines.map((l) => ({ variant_id: l.product_id, name: l.name, quantity: l.quantity, price: l.price_cents / 100 })),
  };
}

/**
 * The member's latest checkout order here. What is paid at the studio (a late-cancel fee, an
 * appointment or a course: 'due', or 'cancelled' once what it was for was cancelled) is not one.
 */
function latestOrder(db: Db, facility: FacilityRow, me: number) {
  return db.selectFrom('orders').selectAll().where('profile_id', '=', me).where('org_id', '=', facility.org_id).where('status', 'not in', ['due', 'cancelled']).orderBy('id', 'desc').executeTakeFirst();
}

async function confirmCart(trx: Db, facility: FacilityRow, me: number, at: Date): Promise<OrderRow> {
  // A payment started on the latest order and not ended (its answer lost, the process killed after
  // the charge, a challenge waiting) keeps that order: a new one for the same cart would be charged again.
  const latest = await latestOrder(trx, facility, me);
  if (latest?.status === 'confirmed' && latest.charge_id !== null) return latest;
  const lines = await trx
    .selectFrom('cart_lines')
    .innerJoin('carts', 'carts.id', 'cart_lines.cart_id')
    .innerJoin('products', 'products.id', 'cart_lines.product_id')
    .select(['products.id as product_id', 'products.kind', 'products.name', 'cart_lines.quantity', 'products.price_cents', 'products.visits', 'products.valid_days'])
    .where('carts.profile_id', '=', me)
    .where('carts.org_id', '=', facility.org_id)
    .where('products.on_sale', '=', 1)
    .orderBy('cart_lines.id')
    .execute();
  if (lines.length === 0) throw new ApiError(409, 'cart_empty', 'Your cart is empty.');
  const total = cartTotal(lines.map((l) => ({ quantity: l.quantity, price: l.price_cents })));
  return trx
    .insertInto('orders')
    .values({ profile_id: me, org_id: facility.org_id, status: 'confirmed', currency: facility.currency_code, total_cents: total, lines: JSON.stringify(lines), charge_id: null, created_at: at.toISOString(), paid_at: null })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Pays the order in one go: its paid state, what it grants, its invoice, an empty cart. Only the first caller does. */
async function fulfil(trx: Db, order: OrderRow, charge: { id: string; gateway: string }, at: Date): Promise<OrderRow> {
  const stamp = at.toISOString();
  const paid = await trx.updateTable('orders').set({ status: 'paid', charge_id: charge.id, gateway: charge.gateway, paid_at: stamp }).where('id', '=', order.id).where('status', '<>', 'paid').returningAll().executeTakeFirst();
  if (!paid) return trx.selectFrom('orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow();
  const lines = JSON.parse(order.lines) as OrderLine[];
  const until = (days: number) => new Date(at.getTime() + days * 86_400_000).toISOString();
  for (const line of lines) {
    for (let n = 0; n < line.quantity; n += 1) {
      if (line.kind === 'pass') {
        await trx.insertInto('passes').values({ profile_id: order.profile_id, org_id: order.org_id, name: line.name, visits_total: line.visits, visits_used: 0, valid_from: stamp, valid_to: until(line.valid_days), created_at: stamp, order_id: order.id }).execute();
      } else {
        // A second month of a membership follows the first.
        const latest = await trx.selectFrom('memberships').select('valid_to').where('profile_id', '=', order.profile_id).where('org_id', '=', order.org_id).where('name', '=', line.name).orderBy('valid_to', 'desc').executeTakeFirst();
        const from = latest?.valid_to && latest.valid_to > stamp ? latest.valid_to : stamp;
        await trx.insertInto('memberships').values({ profile_id: order.profile_id, org_id: order.org_id, name: line.name, valid_from: from, valid_to: new Date(Date.parse(from) + line.valid_days * 86_400_000).toISOString(), created_at: stamp, order_id: order.id }).execute();
      }
    }
  }
  await issueInvoice(trx, order, stamp, 'paid');
  // What was bought leaves the cart; a line added since the order was confirmed stays.
  const cart = await trx.selectFrom('carts').select('id').where('profile_id', '=', order.profile_id).where('org_id', '=', order.org_id).executeTakeFirst();
  for (const line of cart ? lines : []) {
    await trx.deleteFrom('cart_lines').where('cart_id', '=', cart!.id).where('product_id', '=', line.product_id).where('quantity', '<=', line.quantity).execute();
    await trx.updateTable('cart_lines').set((eb) => ({ quantity: eb('quantity', '-', line.quantity) })).where('cart_id', '=', cart!.id).where('product_id', '=', line.product_id).execute();
  }
  return paid;
}

export function checkoutRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.use('*', requireAuth);

  // Where the member's checkout stands (the latest order and its invoice): the app asks this when
  // a payment's answer was lost, instead of sending the payment again.
  routes.get('/', async (c) => {
    const order = await latestOrder(c.get('deps').db, requireFacility(c), profileId(c));
    return c.json({ order: order ? presentOrder(order) : null, invoice: order ? await invoiceOf(c.get('deps').db, order.id) : null }, 200, { 'Cache-Control': 'no-store' });
  });

  routes.put('/', async (c) => {
    const { db, now } = c.get('deps');
    const facility = requireFacility(c);
    const me = profileId(c);
    const body = await readJson(c, checkoutBody);
    if ('cart' in body) return idempotent(c, me, async (trx) => ({ status: 200, body: { order: presentOrder(await confirmCart(trx, facility, me, now())) } }));
    // The request's own key is checked before the card is charged: a 400 or 422 after the charge
    // would leave the member charged, and a client that believed it would not come back for it.
    const answered = await answeredBefore(c, me);
    if (answered) return answered;

    const ownCard = (id: number) => db.selectFrom('payment_sources').selectAll().where('id', '=', id).where('profile_id', '=', me).where('org_id', '=', facility.org_id).executeTakeFirst();
    let card = await ownCard(body.payment.card_id);
    if (!card) throw notFound('The card');
    const order = await latestOrder(db, facility, me);
    if (!order) throw new ApiError(409, 'cart_empty', 'Confirm your cart first.');
    if (order.status === 'paid') return c.json({ order: presentOrder(order), invoice: await invoiceOf(db, order.id) });
    if (order.status === 'failed') throw new ApiError(409, 'conflict', 'That payment did not go through: confirm your cart again to pay.');
    const gatewayOf = (source: { gateway: string }) => configuredGateways(db).find((g) => g.id === source.gateway);
    if (!gatewayOf(card)) throw notFound('The gateway');
    // An order is paid with one card: the first asked claims it, so it can never be charged twice.
    const claim = `card:${card.id}`;
    const claimed = await db.updateTable('orders').set({ charge_id: claim }).where('id', '=', order.id).where('status', '=', 'confirmed').where((eb) => eb.or([eb('charge_id', 'is', null), eb('charge_id', '=', claim)])).executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) {
      const now_ = await db.selectFrom('orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow();
      if (now_.status === 'paid') return c.json({ order: presentOrder(now_), invoice: await invoiceOf(db, order.id) });
      // Its payment began with another card (an answer lost, a process killed after the charge):
      // it goes on with that card, whose charge the gateway answers again for the order's key.
      const first = now_.status === 'confirmed' ? /^card:(\d+)$/.exec(now_.charge_id ?? '')?.[1] : undefined;
      card = first ? await ownCard(Number(first)) : undefined;
      if (!card) throw new ApiError(409, 'conflict', 'This order is already being paid with another card.');
    }
    const gateway = gatewayOf(card);
    if (!gateway) throw notFound('The gateway');
    const result = await gateway.charge(
      { token: card.token, amountCents: order.total_cents, currency: order.currency, idempotencyKey: `order-${order.id}`, returnPath: '/checkout/payment?returned=1', pending: order.pending_charge ?? undefined },
      now(),
    );
    if (result.status === 'requires_action') {
      // Kept so that, asked again after the challenge, the gateway reads this charge's outcome.
      if (order.pending_charge !== result.id) await db.updateTable('orders').set({ pending_charge: result.id }).where('id', '=', order.id).where('status', '=', 'confirmed').execute();
      // The client secret goes only to the order's owner (this order is the member's own).
      return c.json({ order: presentOrder(order), next_action: { type: 'challenge', url: result.challenge_url, gateway_id: gateway.id, ...(result.client_secret && { client_secret: result.client_secret }) } }, 200, { 'Cache-Control': 'no-store' });
    }
    if (result.status === 'failed') {
      // Nothing was charged; this order is closed and the cart stays, to be confirmed and paid again.
      // The refused card stops being the default, so it is never the one offered first again
      // (docs/decisions.md#checkout): the member chooses, and the next card saved becomes the default.
      await db.updateTable('orders').set({ status: 'failed' }).where('id', '=', order.id).where('status', '=', 'confirmed').execute();
      await db.updateTable('payment_sources').set({ is_default: 0 }).where('id', '=', card.id).execute();
      throw new ApiError(402, result.code, FAILURE_TEXT[result.code]);
    }
    const paid = await idempotent(c, me, async (trx) => {
      const done = await fulfil(trx, order, { id: result.id, gateway: gateway.id }, now());
      return { status: 200, body: { order: presentOrder(done), invoice: await invoiceOf(trx, order.id) } };
    });
    return paid;
  });

  return routes;
}

const FAILURE_TEXT = {
  card_declined: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  expired_card: 'Your card has expired.',
  authentication_failed: 'Your bank could not confirm the payment.',
} as const;

async function invoiceOf(db: Db, orderId: number) {
  const row = await db.selectFrom('invoices').select(['id', 'number']).where('order_id', '=', orderId).executeTakeFirst();
  return row ?? null;
}
