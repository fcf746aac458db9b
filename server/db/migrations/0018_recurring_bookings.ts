import type { Kysely } from 'kysely';
import { withId } from './helpers';

// Recurring bookings and booking-open reminders.
// A series is "this class every week": the facility, the class's name, and its local weekday and
// start time in the facility's time zone. Each occurrence is attempted once: the unique
// (recurring_booking_id, session_id) row is claimed before booking, so several server processes
// never book one occurrence twice. A reminder fires once: the job claims it by setting sent_at.
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('recurring_bookings'))
    .addColumn('profile_id', 'integer', (col) => col.notNull().references('members_profiles.id').onDelete('cascade'))
    .addColumn('org_id', 'integer', (col) => col.notNull().references('orgs.id').onDelete('cascade'))
    .addColumn('facility_id', 'integer', (col) => col.notNull().references('facilities.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('weekday', 'integer', (col) => col.notNull())
    .addColumn('local_time', 'text', (col) => col.notNull())
    .addColumn('from_at', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('stopped_at', 'text')
    .execute();
  await db.schema.createIndex('recurring_bookings_member').on('recurring_bookings').columns(['profile_id', 'org_id']).execute();
  await db.schema.createIndex('recurring_bookings_active').on('recurring_bookings').columns(['stopped_at', 'facility_id']).execute();
  await withId(db, db.schema.createTable('recurring_booking_attempts'))
    .addColumn('recurring_booking_id', 'integer', (col) => col.notNull().references('recurring_bookings.id').onDelete('cascade'))
    .addColumn('session_id', 'integer', (col) => col.notNull().references('sessions.id').onDelete('cascade'))
    .addColumn('outcome', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('recurring_booking_attempts_once', ['recurring_booking_id', 'session_id'])
    .execute();
  await withId(db, db.schema.createTable('booking_reminders'))
    .addColumn('profile_id', 'integer', (col) => col.notNull().references('members_profiles.id').onDelete('cascade'))
    .addColumn('org_id', 'integer', (col) => col.notNull().references('orgs.id').onDelete('cascade'))
    .addColumn('session_id', 'integer', (col) => col.notNull().references('sessions.id').onDelete('cascade'))
    .addColumn('fire_at', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('sent_at', 'text')
    .addUniqueConstraint('booking_reminders_once', ['profile_id', 'session_id'])
    .execute();
  await db.schema.createIndex('booking_reminders_due').on('booking_reminders').columns(['sent_at', 'fire_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('booking_reminders').execute();
  await db.schema.dropTable('recurring_booking_attempts').execute();
  await db.schema.dropTable('recurring_bookings').execute();
}
