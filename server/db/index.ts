import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, Migrator, PostgresAdapter, PostgresDialect, sql, SqliteDialect, type Dialect, type SqliteDialectConfig, type Transaction } from 'kysely';
import pg from 'pg';
import { logger } from '../observability/log';
import { migrationProvider } from './migrations';
import type { Database } from './schema';

export type { Database } from './schema';

/** A PostgreSQL URL (postgres://…) rather than a SQLite file. */
export function isPostgresUrl(target: string): boolean {
  return /^postgres(ql)?:\/\//.test(target);
}

// COUNT(*) and other bigint results arrive as strings from pg; every count here fits a number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));

/**
 * Opens the database: a PostgreSQL URL (a pool of `poolSize` connections), else the SQLite file
 * (created if needed); ':memory:' gives a throw-away SQLite database.
 */
/** Called when a query or transaction starts waiting for a connection; the result when it has one (or failed). */
export type ConnectionWait = () => () => void;

/** How many queries or transactions hold a database's connection now (SQLite's directRead asks). */
interface Holders {
  count: number;
}

/**
 * The driver's lending of connections, watched: the time each query or transaction waits for one
 * (observability/metrics.ts: PostgreSQL's pool when all its connections are busy, SQLite's single
 * connection while another query holds it), and, with `holders`, how many hold one now.
 */
function watched(dialect: Dialect, wait: ConnectionWait | undefined, holders?: Holders): Dialect {
  if (!wait && !holders) return dialect;
  const createDriver = dialect.createDriver.bind(dialect);
  dialect.createDriver = () => {
    const driver = createDriver();
    const acquire = driver.acquireConnection.bind(driver);
    const release = driver.releaseConnection.bind(driver);
    driver.acquireConnection = async () => {
      const done = wait?.();
      try {
        const connection = await acquire();
        if (holders) holders.count += 1;
        return connection;
      } finally {
        done?.();
      }
    };
    if (holders) {
      driver.releaseConnection = async (connection) => {
        holders.count -= 1;
        await release(connection);
      };
    }
    return driver;
  };
  return dialect;
}

export function openDatabase(target: string, poolSize = 10, wait?: ConnectionWait): Kysely<Database> {
  if (isPostgresUrl(target)) {
    const pool = new pg.Pool({ connectionString: target, max: poolSize });
    // An idle connection the server ended (a restart, a dropped database) is replaced on next use;
    // unhandled, its error would end the process.
    pool.on('error', (error) => logger.warn({ component: 'database', reason: error.message }, 'PostgreSQL connection lost'));
    return new Kysely<Database>({ dialect: watched(new PostgresDialect({ pool: preparing(pool) }), wait) });
  }
  return openSqlite(target, wait);
}

/** Statements prepared per PostgreSQL connection, at most: the app's queries are a few hundred shapes. */
const PREPARED_PER_CONNECTION = 500;
const prepared = new WeakMap<pg.PoolClient, Set<string>>();

/**
 * Kysely sends every query unnamed, so PostgreSQL parses and plans it anew each time: about as much
 * of its CPU as running the app's small indexed queries (issue 30). Each connection prepares a
 * query with parameters once under a name made from its text (pg's named statements), and later
 * runs only bind and execute. Queries without parameters (begin, commit, DDL, several statements)
 * stay unnamed; past PREPARED_PER_CONNECTION shapes (IN lists of many lengths) new ones do too.
 */
function preparing(pool: pg.Pool): Pick<pg.Pool, 'connect' | 'end'> {
  return {
    end: () => pool.end(),
    async connect() {
      const client = await pool.connect();
      if (prepared.has(client)) return client;
      const names = new Set<string>();
      prepared.set(client, names);
      const original = client.query.bind(client) as (...args: unknown[]) => unknown;
      client.query = ((...args: unknown[]) => {
        const [text, values] = args;
        if (args.length !== 2 || typeof text !== 'string' || !Array.isArray(values) || values.length === 0) return original(...args);
        const name = `s${createHash('sha1').update(text).digest('base64url')}`;
        if (!names.has(name)) {
          if (names.size >= PREPARED_PER_CONNECTION) return original(text, values);
          names.add(name);
        }
        return original({ name, text, values });
      }) as typeof client.query;
      return client;
    },
  } as Pick<pg.Pool, 'connect' | 'end'>;
}

function openSqlite(file: string, wait?: ConnectionWait): Kysely<Database> {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  // WAL lets readers proceed during a write; foreign keys are off by default in SQLite.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const statements = withStatementCache(sqlite);
  // Kysely's driver lends the single connection to one query at a time, and a transaction keeps it
  // from its BEGIN to its COMMIT.
  const holders: Holders = { count: 0 };
  const db = new Kysely<Database>({ dialect: watched(new SqliteDialect({ database: statements }), wait, holders) });
  direct.set(db, (query, parameters) => {
    // Inside another request's transaction a read would see its uncommitted writes: wait, as Kysely does.
    if (holders.count > 0) return undefined;
    const statement = statements.prepare(query);
    if (!statement.reader) return undefined;
    const done = wait?.();
    try {
      return statement.all(parameters as unknown[]) as unknown[];
    } finally {
      done?.();
    }
  });
  return db;
}

/**
 * A read run at once on SQLite's connection, or undefined when it must go through Kysely (the
 * connection is held, or the statement writes). better-sqlite3 answers synchronously, so a read
 * between two awaits cannot overlap a transaction; Kysely's own path (its driver's lock, a promise
 * per step, the wait's timing) cost a GET /sessions week about 10 µs of its ~200 for its four reads
 * (decisions.md#server-floor). For the queries every API request runs (db/prepared.ts).
 */
