import type { Kysely } from 'kysely';
import { withId } from './helpers';

// What members book appointments with (the appointments issue):
// - services: what an organisation offers one to one (PT, physio, massage…), its length and price
//   in minor units of the facility's currency;
// - service_coverage: the membership plans and pass types (by name, as memberships.name and
//   passes.name hold them) that pay for a service;
// - staff, staff_services: who gives which services;
// - staff_hours: weekly working periods per facility (ISO weekday 1–7, wall-clock HH:mm);
// - staff_leave: time off, [start_at, end_at);
// - appointments gain the service, the staff member and the end, so availability can subtract them.
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('services'))
    .addColumn('org_id', 'integer', (col) => col.notNull().references('orgs.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('description', 'text')
    .addColumn('duration_minutes', 'integer', (col) => col.notNull())
    .addColumn('price_cents', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('services_org_id').on('services').column('org_id').execute();

  await db.schema
    .createTable('service_coverage')
    .addColumn('service_id', 'integer', (col) => col.notNull().references('services.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('service_coverage_pk', ['service_id', 'kind', 'name'])
    .execute();

  await withId(db, db.schema.createTable('staff'))
    .addColumn('org_id', 'integer', (col) => col.notNull().references('orgs.id').onDelete('cascade'))
    .addColumn('full_name', 'text', (col) => col.notNull())
    .addColumn('bio', 'text')
    .addColumn('photo_url', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('staff_org_id').on('staff').column('org_id').execute();

  await db.schema
    .createTable('staff_services')
    .addColumn('staff_id', 'integer', (col) => col.notNull().references('staff.id').onDelete('cascade'))
    .addColumn('service_id', 'integer', (col) => col.notNull().references('services.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('staff_services_pk', ['staff_id', 'service_id'])
    .execute();
  await db.schema.createIndex('staff_services_service_id').on('staff_services').column('service_id').execute();

  await withId(db, db.schema.createTable('staff_hours'))
    .addColumn('staff_id', 'integer', (col) => col.notNull().references('staff.id').onDelete('cascade'))
    .addColumn('facility_id', 'integer', (col) => col.notNull().references('facilities.id').onDelete('cascade'))
    .addColumn('weekday', 'integer', (col) => col.notNull())
    .addColumn('start_time', 'text', (col) => col.notNull())
    .addColumn('end_time', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('staff_hours_staff_facility').on('staff_hours').columns(['staff_id', 'facility_id']).execute();
  await db.schema.createIndex('staff_hours_facility_id').on('staff_hours').column('facility_id').execute();

  await withId(db, db.schema.createTable('staff_leave'))
    .addColumn('staff_id', 'integer', (col) => col.notNull().references('staff.id').onDelete('cascade'))
    .addColumn('start_at', 'text', (col) => col.notNull())
    .addColumn('end_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('staff_leave_staff_start').on('staff_leave').columns(['staff_id', 'start_at']).execute();

  await db.schema.alterTable('appointments').addColumn('service_id', 'integer', (col) => col.references('services.id').onDelete('set null')).execute();
  await db.schema.alterTable('appointments').addColumn('staff_id', 'integer', (col) => col.references('staff.id').onDelete('set null')).execute();
  await db.schema.alterTable('appointments').addColumn('end_at', 'text').execute();
  await db.schema.createIndex('appointments_staff_start').on('appointments').columns(['staff_id', 'start_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('appointments_staff_start').execute();
  for (const column of ['end_at', 'staff_id', 'service_id']) await db.schema.alterTable('appointments').dropColumn(column).execute();
  for (const table of ['staff_leave', 'staff_hours', 'staff_services', 'staff', 'service_coverage', 'services']) await db.schema.dropTable(table).execute();
}
