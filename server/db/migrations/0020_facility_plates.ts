import type { Kysely } from 'kysely';

// The plates a studio has, for the lift form's plate calculator: JSON arrays of plate weights in
// kilograms and in pounds; null when the studio lists none (the app then uses standard sets).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('facilities').addColumn('plates_kg', 'text').execute();
  await db.schema.alterTable('facilities').addColumn('plates_lb', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('facilities').dropColumn('plates_lb').execute();
  await db.schema.alterTable('facilities').dropColumn('plates_kg').execute();
}
