// Vitest globalSetup for npm run test:pg: one throwaway PostgreSQL and one Redis for the run; each
// test server makes a database of its own there and uses Redis under a prefix of its own
// (server/testing/helpers.ts#testDatabase). Its database is a copy of a template migrated once
// here (CREATE DATABASE … TEMPLATE takes milliseconds; migrating took a few hundred each time).
import pg from 'pg';
import { migrateToLatest, openDatabase } from '../../server/db/index';
import { PG_TEST_TEMPLATE } from '../../server/testing/pg-template';
import { startPostgres, startRedis, type Service } from './services';

let postgres: Service | undefined;
let redis: Service | undefined;

export async function setup(): Promise<void> {
  postgres = await startPostgres();
  redis = await startRedis();
  const client = new pg.Client(postgres.url);
  await client.connect();
  await client.query(`create database ${PG_TEST_TEMPLATE}`);
  await client.end();
  const url = new URL(postgres.url);
  url.pathname = `/${PG_TEST_TEMPLATE}`;
  const template = openDatabase(url.href, 1);
  try {
    await migrateToLatest(template);
  } finally {
    // A template is copied only while nobody is connected to it.
    await template.destroy();
  }
  process.env.TEST_DATABASE_URL = postgres.url;
  process.env.TEST_REDIS_URL = redis.url;
}

export function teardown(): void {
  redis?.stop();
  postgres?.stop();
}
