// The locks that keep work to one process at a time (server/db/index.ts): on PostgreSQL, under
// npm run test:pg, a job taken by one transaction is skipped by another until the first ends, and
// first-start work of two callers never overlaps; on SQLite (one process) both simply run.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exclusively, jobLock, onPostgres, openDatabase, type Database } from './index';
import type { Kysely } from 'kysely';
import { testDatabase } from '../testing/helpers';

describe('job locks', () => {
  let database: Awaited<ReturnType<typeof testDatabase>>;
  let db: Kysely<Database>;
  beforeAll(async () => {
    database = await testDatabase();
    db = openDatabase(database.url ?? ':memory:', 4);
  });
  afterAll(async () => {
    await db.destroy();
    await database.drop();
  });

  it('lets one transaction run a job while another skips it, until the first ends', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let took: (value: boolean) => void = () => undefined;
    const first = new Promise<boolean>((resolve) => (took = resolve));
    const holder = db.transaction().execute(async (trx) => {
      took(await jobLock(trx, 'test-job', false));
      await held;
    });
    expect(await first).toBe(true);
    if (onPostgres(db)) {
      expect(await db.transaction().execute((trx) => jobLock(trx, 'test-job', false))).toBe(false);
      // Another job's lock is free.
      expect(await db.transaction().execute((trx) => jobLock(trx, 'other-job', false))).toBe(true);
    }
    release();
    await holder;
    expect(await db.transaction().execute((trx) => jobLock(trx, 'test-job', false))).toBe(true);
  });

  it('runs first-start work of two callers one after the other', async () => {
    const events: string[] = [];
    const work = (name: string) => async () => {
      events.push(`${name} start`);
      await new Promise((resolve) => setTimeout(resolve, 50));
      events.push(`${name} end`);
    };
    await Promise.all([exclusively(db, 'test-start', work('a')), exclusively(db, 'test-start', work('b'))]);
    if (!onPostgres(db)) return expect(events).toHaveLength(4);
    // Whichever goes first ends before the other starts.
    const [first = ''] = events[0]?.split(' ') ?? [];
    const second = first === 'a' ? 'b' : 'a';
    expect(events).toEqual([`${first} start`, `${first} end`, `${second} start`, `${second} end`]);
  });
});
