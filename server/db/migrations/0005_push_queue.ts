import type { Kysely } from 'kysely';

// push_queue: a notification still to be pushed to its member's devices, written in the same
// transaction as the notification, so a push survives the process that should have sent it.
// claimed_until: a process is sending it until then (a process that dies lets it lapse);
// next_attempt_at: when a failed push is tried again. The row goes once the push is done.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('push_queue')
    .addColumn('notification_id', 'integer', (col) => col.primaryKey().references('notifications.id').onDelete('cascade'))
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (col) => col.notNull())
    .addColumn('claimed_until', 'text')
    .execute();
  await db.schema.createIndex('push_queue_next_attempt_at').on('push_queue').column('next_attempt_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('push_queue').execute();
}
