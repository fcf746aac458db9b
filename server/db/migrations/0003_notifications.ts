import type { Kysely } from 'kysely';
import { withId } from './helpers';

// Notifications and what they point at:
// - notifications: one row per member and event. visit_id links a
//   waitlist notification to its pending visit, so confirming, declining or a lapsed offer can
//   remove it in the same transaction. Listing is by (profile_id, updated_at).
// - push_subscriptions: Web Push endpoints of the member's devices (one row per endpoint).
// - app_settings: server-wide key/value pairs (the VAPID key pair, the generated admin token).
// - posts: what staff publish to an organisation's feed (post notifications point at them).
// - appointments: a minimal table so appointment notifications point at something real.
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('notifications'))
    .addColumn('profile_id', 'integer', (col) => col.notNull().references('members_profiles.id').onDelete('cascade'))
    .addColumn('org_id', 'integer', (col) => col.notNull().references('orgs.id').onDelete('cascade'))
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('params', 'text', (col) => col.notNull().defaultTo('{}'))
    .addColumn('avatar_url', 'text')
    .addColumn('visit_id', 'integer', (col) => col.references('visits.id').onDelete('set null'))
    .addColumn('read_at', 'text')
    .addColumn('removed_at', 'text')
    .addColumn('expires_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('notifications_profile_updated').on('notifications').columns(['profile_id', 'updated_at']).execute();
  await db.schema.createIndex('notifications_visit_id').on('notifications').column('visit_id').execute();

  await withId(db, db.schema.createTable('push_subscriptions'))
    .addColumn('profile_id', 'integer', (col) => col.notNull().references('members_profiles.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (col) => col.notNull().unique())
    .addColumn('p256dh', 'text', (col) => col.notNull())
    .addColumn('auth', 'text', (col) => col.notNull())
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('last_success_at', 'text')
    .execute();
  await db.schema.createIndex('push_subscriptions_profile_id').on('push_subscriptions').column('profile_id').execute();

  await db.schema
    .createTable('app_settings')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .execute();

  await withId(db, db.schema.createTable('posts'))
    .addColumn('org_id', 'integer', (col) => col.notNull().references('orgs.id').onDelete('cascade'))
    .addColumn('facility_id', 'integer', (col) => col.references('facilities.id').onDelete('set null'))
    .addColumn('author_name', 'text', (col) => col.notNull())
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('posts_org_created').on('posts').columns(['org_id', 'created_at']).execute();

  await withId(db, db.schema.createTable('appointments'))
    .addColumn('profile_id', 'integer', (col) => col.notNull().references('members_profiles.id').onDelete('cascade'))
    .addColumn('facility_id', 'integer', (col) => col.notNull().references('facilities.id').onDelete('cascade'))
    .addColumn('service_name', 'text', (col) => col.notNull())
    .addColumn('staff_name', 'text', (col) => col.notNull())
    .addColumn('start_at', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('appointments_profile_start').on('appointments').columns(['profile_id', 'start_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['appointments', 'posts', 'app_settings', 'push_subscriptions', 'notifications']) await db.schema.dropTable(table).execute();
}
