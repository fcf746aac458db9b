import type { Kysely } from 'kysely';
import { withId } from './helpers';

// Members report a post or comment to the studio (the feed has no other moderation): one report
// per member and thing, kept for staff (GET /admin/reports), and the thing is hidden for the
// member who reported it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('feed_reports'))
    .addColumn('profile_id', 'integer', (col) => col.notNull().references('members_profiles.id').onDelete('cascade'))
    .addColumn('org_id', 'integer', (col) => col.notNull().references('orgs.id').onDelete('cascade'))
    .addColumn('source_type', 'text', (col) => col.notNull())
    .addColumn('source_id', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('feed_reports_member_source', ['profile_id', 'source_type', 'source_id'])
    .execute();
  await db.schema.createIndex('feed_reports_org').on('feed_reports').columns(['org_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('feed_reports').execute();
}
