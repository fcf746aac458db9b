import type { Kysely } from 'kysely';

// A member's late cancel of an appointment (inside the cancellation window) is recorded, as for
// classes: what paid for it stays used.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('appointments').addColumn('late_cancelled', 'integer', (col) => col.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('appointments').dropColumn('late_cancelled').execute();
}
