import type { Kysely } from 'kysely';

// Imported workouts: a workout made from a file carries the key of
// the rows it came from; one key per member and organisation, so the same file imported twice,
// even from another device, adds nothing. Null (a workout logged by hand) never collides.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('workouts').addColumn('import_key', 'text').execute();
  await db.schema.createIndex('workouts_import_key').on('workouts').columns(['profile_id', 'org_id', 'import_key']).unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('workouts_import_key').execute();
  await db.schema.alterTable('workouts').dropColumn('import_key').execute();
}
