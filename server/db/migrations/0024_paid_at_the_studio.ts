import type { Kysely } from 'kysely';

// What nothing covers is booked and paid at the studio (issue 27): an appointment or a course
// enrolment keeps the 'due' order its invoice was issued for, so cancelling or moving it can
// cancel or re-date what is owed. An order and its invoice may now also be 'cancelled'
// (statuses are text, so nothing else changes).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('appointments').addColumn('order_id', 'integer').execute();
  await db.schema.alterTable('course_enrolments').addColumn('order_id', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('course_enrolments').dropColumn('order_id').execute();
  await db.schema.alterTable('appointments').dropColumn('order_id').execute();
}
