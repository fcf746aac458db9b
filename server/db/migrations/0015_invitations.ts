import type { Kysely } from 'kysely';
import { withId } from './helpers';

// Invitations (the feed, invitations and password reset issue): staff invite an email to an
// organisation at a facility; the link holds a token whose hash is kept here; single use
// (accepted_at, accepted_by) and expiring.
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('invitations'))
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('org_id', 'integer', (col) => col.notNull().references('orgs.id').onDelete('cascade'))
    .addColumn('facility_id', 'integer', (col) => col.notNull().references('facilities.id').onDelete('cascade'))
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('accepted_at', 'text')
    .addColumn('accepted_by', 'integer', (col) => col.references('members_profiles.id').onDelete('set null'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('invitations').execute();
}
