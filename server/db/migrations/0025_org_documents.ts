import type { Kysely } from 'kysely';

// The studio's own terms and privacy policy, as plain text (paragraphs split by blank lines): the
// sign-up form shows them to read before the new member accepts them (docs/decisions.md#invitations-and-sign-up).
// Null while the studio has published none: then there is nothing to accept.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orgs').addColumn('terms', 'text').execute();
  await db.schema.alterTable('orgs').addColumn('privacy_policy', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orgs').dropColumn('privacy_policy').execute();
  await db.schema.alterTable('orgs').dropColumn('terms').execute();
}
