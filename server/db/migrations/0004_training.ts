import type { Kysely } from 'kysely';
import { withId } from './helpers';

// The training log:
// - movements: the global catalogue (properties: JSON array of {type}, e.g. weight).
// - workout_definitions: what an organisation programmes; whiteboard_items put them on classes.
// - workouts: a member's results (profile + organisation, like accounts), WOD scores or lift
//   sets (JSON) with the load the server computes. Listed by (profile, org, completed_at);
//   class leaderboards read (session_id, workout_definition_id).
// - workout_reactions: at most one per member and workout.
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('movements'))
    .addColumn('name', 'text', (col) => col.notNull().unique())
    .addColumn('properties', 'text', (col) => col.notNull().defaultTo('[]'))
    .execute();

  await withId(db, db.schema.createTable('workout_definitions'))
    .addColumn('org_id', 'integer', (col) => col.notNull().references('orgs.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('description', 'text')
    .addColumn('scoring', 'text')
    .addColumn('rep_scheme', 'text')
    .addColumn('movement_id', 'integer', (col) => col.references('movements.id').onDelete('restrict'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('workout_definitions_org').on('workout_definitions').column('org_id').execute();

  await withId(db, db.schema.createTable('whiteboard_items'))
    .addColumn('session_id', 'integer', (col) => col.notNull().references('sessions.id').onDelete('cascade'))
    .addColumn('definition_id', 'integer', (col) => col.notNull().references('workout_definitions.id').onDelete('cascade'))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addUniqueConstraint('whiteboard_items_session_definition', ['session_id', 'definition_id'])
    .execute();

  await withId(db, db.schema.createTable('workouts'))
    .addColumn('org_id', 'integer', (col) => col.notNull().references('orgs.id').onDelete('cascade'))
    .addColumn('profile_id', 'integer', (col) => col.notNull().references('members_profiles.id').onDelete('cascade'))
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('completed_at', 'text', (col) => col.notNull())
    .addColumn('notes', 'text')
    .addColumn('session_id', 'integer', (col) => col.references('sessions.id').onDelete('set null'))
    .addColumn('workout_definition_id', 'integer', (col) => col.references('workout_definitions.id').onDelete('set null'))
    .addColumn('scoring', 'text')
    .addColumn('score_time', 'integer')
    .addColumn('score_rounds', 'integer')
    .addColumn('score_repetitions', 'integer')
    .addColumn('score_distance', 'double precision')
    .addColumn('score_load', 'double precision')
    .addColumn('score_load_units', 'text')
    .addColumn('score_calories', 'double precision')
    .addColumn('score_tabata', 'double precision')
    .addColumn('score_total', 'double precision')
    .addColumn('as_prescribed', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('movement_id', 'integer', (col) => col.references('movements.id').onDelete('restrict'))
    .addColumn('rep_scheme', 'text')
    .addColumn('sets', 'text')
    .addColumn('load_value', 'double precision')
    .addColumn('load_units', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('workouts_profile_org_completed').on('workouts').columns(['profile_id', 'org_id', 'completed_at']).execute();
  await db.schema.createIndex('workouts_session_definition').on('workouts').columns(['session_id', 'workout_definition_id']).execute();

  await withId(db, db.schema.createTable('workout_reactions'))
    .addColumn('workout_id', 'integer', (col) => col.notNull().references('workouts.id').onDelete('cascade'))
    .addColumn('profile_id', 'integer', (col) => col.notNull().references('members_profiles.id').onDelete('cascade'))
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('workout_reactions_workout_profile', ['workout_id', 'profile_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['workout_reactions', 'workouts', 'whiteboard_items', 'workout_definitions', 'movements']) await db.schema.dropTable(table).execute();
}
