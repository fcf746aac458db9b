import type { Kysely } from 'kysely';

// The gateway's charge an order waits on while the member passes a 3-D Secure challenge (Stripe's
// PaymentIntent): asked again after the challenge, the checkout reads that charge's outcome
// instead of starting another. Null when no challenge is pending.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('pending_charge', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('pending_charge').execute();
}
