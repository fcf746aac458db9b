import type { Kysely } from 'kysely';
import { withId } from './helpers';

// Courses (the appointments issue): a run of classes sold and booked together.
// - courses: at one facility, a price in minor units of its currency, a number of places;
// - sessions.course_id: the classes of a course (null for every other class);
// - course_enrolments: one per member and course; enrolling books every class of the course.
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('courses'))
    .addColumn('facility_id', 'integer', (col) => col.notNull().references('facilities.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('description', 'text')
    .addColumn('price_cents', 'integer', (col) => col.notNull())
    .addColumn('capacity', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('courses_facility_id').on('courses').column('facility_id').execute();
  await db.schema.alterTable('sessions').addColumn('course_id', 'integer', (col) => col.references('courses.id').onDelete('set null')).execute();
  await db.schema.createIndex('sessions_course_id').on('sessions').column('course_id').execute();
  await db.schema
    .createTable('course_enrolments')
    .addColumn('course_id', 'integer', (col) => col.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('profile_id', 'integer', (col) => col.notNull().references('members_profiles.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('course_enrolments_pk', ['course_id', 'profile_id'])
    .execute();
  await db.schema.createIndex('course_enrolments_profile_id').on('course_enrolments').column('profile_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('course_enrolments').execute();
  await db.schema.dropIndex('sessions_course_id').execute();
  await db.schema.alterTable('sessions').dropColumn('course_id').execute();
  await db.schema.dropTable('courses').execute();
}
