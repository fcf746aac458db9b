import { sql, type Expression, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Database } from './schema';
import { onPostgres } from './index';
import { prepared } from './prepared';

// On PostgreSQL each query is a round trip: the server process's write to the socket, the wake of
// a backend, the driver's reading of the answer. For the lookup every request makes (its session)
// that cost more than presenting a week's answer (decisions.md#server-floor). Under load many
// requests arrive in the same turn of the event loop; their lookups go as one query.

type Db = Kysely<Database>;
type Key = string | number;

/**
 * Asks made in the same turn of the event loop, answered by one call of `run` (in the order asked).
 * Each ask is made after its request's earlier writes committed and `run` starts after the last ask,
 * so each answer still sees its own request's writes.
 */
function batched<K, R>(run: (keys: K[]) => Promise<(R | Promise<R>)[]>): (key: K) => Promise<R> {
  let waiting: { key: K; resolve(row: R | Promise<R>): void; reject(error: unknown): void }[] = [];
  const send = () => {
    const asks = waiting;
    waiting = [];
    run(asks.map((a) => a.key)).then(
      (rows) => asks.forEach((a, i) => a.resolve(rows[i]!)),
      (error: unknown) => asks.forEach((a) => a.reject(error)),
    );
  };
  return (key) =>
    new Promise<R>((resolve, reject) => {
      // setImmediate runs after the poll phase, which has read every request that came in this turn.
      if (waiting.length === 0) setImmediate(send);
      waiting.push({ key, resolve, reject });
    });
}

/** An argument of a lookup: a value, or the batch's column of them (PostgreSQL). */
export type Arg<T extends Key> = T | Expression<T>;
type AsColumns<A extends readonly Key[]> = { [I in keyof A]: Arg<A[I]> };

export interface Lookup<A extends readonly Key[], R> {
  /** The first row for these values; on PostgreSQL with the lookups asked in the same turn. */
  first(db: Db, ...args: A): Promise<R | undefined>;
}

/**
 * A query that finds at most one row for its values, compiled once per database (db/prepared.ts).
 * On SQLite it runs as it is (in-process, no round trip to save). On PostgreSQL it answers its row
 * as one JSON value (`row_to_json`: node-postgres works through each column of a result), and the
 * lookups asked together run as one query: each one's values a row of `unnest`, the query joined
 * to each (`cross join lateral`). If that query fails, each lookup runs alone, so one request's bad
 * value fails only that request.
 */
export function lookup<A extends readonly Key[], R>(build: (db: Db, ...args: AsColumns<A>) => SelectQueryBuilder<Database, never, R>, ...standIns: NoInfer<A>): Lookup<A, R> {
  // The same stand-ins on both databases; on PostgreSQL the row as one JSON column.
  const plain = prepared((db, ...args: A) => build(db, ...(args as unknown as AsColumns<A>)), ...standIns);
  const single = prepared((db, ...args: A) => db.selectFrom(build(db, ...(args as unknown as AsColumns<A>)).as('x')).select(sql<R>`row_to_json(x)`.as('row')), ...standIns);
  const columns = standIns.map((_, i) => `a${i}`);
  const arrayStandIns = standIns.map((standIn) => [standIn]);
  const many = prepared(
    (db, ...arrays: Key[][]) => {
      const refs = columns.map((c) => sql.ref(`b.${c}`)) as unknown as AsColumns<A>;
      // Ids as bigint: a value no id column holds is then no match, not an error for the batch.
      const unnest = sql.join(arrays.map((array, i) => sql`${array}::${sql.raw(typeof standIns[i] === 'number' ? 'bigint[]' : 'text[]')}`));
      const query = sql<{ i: number; row: R }>`select b.i::int as i, row_to_json(x) as row from unnest(${unnest}) with ordinality as b(${sql.raw(columns.join(', '))}, i) cross join lateral (${build(db, ...refs)}) x`;
      return { compile: () => query.compile(db) };
    },
    ...arrayStandIns,
  );
  const batches = new WeakMap<Db, (args: A) => Promise<R | undefined>>();
  const alone = async (db: Db, args: A) => (await single.first(db, ...args))?.row as R | undefined;
  const batchOf = (db: Db) => {
    let ask = batches.get(db);
    if (!ask) {
      ask = batched(async (asks: A[]): Promise<(R | undefined | Promise<R | undefined>)[]> => {
        if (asks.length === 1) return [alone(db, asks[0]!)];
        let rows: { i: number; row: R }[];
        try {
          rows = await many.all(db, ...standIns.map((_, k) => asks.map((a) => a[k]!)));
        } catch {
          return asks.map((a) => alone(db, a));
        }
        const found: (R | undefined)[] = new Array(asks.length);
        for (const { i, row } of rows) found[i - 1] ??= row;
        return found;
      });
      batches.set(db, ask);
    }
    return ask;
  };
  return {
    first: (db, ...args) => (onPostgres(db) ? batchOf(db)(args) : plain.first(db, ...args)),
  };
}
