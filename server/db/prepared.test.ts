// Queries compiled once per database (server/db/prepared.ts): each run puts its own values where
// the stand-ins were, on SQLite and (npm run test:pg) on PostgreSQL.
import { describe, expect, it } from 'vitest';
import { directRead, onPostgres } from './index';
import { prepared } from './prepared';
import { useTwoOrgs } from '../testing/helpers';

describe('prepared queries', () => {
  const orgs = useTwoOrgs();

  it('runs with each call’s values, the same value in two places too, and compiles once', async () => {
    const { db } = orgs;
    let builds = 0;
    const named = prepared(
      (kdb, id: number, name: string) => {
        builds += 1;
        return kdb.selectFrom('orgs').select(['id', 'name']).where((eb) => eb.or([eb('id', '=', id), eb('name', '=', name), eb('id', '=', id)])).where('id', '<', 1000).orderBy('id');
      },
      -5,
      '\0name',
    );
    expect(await named.all(db, 901, 'none')).toEqual([{ id: 901, name: 'North' }]);
    expect(await named.all(db, 0, 'South')).toEqual([{ id: 902, name: 'South' }]);
    expect(await named.first(db, 902, 'North')).toEqual({ id: 901, name: 'North' });
    expect(await named.first(db, 0, 'nobody')).toBeUndefined();
    expect(builds).toBe(1);
  });

  it('on SQLite reads at once while nothing holds the connection, and waits for a transaction under way as Kysely does', async () => {
    const { db } = orgs;
    const name = prepared((kdb, id: number) => kdb.selectFrom('orgs').select('name').where('id', '=', id), -5);
    if (onPostgres(db)) {
      expect(directRead(db)).toBeUndefined();
      return;
    }
    const read = directRead(db)!;
    expect(read('select name from orgs where id = ?', [901])).toEqual([{ name: 'North' }]);
    // A write is Kysely's to run.
    expect(read('update orgs set name = ? where id = ?', ['Nord', 901])).toBeUndefined();
    let renamed!: () => void;
    const open = new Promise<void>((resolve) => (renamed = resolve));
    let commit!: () => void;
    const committing = new Promise<void>((resolve) => (commit = resolve));
    const transaction = db.transaction().execute(async (trx) => {
      await trx.updateTable('orgs').set({ name: 'Nord' }).where('id', '=', 901).execute();
      renamed();
      await committing;
    });
    await open;
    // The rename is not committed: a direct read would see it, so there is none.
    expect(read('select name from orgs where id = ?', [901])).toBeUndefined();
    const during = name.first(db, 901);
    commit();
    await transaction;
    expect(await during).toEqual({ name: 'Nord' });
    expect(read('select name from orgs where id = ?', [901])).toEqual([{ name: 'Nord' }]);
    await db.updateTable('orgs').set({ name: 'North' }).where('id', '=', 901).execute();
  });

  it('refuses a stand-in that is not a parameter of the query (the value would be ignored)', async () => {
    const { db } = orgs;
    const unused = prepared((kdb, _id: number) => kdb.selectFrom('orgs').select('id').where('id', '=', 1), -9);
    await expect(unused.all(db, 901)).rejects.toThrow(/stand-in 0 is not a parameter/);
  });
});
