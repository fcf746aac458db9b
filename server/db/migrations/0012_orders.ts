import type { Kysely } from 'kysely';
import { withId } from './helpers';

// Checkout (the account and shop issue): orders, their invoices, and the sandbox gateway's charges.
// - orders: a cart confirmed at the catalogue's prices (lines as JSON); paid once, with paid_at;
// - invoices: one per paid order (unique order_id), numbered, tax included;
// - sandbox_charges: the sandbox gateway's side: one charge per idempotency key (the order's), its
//   outcome and, for a 3-D Secure card, the challenge's.
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('orders'))
    .addColumn('profile_id', 'integer', (col) => col.notNull().references('members_profiles.id').onDelete('cascade'))
    .addColumn('org_id', 'integer', (col) => col.notNull().references('orgs.id').onDelete('cascade'))
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('total_cents', 'integer', (col) => col.notNull())
    .addColumn('lines', 'text', (col) => col.notNull())
    .addColumn('charge_id', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('paid_at', 'text')
    .execute();
  await db.schema.createIndex('orders_profile_org').on('orders').columns(['profile_id', 'org_id']).execute();
  await withId(db, db.schema.createTable('invoices'))
    .addColumn('order_id', 'integer', (col) => col.notNull().unique().references('orders.id').onDelete('cascade'))
    .addColumn('profile_id', 'integer', (col) => col.notNull().references('members_profiles.id').onDelete('cascade'))
    .addColumn('org_id', 'integer', (col) => col.notNull().references('orgs.id').onDelete('cascade'))
    .addColumn('number', 'text', (col) => col.notNull().unique())
    .addColumn('issued_at', 'text', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('total_cents', 'integer', (col) => col.notNull())
    .addColumn('tax_cents', 'integer', (col) => col.notNull())
    .addColumn('lines', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('sandbox_charges')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('idempotency_key', 'text', (col) => col.notNull().unique())
    .addColumn('token', 'text', (col) => col.notNull())
    .addColumn('amount_cents', 'integer', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('failure_code', 'text')
    .addColumn('challenge', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sandbox_charges').execute();
  await db.schema.dropTable('invoices').execute();
  await db.schema.dropTable('orders').execute();
}
