import type { Kysely } from 'kysely';

// Refunds: staff refund a paid order through the gateway that charged it.
// - orders: the gateway that charged it, and once refunded the gateway's refund and when;
// - passes and memberships: the order that granted them (null for those staff gave), so a refund
//   ends what it bought;
// - sandbox_refunds: the sandbox gateway's side, one refund per idempotency key.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('gateway', 'text').execute();
  await db.schema.alterTable('orders').addColumn('refund_id', 'text').execute();
  await db.schema.alterTable('orders').addColumn('refunded_at', 'text').execute();
  await db.schema.alterTable('passes').addColumn('order_id', 'integer').execute();
  await db.schema.alterTable('memberships').addColumn('order_id', 'integer').execute();
  await db.schema
    .createTable('sandbox_refunds')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('idempotency_key', 'text', (col) => col.notNull().unique())
    .addColumn('charge_id', 'text', (col) => col.notNull())
    .addColumn('amount_cents', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sandbox_refunds').execute();
  await db.schema.alterTable('memberships').dropColumn('order_id').execute();
  await db.schema.alterTable('passes').dropColumn('order_id').execute();
  await db.schema.alterTable('orders').dropColumn('refunded_at').execute();
  await db.schema.alterTable('orders').dropColumn('refund_id').execute();
  await db.schema.alterTable('orders').dropColumn('gateway').execute();
}
