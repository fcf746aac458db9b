// Refunding a paid order (a staff action: POST /admin/orders/{id}/refund). The gateway that
// charged it gives the money back first, outside any transaction (a network call), with the
// order as its idempotency key, so a repeat or a retry after a crash refunds once. Then one
// transaction marks the order and its invoice refunded and ends what the order granted.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { ApiError, notFound } from '../../http/errors';
import { configuredGateways } from './gateway/configured';
import { SANDBOX_ID } from './gateway/sandbox';

type Db = Kysely<Database>;

export interface RefundedOrder {
  order_id: number;
  refund_id: string;
  refunded_at: string;
  total: number;
  currency: string;
}

export async function refundOrder(db: Db, orderId: number, now: Date): Promise<RefundedOrder> {
  const order = await db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
  if (!order || (order.status !== 'paid' && order.status !== 'refunded')) throw notFound('The paid order');
  const answer = (row: { refund_id: string | null; refunded_at: string | null }): RefundedOrder => ({ order_id: order.id, refund_id: row.refund_id!, refunded_at: row.refunded_at!, total: order.total_cents / 100, currency: order.currency });
  if (order.status === 'refunded') return answer(order);
  const gateway = configuredGateways(db).find((g) => g.id === (order.gateway ?? SANDBOX_ID));
  if (!gateway || !order.charge_id) throw new ApiError(409, 'conflict', 'The gateway that charged this order is not configured here.');
  const result = await gateway.refund({ chargeId: order.charge_id, amountCents: order.total_cents, idempotencyKey: `refund-order-${order.id}` }, now);
  if (result.status === 'failed') throw new ApiError(409, 'conflict', 'The gateway refused to refund this charge.');
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const refunded = await trx.updateTable('orders').set({ status: 'refunded', refund_id: result.id, refunded_at: at }).where('id', '=', order.id).where('status', '=', 'paid').returningAll().executeTakeFirst();
    // Another request refunded it meanwhile (the gateway answered both with the same refund).
    if (!refunded) return answer(await trx.selectFrom('orders').select(['refund_id', 'refunded_at']).where('id', '=', order.id).executeTakeFirstOrThrow());
    // What the order bought ends now; visits already used stay used.
    await trx.updateTable('passes').set({ valid_to: at }).where('order_id', '=', order.id).where((eb) => eb.or([eb('valid_to', 'is', null), eb('valid_to', '>', at)])).execute();
    // A membership month that had not begun (it followed another) ends before it begins.
    await trx.updateTable('memberships').set((eb) => ({ valid_to: eb.ref('valid_from') })).where('order_id', '=', order.id).where('valid_from', '>', at).execute();
    await trx.updateTable('memberships').set({ valid_to: at }).where('order_id', '=', order.id).where('valid_from', '<=', at).where((eb) => eb.or([eb('valid_to', 'is', null), eb('valid_to', '>', at)])).execute();
    await trx.updateTable('invoices').set({ status: 'refunded' }).where('order_id', '=', order.id).execute();
    return answer(refunded);
  });
}
