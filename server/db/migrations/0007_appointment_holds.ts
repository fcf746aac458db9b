import type { Kysely } from 'kysely';

// Holding and booking appointment slots (the appointments issue):
// - appointments gain hold_expires_at (a 'held' appointment keeps its slot until then) and the
//   concession that paid for a booked one (membership or pass, and its id);
// - staff_busy_blocks: every quarter hour an appointment (held or booked) takes of its staff
//   member, one row each under a primary key (staff_id, block_start), so two members can never
//   hold or book overlapping time of one person, on SQLite and PostgreSQL alike, however many
//   requests race. The rows go when the appointment is cancelled or its hold lapses.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('appointments').addColumn('hold_expires_at', 'text').execute();
  await db.schema.alterTable('appointments').addColumn('concession_kind', 'text').execute();
  await db.schema.alterTable('appointments').addColumn('concession_id', 'integer').execute();
  await db.schema.createIndex('appointments_status_hold').on('appointments').columns(['status', 'hold_expires_at']).execute();
  await db.schema
    .createTable('staff_busy_blocks')
    .addColumn('staff_id', 'integer', (col) => col.notNull().references('staff.id').onDelete('cascade'))
    .addColumn('block_start', 'text', (col) => col.notNull())
    .addColumn('appointment_id', 'integer', (col) => col.notNull().references('appointments.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('staff_busy_blocks_pk', ['staff_id', 'block_start'])
    .execute();
  await db.schema.createIndex('staff_busy_blocks_appointment').on('staff_busy_blocks').column('appointment_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('staff_busy_blocks').execute();
  await db.schema.dropIndex('appointments_status_hold').execute();
  for (const column of ['concession_id', 'concession_kind', 'hold_expires_at']) await db.schema.alterTable('appointments').dropColumn(column).execute();
}
