import type { Kysely } from 'kysely';
import { withId } from './helpers';

// The first schema: people, organisations and their facilities, member accounts, sign-in
// sessions, idempotency keys, classes and visits.
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('members_profiles'))
    .addColumn('guid', 'text', (col) => col.notNull().unique())
    .addColumn('email', 'text', (col) => col.notNull().unique())
    .addColumn('password_hash', 'text')
    .addColumn('full_name', 'text', (col) => col.notNull())
    .addColumn('first_name', 'text', (col) => col.notNull())
    .addColumn('last_name', 'text', (col) => col.notNull())
    .addColumn('locale', 'text', (col) => col.notNull())
    .addColumn('avatar_thumb_url', 'text')
    .addColumn('avatar_main_url', 'text')
    .addColumn('calendar_token', 'text', (col) => col.unique())
    .addColumn('preferences', 'text', (col) => col.notNull().defaultTo('{}'))
    .addColumn('track_training', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await withId(db, db.schema.createTable('orgs'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('logo_url', 'text')
    .addColumn('short_id', 'text', (col) => col.notNull().unique())
    .execute();

  await withId(db, db.schema.createTable('facilities'))
    .addColumn('guid', 'text', (col) => col.notNull().unique())
    .addColumn('org_id', 'integer', (col) => col.notNull().references('orgs.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('time_zone', 'text', (col) => col.notNull())
    .addColumn('currency_code', 'text', (col) => col.notNull())
    .addColumn('address', 'text')
    .addColumn('phone', 'text')
    .addColumn('email', 'text')
    .addColumn('feed_enabled', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('facilities_org_id').on('facilities').column('org_id').execute();

  await withId(db, db.schema.createTable('accounts'))
    .addColumn('profile_id', 'integer', (col) => col.notNull().references('members_profiles.id').onDelete('cascade'))
    .addColumn('org_id', 'integer', (col) => col.notNull().references('orgs.id').onDelete('cascade'))
    .addColumn('short_id', 'text', (col) => col.notNull().unique())
    .addColumn('first_name', 'text', (col) => col.notNull())
    .addColumn('last_name', 'text', (col) => col.notNull())
    .addColumn('phone', 'text')
    .addColumn('address', 'text')
    .addColumn('birthday', 'text')
    .addColumn('emergency_contact', 'text')
    .addColumn('hidden_at', 'text')
    .addColumn('last_visit_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('accounts_profile_org', ['profile_id', 'org_id'])
    .execute();
  await db.schema.createIndex('accounts_org_id').on('accounts').column('org_id').execute();

  await db.schema
    .createTable('auth_sessions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('profile_id', 'integer', (col) => col.notNull().references('members_profiles.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('last_seen_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('auth_sessions_profile_id').on('auth_sessions').column('profile_id').execute();
  await db.schema.createIndex('auth_sessions_expires_at').on('auth_sessions').column('expires_at').execute();

  await withId(db, db.schema.createTable('idempotency_keys'))
    .addColumn('profile_id', 'integer', (col) => col.notNull().references('members_profiles.id').onDelete('cascade'))
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('method', 'text', (col) => col.notNull())
    .addColumn('path', 'text', (col) => col.notNull())
    .addColumn('body_hash', 'text', (col) => col.notNull())
    .addColumn('status', 'integer', (col) => col.notNull())
    .addColumn('response_body', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('idempotency_keys_profile_key', ['profile_id', 'key'])
    .execute();
  await db.schema.createIndex('idempotency_keys_created_at').on('idempotency_keys').column('created_at').execute();

  await withId(db, db.schema.createTable('sessions'))
    .addColumn('facility_id', 'integer', (col) => col.notNull().references('facilities.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('description', 'text')
    .addColumn('location', 'text')
    .addColumn('start_at', 'text', (col) => col.notNull())
    .addColumn('end_at', 'text', (col) => col.notNull())
    .addColumn('booking_open_at', 'text', (col) => col.notNull())
    .addColumn('booking_close_at', 'text', (col) => col.notNull())
    .addColumn('cancellation_close_at', 'text', (col) => col.notNull())
    .addColumn('cancelled', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('capacity', 'integer', (col) => col.notNull())
    .addColumn('waitlists_on', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('dropin_spaces', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('online_url', 'text')
    .addColumn('whiteboard_visibility', 'text', (col) => col.notNull().defaultTo('public'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('sessions_facility_start').on('sessions').columns(['facility_id', 'start_at']).execute();

  await withId(db, db.schema.createTable('session_instructors'))
    .addColumn('session_id', 'integer', (col) => col.notNull().references('sessions.id').onDelete('cascade'))
    .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('full_name', 'text', (col) => col.notNull())
    .addColumn('substituted', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('session_instructors_session_id').on('session_instructors').column('session_id').execute();

  await withId(db, db.schema.createTable('visits'))
    .addColumn('profile_id', 'integer', (col) => col.notNull().references('members_profiles.id').onDelete('cascade'))
    .addColumn('session_id', 'integer', (col) => col.notNull().references('sessions.id').onDelete('cascade'))
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('late_cancelled', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('dropin', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('offer_expires_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    // One visit row per member and class: cancelling and booking again reuses it.
    .addUniqueConstraint('visits_profile_session', ['profile_id', 'session_id'])
    .execute();
  await db.schema.createIndex('visits_session_state').on('visits').columns(['session_id', 'state']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['visits', 'session_instructors', 'sessions', 'idempotency_keys', 'auth_sessions', 'accounts', 'facilities', 'orgs', 'members_profiles']) {
    await db.schema.dropTable(table).execute();
  }
}
