// Lookups asked together (server/db/batch.ts): on PostgreSQL (npm run test:pg) one query answers
// every lookup of the same turn, each its own row; on SQLite each runs as it is.
import { describe, expect, it } from 'vitest';
import type { KyselyPlugin } from 'kysely';
import { onPostgres } from './index';
import { lookup, type Arg } from './batch';
import { useTwoOrgs } from '../testing/helpers';

describe('lookups asked together', () => {
  let queries = 0;
  const counting: KyselyPlugin = {
    transformQuery: (args) => args.node,
    transformResult: async (args) => {
      queries += 1;
      return args.result;
    },
  };
  // The org with this id, unless it has this name.
  const org = lookup((kdb, id: Arg<number>, name: Arg<string>) => kdb.selectFrom('orgs').select(['id', 'name']).where('id', '=', id).where('name', '!=', name), -5, '\0name');

  const orgs = useTwoOrgs(counting);

  it('answers each lookup of the same turn with its own row, in one query on PostgreSQL', async () => {
    const { db } = orgs;
    queries = 0;
    const rows = await Promise.all([org.first(db, 901, 'none'), org.first(db, 902, 'North'), org.first(db, 902, 'South'), org.first(db, 0, ''), org.first(db, 901, 'South')]);
    expect(rows).toEqual([{ id: 901, name: 'North' }, { id: 902, name: 'South' }, undefined, undefined, { id: 901, name: 'North' }]);
    if (onPostgres(db)) expect(queries).toBe(1);
    // Alone, it is the same query as ever.
    expect(await org.first(db, 902, '')).toEqual({ id: 902, name: 'South' });
  });

  it('sees what was written before it was asked', async () => {
    const { db } = orgs;
    await db.updateTable('orgs').set({ name: 'Nord' }).where('id', '=', 901).execute();
    const [renamed, other] = await Promise.all([org.first(db, 901, ''), org.first(db, 902, '')]);
    expect(renamed).toEqual({ id: 901, name: 'Nord' });
    expect(other).toEqual({ id: 902, name: 'South' });
    await db.updateTable('orgs').set({ name: 'North' }).where('id', '=', 901).execute();
  });

  it('fails only the lookup whose value the database refuses, not the others asked with it', async () => {
    const { db } = orgs;
    // Not a whole number: PostgreSQL refuses it as an id, and so the shared query; each then runs alone.
    const [good, bad, other] = await Promise.allSettled([org.first(db, 901, ''), org.first(db, 1.5, ''), org.first(db, 902, '')]);
    expect(good).toEqual({ status: 'fulfilled', value: { id: 901, name: 'North' } });
    expect(other).toEqual({ status: 'fulfilled', value: { id: 902, name: 'South' } });
    if (onPostgres(db)) expect(bad.status).toBe('rejected');
    else expect(bad).toEqual({ status: 'fulfilled', value: undefined });
  });
});
