import type { Kysely } from 'kysely';
import { withId } from './helpers';

// The activity feed (the feed, invitations and password reset issue): members' comments on staff
// posts (replies one level deep, parent_id) and reactions to posts and comments (one per member
// and thing: changing it replaces it); posts may carry an image.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('posts').addColumn('image_url', 'text').execute();
  await withId(db, db.schema.createTable('comments'))
    .addColumn('post_id', 'integer', (col) => col.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('parent_id', 'integer', (col) => col.references('comments.id').onDelete('cascade'))
    .addColumn('profile_id', 'integer', (col) => col.notNull().references('members_profiles.id').onDelete('cascade'))
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('comments_post').on('comments').columns(['post_id', 'created_at']).execute();
  await withId(db, db.schema.createTable('reactions'))
    .addColumn('profile_id', 'integer', (col) => col.notNull().references('members_profiles.id').onDelete('cascade'))
    .addColumn('source_type', 'text', (col) => col.notNull())
    .addColumn('source_id', 'integer', (col) => col.notNull())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('reactions_member_source', ['profile_id', 'source_type', 'source_id'])
    .execute();
  await db.schema.createIndex('reactions_source').on('reactions').columns(['source_type', 'source_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('reactions').execute();
  await db.schema.dropTable('comments').execute();
  await db.schema.alterTable('posts').dropColumn('image_url').execute();
}
