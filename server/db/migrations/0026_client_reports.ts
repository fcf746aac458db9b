import type { Kysely } from 'kysely';
import { withId } from './helpers';

// Error reports and real-user speed (issue 29). Errors are kept grouped by fingerprint, one row per
// group with its counts and one scrubbed sample; the ids of reports and vitals received, so a batch
// sent again counts nothing twice; and web-vital samples. Nothing here names a member. The
// retention job (server/features/client-reports/retention.ts) keeps all three bounded.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('error_groups')
    .addColumn('fingerprint', 'text', (col) => col.primaryKey())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('stack', 'text')
    // The sample's own release, browser and route: its stack is symbolicated with that release's maps.
    .addColumn('release', 'text', (col) => col.notNull())
    .addColumn('browser', 'text', (col) => col.notNull())
    .addColumn('route', 'text', (col) => col.notNull())
    .addColumn('count', 'bigint', (col) => col.notNull())
    // JSON arrays of distinct values, bounded (the newest kept).
    .addColumn('kinds', 'text', (col) => col.notNull())
    .addColumn('releases', 'text', (col) => col.notNull())
    .addColumn('browsers', 'text', (col) => col.notNull())
    .addColumn('routes', 'text', (col) => col.notNull())
    .addColumn('first_seen', 'text', (col) => col.notNull())
    .addColumn('last_seen', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('error_groups_last_seen').on('error_groups').column('last_seen').execute();

  await db.schema
    .createTable('client_report_ids')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('received_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('client_report_ids_received').on('client_report_ids').column('received_at').execute();

  await withId(db, db.schema.createTable('web_vitals'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('value', 'double precision', (col) => col.notNull())
    .addColumn('route', 'text', (col) => col.notNull())
    .addColumn('release', 'text', (col) => col.notNull())
    .addColumn('at', 'text', (col) => col.notNull())
    .addColumn('received_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('web_vitals_received').on('web_vitals').column('received_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('web_vitals').execute();
  await db.schema.dropTable('client_report_ids').execute();
  await db.schema.dropTable('error_groups').execute();
}
