import type { Kysely } from 'kysely';

// Booked places are counted when booked (the account and shop issue): a visit charge of kind
// 'visit' is recorded at booking and given back by a timely cancel; a late cancel keeps it.
// - facilities.late_cancel_fee_cents: what a late cancel costs when nothing the member has covers
//   the class (null: no fee);
// - invoices.status: 'due' for such a fee, issued at once and paid at the studio; 'paid' otherwise.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('facilities').addColumn('late_cancel_fee_cents', 'integer').execute();
  await db.schema.alterTable('invoices').addColumn('status', 'text', (col) => col.notNull().defaultTo('paid')).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('invoices').dropColumn('status').execute();
  await db.schema.alterTable('facilities').dropColumn('late_cancel_fee_cents').execute();
}
