import type { Kysely } from 'kysely';
import { withId } from './helpers';

// Stored cards and the sandbox card gateway (the account and shop issue).
// - payment_sources: a member's card at one gateway, by the gateway's token only (brand, last four
//   and expiry for showing it; never the number); one default per member and organisation;
// - sandbox_auth_tokens: short-lived tokens the app sends with a card to the sandbox's tokenisation
//   endpoint, as a real gateway's publishable key or client secret;
// - sandbox_cards: what the sandbox gateway keeps of a tokenised card (its side, not ours): how the
//   test number behaves when charged.
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('payment_sources'))
    .addColumn('profile_id', 'integer', (col) => col.notNull().references('members_profiles.id').onDelete('cascade'))
    .addColumn('org_id', 'integer', (col) => col.notNull().references('orgs.id').onDelete('cascade'))
    .addColumn('gateway', 'text', (col) => col.notNull())
    .addColumn('token', 'text', (col) => col.notNull())
    .addColumn('brand', 'text', (col) => col.notNull())
    .addColumn('last4', 'text', (col) => col.notNull())
    .addColumn('exp_month', 'integer', (col) => col.notNull())
    .addColumn('exp_year', 'integer', (col) => col.notNull())
    .addColumn('is_default', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('payment_sources_gateway_token', ['gateway', 'token'])
    .execute();
  await db.schema.createIndex('payment_sources_profile_org').on('payment_sources').columns(['profile_id', 'org_id']).execute();
  await db.schema
    .createTable('sandbox_auth_tokens')
    .addColumn('token', 'text', (col) => col.primaryKey())
    .addColumn('profile_id', 'integer', (col) => col.notNull().references('members_profiles.id').onDelete('cascade'))
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('sandbox_cards')
    .addColumn('token', 'text', (col) => col.primaryKey())
    .addColumn('profile_id', 'integer', (col) => col.notNull().references('members_profiles.id').onDelete('cascade'))
    .addColumn('brand', 'text', (col) => col.notNull())
    .addColumn('last4', 'text', (col) => col.notNull())
    .addColumn('exp_month', 'integer', (col) => col.notNull())
    .addColumn('exp_year', 'integer', (col) => col.notNull())
    .addColumn('behaviour', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sandbox_cards').execute();
  await db.schema.dropTable('sandbox_auth_tokens').execute();
  await db.schema.dropTable('payment_sources').execute();
}
