import type { Kysely, Selectable } from 'kysely';
import type { Database, OrdersTable } from '../../db/schema';

// Issuing invoices: one per order (unique order_id), numbered per organisation, tax included.
// A paid order's invoice is 'paid'; a late-cancel fee's is 'due' (paid at the studio).

type Db = Kysely<Database>;

/** Sales tax included in prices, by the organisation's currency (NZ GST 15 %, Estonian VAT 24 %). */
const TAX_PERCENT: Record<string, number> = { NZD: 15, EUR: 24 };
export const includedTax = (totalCents: number, currency: string) => Math.round((totalCents * (TAX_PERCENT[currency] ?? 0)) / (100 + (TAX_PERCENT[currency] ?? 0)));

/** A line as stored on an order and its invoice; a fee line names the class and when it was. */
export interface InvoiceLineRow {
  name: string;
  quantity: number;
  price_cents: number;
  kind?: 'pass' | 'membership' | 'late_cancel_fee';
  starts_at?: string;
}

export async function issueInvoice(trx: Db, order: Selectable<OrdersTable>, stamp: string, status: 'paid' | 'due'): Promise<void> {
  await trx
    .insertInto('invoices')
    .values({
      order_id: order.id,
      profile_id: order.profile_id,
      org_id: order.org_id,
      number: `INV-${String(order.org_id).padStart(2, '0')}-${String(order.id).padStart(6, '0')}`,
      issued_at: stamp,
      currency: order.currency,
      total_cents: order.total_cents,
      tax_cents: includedTax(order.total_cents, order.currency),
      lines: order.lines,
      status,
    })
    .execute();
}

/**
 * A late cancel nothing covers costs the facility's fee (if it has one): an order and its 'due'
 * invoice, in the cancel's transaction. Returns whether a fee was recorded.
 */
export async function chargeLateCancelFee(
  trx: Db,
  member: { profile_id: number },
  session: { org_id: number; facility_id: number; name: string; start_at: string },
  now: Date,
): Promise<boolean> {
  const facility = await trx.selectFrom('facilities').select(['currency_code', 'late_cancel_fee_cents']).where('id', '=', session.facility_id).executeTakeFirst();
  const fee = facility?.late_cancel_fee_cents;
  if (!facility || fee === null || fee === undefined || fee <= 0) return false;
  const stamp = now.toISOString();
  const lines: InvoiceLineRow[] = [{ kind: 'late_cancel_fee', name: session.name, starts_at: session.start_at, quantity: 1, price_cents: fee }];
  const order = await trx
    .insertInto('orders')
    .values({ profile_id: member.profile_id, org_id: session.org_id, status: 'due', currency: facility.currency_code, total_cents: fee, lines: JSON.stringify(lines), charge_id: null, created_at: stamp, paid_at: null })
    .returningAll()
    .executeTakeFirstOrThrow();
  await issueInvoice(trx, order, stamp, 'due');
  return true;
}
