// Before the first journey: the app and the server built once (every journey's server runs that
// build), and in the scale-out run the PostgreSQL template each journey's database is copied from.
import { ensureBuilt } from '../scripts/build.mjs';
import { migrateToLatest, openDatabase } from '../server/db/index';
import { E2E_PG_TEMPLATE, sharedServices } from './support/server';
import pg from 'pg';

export default async function globalSetup(): Promise<void> {
  if (!(await ensureBuilt())) throw new Error('The app did not build.');
  const services = sharedServices();
  if (!services) return;
  const client = new pg.Client(services.postgresUrl);
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${E2E_PG_TEMPLATE}`);
    await client.query(`CREATE DATABASE ${E2E_PG_TEMPLATE}`);
  } finally {
    await client.end();
  }
  const url = new URL(services.postgresUrl);
  url.pathname = `/${E2E_PG_TEMPLATE}`;
  const db = openDatabase(url.href, 1);
  try {
    await migrateToLatest(db);
  } finally {
    // CREATE DATABASE … TEMPLATE needs the template without connections.
    await db.destroy();
  }
}
