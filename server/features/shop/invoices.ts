import type { Kysely, Selectable } from 'kysely';
import type { Database, OrdersTable } from '../../db/schema';

// Issuing invoices: one per order (unique order_id), numbered per organisation, tax included.
// A paid order's invoice is 'paid'; what is paid at the studio (a late-cancel fee, an appointment
// or a course nothing covers) is 'due', and 'cancelled' when what it was for was cancelled in time.

type Db = Kysely<Database>;

/** Sales tax included in prices, by the organisation's currency (NZ GST 15 %, Estonian VAT 24 %). */
const TAX_PERCENT: Record<string, number> = { NZD: 15, EUR: 24 };
export const includedTax = (totalCents: number, currency: string) => Math.round((totalCents * (TAX_PERCENT[currency] ?? 0)) / (100 + (TAX_PERCENT[currency] ?? 0)));

/** A line as stored on an order and its invoice; a fee line names the class and when it was. */
export interface InvoiceLineRow {
  name: string;
  quantity: number;
  price_cents: number;
  kind?: 'pass' | 'membership' | 'late_cancel_fee' | 'appointment' | 'course';
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
  await invoiceDueAtStudio(trx, { profile_id: member.profile_id, org_id: session.org_id, currency: facility.currency_code }, { kind: 'late_cancel_fee', name: session.name, starts_at: session.start_at, quantity: 1, price_cents: fee }, now);
  return true;
}

/**
 * Something paid at the studio (a late-cancel fee, an appointment or a course nothing covers): a
 * 'due' order of one line and its 'due' invoice, in the caller's transaction. Returns the order id.
 */
export async function invoiceDueAtStudio(trx: Db, to: { profile_id: number; org_id: number; currency: string }, line: InvoiceLineRow, now: Date): Promise<number> {
  const stamp = now.toISOString();
  const order = await trx
    .insertInto('orders')
    .values({ profile_id: to.profile_id, org_id: to.org_id, status: 'due', currency: to.currency, total_cents: line.price_cents * line.quantity, lines: JSON.stringify([line]), charge_id: null, created_at: stamp, paid_at: null })
    .returningAll()
    .executeTakeFirstOrThrow();
  await issueInvoice(trx, order, stamp, 'due');
  return order.id;
}

/** A due order's status and its invoice's: cancelled when what it was due for was cancelled in time (owedAfterCancel). */
export async function settleDueAtStudio(trx: Db, orderId: number, status: 'due' | 'cancelled'): Promise<void> {
  if (status === 'due') return;
  await trx.updateTable('orders').set({ status }).where('id', '=', orderId).where('status', '=', 'due').execute();
  await trx.updateTable('invoices').set({ status }).where('order_id', '=', orderId).where('status', '=', 'due').execute();
}

/** What a due order is for moved (an appointment to another time): its line and its invoice's say when. */
export async function redateDueAtStudio(trx: Db, orderId: number, startsAt: string): Promise<void> {
  const order = await trx.selectFrom('orders').select('lines').where('id', '=', orderId).where('status', '=', 'due').executeTakeFirst();
  if (!order) return;
  const lines = JSON.stringify((JSON.parse(order.lines) as InvoiceLineRow[]).map((l) => ({ ...l, starts_at: startsAt })));
  await trx.updateTable('orders').set({ lines }).where('id', '=', orderId).execute();
  await trx.updateTable('invoices').set({ lines }).where('order_id', '=', orderId).where('status', '=', 'due').execute();
}
