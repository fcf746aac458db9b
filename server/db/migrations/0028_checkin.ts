import type { Kysely } from 'kysely';
import { withId } from './helpers';

// Check-in at the front desk with the phone (issue 31 item 1, docs/decisions.md#checkin-code).
// - checkin_facility_keys: each facility's ECDSA P-256 key pair (JWK text), made on first need;
//   the private half signs credentials and never leaves the server.
// - checkin_credentials: what a member's phone holds (its public key, the typed-digits secret),
//   until expires_at or revoked_at.
// - checkin_desk_tokens: a front desk signed in for one facility; only the token's SHA-256 is kept.
// - checkin_desk_idempotency_keys: the Idempotency-Key space of each desk token (the members'
//   idempotency_keys belong to profiles).
// - checkins: every check-in taken, unique per (credential, step): a code (or typed password) is
//   taken once, whichever server process sees it first.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('checkin_facility_keys')
    .addColumn('facility_id', 'integer', (col) => col.primaryKey().references('facilities.id').onDelete('cascade'))
    .addColumn('public_jwk', 'text', (col) => col.notNull())
    .addColumn('private_jwk', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();

  await withId(db, db.schema.createTable('checkin_credentials'))
    .addColumn('profile_id', 'integer', (col) => col.notNull().references('members_profiles.id').onDelete('cascade'))
    .addColumn('facility_id', 'integer', (col) => col.notNull().references('facilities.id').onDelete('cascade'))
    .addColumn('public_key', 'text', (col) => col.notNull())
    .addColumn('otp_secret', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('checkin_credentials_member').on('checkin_credentials').columns(['profile_id', 'facility_id']).execute();
  await db.schema.createIndex('checkin_credentials_facility').on('checkin_credentials').columns(['facility_id', 'expires_at']).execute();

  await withId(db, db.schema.createTable('checkin_desk_tokens'))
    .addColumn('facility_id', 'integer', (col) => col.notNull().references('facilities.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('revoked_at', 'text')
    .execute();

  await withId(db, db.schema.createTable('checkin_desk_idempotency_keys'))
    .addColumn('desk_token_id', 'integer', (col) => col.notNull().references('checkin_desk_tokens.id').onDelete('cascade'))
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('method', 'text', (col) => col.notNull())
    .addColumn('path', 'text', (col) => col.notNull())
    .addColumn('body_hash', 'text', (col) => col.notNull())
    .addColumn('status', 'integer', (col) => col.notNull())
    .addColumn('response_body', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('checkin_desk_idempotency_keys_desk_key', ['desk_token_id', 'key'])
    .execute();

  await withId(db, db.schema.createTable('checkins'))
    .addColumn('facility_id', 'integer', (col) => col.notNull().references('facilities.id').onDelete('cascade'))
    .addColumn('desk_token_id', 'integer', (col) => col.references('checkin_desk_tokens.id').onDelete('set null'))
    .addColumn('credential_id', 'integer', (col) => col.notNull().references('checkin_credentials.id').onDelete('cascade'))
    .addColumn('step', 'integer', (col) => col.notNull())
    .addColumn('profile_id', 'integer', (col) => col.notNull().references('members_profiles.id').onDelete('cascade'))
    .addColumn('visit_id', 'integer', (col) => col.references('visits.id').onDelete('set null'))
    .addColumn('scanned_at', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('checkins_credential_step', ['credential_id', 'step'])
    .execute();
  await db.schema.createIndex('checkins_facility').on('checkins').columns(['facility_id', 'scanned_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['checkins', 'checkin_desk_idempotency_keys', 'checkin_desk_tokens', 'checkin_credentials', 'checkin_facility_keys']) {
    await db.schema.dropTable(table).execute();
  }
}
