import { sql, type Kysely } from 'kysely';
import { withId } from './helpers';

// Friends (issue 31 item 6, docs/decisions.md#friends): an invitation by link or QR (the token's
// SHA-256 only, 14 days, used once), the friendships it makes (a pair of profiles stored once,
// the smaller id first), and the member's switch hiding their bookings from all friends at once
// (on by default: becoming friends is the opt-in).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('members_profiles').addColumn('share_bookings_with_friends', 'integer', (col) => col.notNull().defaultTo(1)).execute();
  await withId(db, db.schema.createTable('friend_invitations'))
    .addColumn('inviter_id', 'integer', (col) => col.notNull().references('members_profiles.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .addColumn('used_by', 'integer', (col) => col.references('members_profiles.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('friend_invitations_inviter_idx').on('friend_invitations').columns(['inviter_id', 'used_at']).execute();
  await db.schema
    .createTable('friendships')
    .addColumn('profile_a', 'integer', (col) => col.notNull().references('members_profiles.id').onDelete('cascade'))
    .addColumn('profile_b', 'integer', (col) => col.notNull().references('members_profiles.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('friendships_pkey', ['profile_a', 'profile_b'])
    .addCheckConstraint('friendships_ordered', sql`profile_a < profile_b`)
    .execute();
  await db.schema.createIndex('friendships_b_idx').on('friendships').column('profile_b').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('friendships').execute();
  await db.schema.dropTable('friend_invitations').execute();
  await db.schema.alterTable('members_profiles').dropColumn('share_bookings_with_friends').execute();
}
