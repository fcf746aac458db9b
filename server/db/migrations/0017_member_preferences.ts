import type { Kysely } from 'kysely';

// Member preferences on the profile: the units every form
// and chart follows (stored results keep the units they were entered in), and whether the
// member's results stay off other members' class leaderboards.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('members_profiles').addColumn('weight_units', 'text', (col) => col.notNull().defaultTo('kilograms')).execute();
  await db.schema.alterTable('members_profiles').addColumn('length_units', 'text', (col) => col.notNull().defaultTo('centimetres')).execute();
  await db.schema.alterTable('members_profiles').addColumn('hide_from_leaderboards', 'integer', (col) => col.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('members_profiles').dropColumn('hide_from_leaderboards').execute();
  await db.schema.alterTable('members_profiles').dropColumn('length_units').execute();
  await db.schema.alterTable('members_profiles').dropColumn('weight_units').execute();
}
