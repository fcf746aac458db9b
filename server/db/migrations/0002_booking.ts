import { sql, SqliteAdapter, type Kysely } from 'kysely';
import { withId } from './helpers';

// Booking, waitlist and charges:
// - visits keep their history: booking again after a cancellation makes a NEW row, so the
//   one-row-per-member-and-class constraint of 0001 goes. In its place a partial unique index
//   allows at most one live (not cancelled) visit per member and class, which is what stops a
//   double booking even if two requests race.
// - visits.offer_expired marks a waitlist offer that lapsed unanswered.
// - memberships, passes and visit_charges record what a late cancel counts against.
export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  if (sqlite) {
    // SQLite cannot drop a table constraint: rebuild the table inside one transaction.
    await db.transaction().execute(async (trx) => {
      await withId(trx, trx.schema.createTable('visits_new'))
        .addColumn('profile_id', 'integer', (col) => col.notNull().references('members_profiles.id').onDelete('cascade'))
        .addColumn('session_id', 'integer', (col) => col.notNull().references('sessions.id').onDelete('cascade'))
        .addColumn('state', 'text', (col) => col.notNull())
        .addColumn('late_cancelled', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('dropin', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('offer_expires_at', 'text')
        .addColumn('offer_expired', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .execute();
      await sql`insert into visits_new (id, profile_id, session_id, state, late_cancelled, dropin, offer_expires_at, offer_expired, created_at, updated_at)
        select id, profile_id, session_id, state, late_cancelled, dropin, offer_expires_at, 0, created_at, updated_at from visits`.execute(trx);
      await trx.schema.dropTable('visits').execute();
      await trx.schema.alterTable('visits_new').renameTo('visits').execute();
      await trx.schema.createIndex('visits_session_state').on('visits').columns(['session_id', 'state']).execute();
    });
  } else {
    await db.schema.alterTable('visits').dropConstraint('visits_profile_session').execute();
    await db.schema.alterTable('visits').addColumn('offer_expired', 'integer', (col) => col.notNull().defaultTo(0)).execute();
  }

  await db.schema
    .createIndex('visits_live_profile_session')
    .on('visits')
    .columns(['profile_id', 'session_id'])
    .unique()
    .where(sql.ref('state'), '<>', 'cancelled')
    .execute();
  await db.schema.createIndex('visits_profile_session').on('visits').columns(['profile_id', 'session_id']).execute();
  // The expired-offer sweep runs on every booking request: it must be an index lookup.
  await db.schema.createIndex('visits_state_offer_expires').on('visits').columns(['state', 'offer_expires_at']).execute();

  await withId(db, db.schema.createTable('memberships'))
    .addColumn('profile_id', 'integer', (col) => col.notNull().references('members_profiles.id').onDelete('cascade'))
    .addColumn('org_id', 'integer', (col) => col.notNull().references('orgs.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('valid_from', 'text', (col) => col.notNull())
    .addColumn('valid_to', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('memberships_profile_org').on('memberships').columns(['profile_id', 'org_id']).execute();

  await withId(db, db.schema.createTable('passes'))
    .addColumn('profile_id', 'integer', (col) => col.notNull().references('members_profiles.id').onDelete('cascade'))
    .addColumn('org_id', 'integer', (col) => col.notNull().references('orgs.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('visits_total', 'integer')
    .addColumn('visits_used', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('valid_from', 'text', (col) => col.notNull())
    .addColumn('valid_to', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('passes_profile_org').on('passes').columns(['profile_id', 'org_id']).execute();

  await withId(db, db.schema.createTable('visit_charges'))
    .addColumn('visit_id', 'integer', (col) => col.notNull().references('visits.id').onDelete('cascade'))
    .addColumn('membership_id', 'integer', (col) => col.references('memberships.id').onDelete('set null'))
    .addColumn('pass_id', 'integer', (col) => col.references('passes.id').onDelete('set null'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    // A visit is charged at most once per reason.
    .addUniqueConstraint('visit_charges_visit_kind', ['visit_id', 'kind'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['visit_charges', 'passes', 'memberships']) await db.schema.dropTable(table).execute();
  await db.schema.dropIndex('visits_state_offer_expires').execute();
  await db.schema.dropIndex('visits_profile_session').execute();
  await db.schema.dropIndex('visits_live_profile_session').execute();
  // The history of re-bookings cannot be squeezed back under one-row-per-class; the old
  // constraint is not restored and offer_expired stays (harmless to 0001 code).
}
