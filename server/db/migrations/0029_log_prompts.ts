import type { Kysely } from 'kysely';

// Prompts to log a class's workout when it ends (issue 31, item 5): the member's switch (on unless
// turned off in Settings), and the prompts sent, one per member and class, claimed by their key so
// that two processes running the job send it once.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('members_profiles').addColumn('log_prompts', 'integer', (col) => col.notNull().defaultTo(1)).execute();
  await db.schema
    .createTable('log_prompts_sent')
    .addColumn('profile_id', 'integer', (col) => col.notNull().references('members_profiles.id').onDelete('cascade'))
    .addColumn('session_id', 'integer', (col) => col.notNull().references('sessions.id').onDelete('cascade'))
    .addColumn('sent_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('log_prompts_sent_pkey', ['profile_id', 'session_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('log_prompts_sent').execute();
  await db.schema.alterTable('members_profiles').dropColumn('log_prompts').execute();
}