export type DirectRead = (sql: string, parameters: readonly unknown[]) => unknown[] | undefined;
const direct = new WeakMap<Kysely<Database>, DirectRead>();

/** The direct reader of a SQLite database opened here; none for PostgreSQL or a transaction. */
export function directRead(db: Kysely<Database>): DirectRead | undefined {
  return direct.get(db);
}

/** Prepared statements kept per SQL text; the app's queries are a few hundred shapes at most. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew, and preparing cost about as much CPU as running the queries
 * of a class list (issue 11). Statements are reusable, and Kysely's SQLite driver runs one query
 * at a time on its single connection, so a statement is never in use twice at once.
 */
function withStatementCache(sqlite: SqliteDatabase.Database): SqliteDialectConfig['database'] & { prepare(sql: string): SqliteDatabase.Statement } {
  const cache = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = cache.get(sql);
      if (statement) {
        // Least recently used goes first: move this one to the end.
        cache.delete(sql);
      } else {
        statement = sqlite.prepare(sql);
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
      }
      cache.set(sql, statement);
      return statement;
    },
  };
}

export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}

export async function isEmpty(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('members_profiles').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const orgs = await db.selectFrom('orgs').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n) === 0 && Number(orgs.n) === 0;
}

/** PostgreSQL's "try again" answers: a serialization failure and a deadlock. */
const RETRYABLE = new Set(['40001', '40P01']);
const WRITE_ATTEMPTS = 12;

/** Thrown by a write's work when what it read changed under it: writeTransaction runs it again. */
export class RunAgain extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RunAgain';
  }
}

function retryable(error: unknown): boolean {
  if (error instanceof RunAgain) return true;
  const { code } = (error ?? {}) as { code?: unknown };
  return typeof code === 'string' && RETRYABLE.has(code);
}

/** Thrown when a write lost to concurrent ones every time: the request may be sent again (503). */
export class WriteContention extends Error {
  constructor(options: ErrorOptions) {
    super('The write lost to concurrent writes on every attempt.', options);
    this.name = 'WriteContention';
  }
}

/**
 * How a write on PostgreSQL is kept correct against concurrent ones. `serializable` (the default):
 * PostgreSQL aborts one of two transactions that would not have given the same result one after
 * the other, and it is run again; safe for any write, but PostgreSQL tracks reads by index page, so
 * writes about different classes abort each other under load. `read committed`: for writes that
 * take the row locks of what they decide about first (`lockForDecision`: the member, the class),
 * so only writes about the same member or class wait for each other. SQLite has one writer: both
 * are serial there.
 */
export type WriteIsolation = 'serializable' | 'read committed';

/**
 * A write that decides from what it reads (the last places of a class, an offer, an idempotency
 * key), run again after a random pause that doubles each time (2 ms up to 160 ms) when PostgreSQL
 * says a concurrent one won. Still losing after that: WriteContention.
 */
export async function writeTransaction<T>(db: Kysely<Database>, work: (trx: Transaction<Database>) => Promise<T>, isolation: WriteIsolation = 'serializable'): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction().setIsolationLevel(isolation).execute(work);
    } catch (error) {
      if (!retryable(error)) throw error;
      if (attempt >= WRITE_ATTEMPTS) throw new WriteContention({ cause: error });
      await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(160, 2 ** attempt)));
    }
  }
}

/** Whether this database is PostgreSQL (several processes may share it) rather than SQLite. */
export function onPostgres(db: Kysely<Database>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * Runs `work` while no other server process runs work of the same name: on PostgreSQL under a
 * session advisory lock held by one pooled connection (so the pool needs two or more), released
 * when `work` ends or the process dies. The first start of several processes at once migrates and
 * seeds once. SQLite serves one process: `work` just runs.
 */
export async function exclusively<T>(db: Kysely<Database>, name: string, work: () => Promise<T>): Promise<T> {
  if (!onPostgres(db)) return work();
  return db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(hashtext(${name}))`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(hashtext(${name}))`.execute(connection);
    }
  });
}

/**
 * Inside a transaction: may this process run the job `name` now? On PostgreSQL a transaction
 * advisory lock, released at commit or rollback, or when the process dies mid-job (its work is
 * then rolled back and the next run does it). `wait` waits for a run under way on another process
 * instead of skipping it. SQLite's single writer makes every run exclusive already.
 */
export async function jobLock(trx: Kysely<Database>, name: string, wait: boolean): Promise<boolean> {
  if (!onPostgres(trx)) return true;
  if (wait) {
    await sql`select pg_advisory_xact_lock(hashtext(${name}))`.execute(trx);
    return true;
  }
  const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_xact_lock(hashtext(${name})) as locked`.execute(trx);
  return rows[0]?.locked === true;
}

/**
 * In a `read committed` write: locks the rows this write decides about (a member, the classes),
 * in id order, until commit; another write about the same rows waits, then reads what this one
 * wrote. Take the member before the classes, everywhere, so two writes never wait for each other.
 * FOR NO KEY UPDATE, not FOR UPDATE: a row inserted that refers to the member (the claim of an
 * Idempotency-Key, server/http/idempotency.ts) key-share locks it first; FOR UPDATE would wait for
 * another write's claim while that write waits for ours, a deadlock PostgreSQL only breaks after a
 * second. Two decisions still exclude each other.
 * SQLite: its single writer already serialises the write, nothing to do.
 */
export async function lockForDecision(trx: Kysely<Database>, table: 'members_profiles' | 'sessions', ids: readonly number[]): Promise<void> {
  if (ids.length === 0 || !onPostgres(trx)) return;
  await trx.selectFrom(table).select('id').where('id', 'in', [...new Set(ids)]).orderBy('id').forNoKeyUpdate().execute();
}
