// A studio of its own for every journey: a real server (npm start's launcher, one process, or two
// on PostgreSQL + Redis in the scale-out run) on a fresh database seeded at the journey's start,
// with its own mailbox. Journeys never see each other's leftovers, so they run side by side and in
// any order. The run builds the app and server once (e2e/global-setup.ts) before the first start.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { E2E_ADMIN_TOKEN } from './admin-token';

/** Set by the scale-out run (e2e/scale-out-run.ts): a PostgreSQL server, Redis and the process count. */
export interface SharedServices {
  /** A PostgreSQL URL whose user may create databases (the run's throwaway cluster). */
  postgresUrl: string;
  redisUrl: string;
  workers: number;
}

export const E2E_PG_TEMPLATE = 'e2e_template';

export function sharedServices(env: NodeJS.ProcessEnv = process.env): SharedServices | null {
  if (!env.E2E_POSTGRES_URL) return null;
  if (!env.E2E_REDIS_URL) throw new Error('E2E_POSTGRES_URL needs E2E_REDIS_URL');
  return { postgresUrl: env.E2E_POSTGRES_URL, redisUrl: env.E2E_REDIS_URL, workers: Number(env.E2E_WORKERS ?? 2) };
}

export interface Studio {
  url: string;
  /** The server's database: a SQLite file or a PostgreSQL URL (for what staff do behind the scenes). */
  database: string;
  /** The development mailbox (MAIL_DIR) the server writes .eml files to. */
  mailDir: string;
  stop(): Promise<void>;
}

function databaseUrl(admin: string, name: string): string {
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.href;
}

async function onPostgres(admin: string, statement: string): Promise<void> {
  const client = new pg.Client(admin);
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function waitForListening(child: ChildProcess, workers: number, output: () => string): Promise<string> {
  const ready = workers > 1 ? new RegExp(`All ${workers} server processes are listening`) : /listening on (http:\/\/\S+)/;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start in 45 s:\n${output()}`)), 45_000);
    const check = () => {
      const text = output();
      const url = /listening on (http:\/\/[\d.:]+)/.exec(text)?.[1];
      if (url && ready.test(text)) {
        clearTimeout(timer);
        child.stdout?.off('data', check);
        resolve(url);
      }
    };
    child.stdout?.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server ended with ${code} before listening:\n${output()}`));
    });
  });
}

/** Starts a studio: a fresh database, demo data seeded now, a server listening on a free port. */
export async function startStudio(services: SharedServices | null = sharedServices(), extraEnv: Record<string, string> = {}): Promise<Studio> {
  const dir = mkdtempSync(path.join(tmpdir(), 'member-pwa-e2e-'));
  const mailDir = path.join(dir, 'mail');
  const name = `e2e_${randomBytes(6).toString('hex')}`;
  let database = path.join(dir, 'app.sqlite');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    // Port 0: the system picks a free one; the server prints its address.
    PORT: '0',
    DATABASE_FILE: database,
    SEED_DEMO: '1',
    ADMIN_TOKEN: E2E_ADMIN_TOKEN,
    MAIL_DIR: mailDir,
    // A stand-in push service on loopback http is allowed here only (tests and local demos).
    ALLOW_LOOPBACK_PUSH: '1',
    SKIP_BUILD: '1',
    // A request line each would only fill the output kept for a server that fails to start.
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    WORKERS: String(services?.workers ?? 1),
    ...extraEnv,
  };
  if (services) {
    // A copy of the migrated template: CREATE DATABASE … TEMPLATE takes milliseconds where
    // migrating takes most of a second. The server seeds it when it starts.
    await onPostgres(services.postgresUrl, `CREATE DATABASE ${name} TEMPLATE ${E2E_PG_TEMPLATE}`);
    database = databaseUrl(services.postgresUrl, name);
    Object.assign(env, { DATABASE_URL: database, REDIS_URL: services.redisUrl, REDIS_PREFIX: `${name}:` });
  }
  const child = spawn(process.execPath, ['scripts/start.mjs'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const cleanUp = async () => {
    if (services) await onPostgres(services.postgresUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  };
  let url: string;
  try {
    url = await waitForListening(child, services?.workers ?? 1, () => output);
  } catch (error) {
    child.kill('SIGKILL');
    await exited;
    await cleanUp();
    throw error;
  }
  return {
    url,
    database,
    mailDir,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const force = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(force);
      }
      await cleanUp();
    },
  };
}
