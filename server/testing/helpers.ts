import { afterAll, beforeAll } from 'vitest';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { startServer, type RunningServer, type ServerOptions } from '../app';
import type { Kysely, KyselyPlugin } from 'kysely';
import { migrateToLatest, openDatabase, type Database } from '../db/index';
import { PG_TEST_TEMPLATE } from './pg-template';

export const PASSWORD = 'demo1234';
export const ALEX = 'demo@example.com';
export const SAM = 'sam@example.com';
export const KAI = 'kai@example.com';

export interface TestServer {
  running: RunningServer;
  url: string;
  dir: string;
  /** Opens the same database again (a restart): its SQLite file or PostgreSQL URL. */
  database: Pick<ServerOptions, 'databaseFile' | 'databaseUrl' | 'redisUrl' | 'redisPrefix'>;
  close(): Promise<void>;
}

/**
 * With TEST_DATABASE_URL (a PostgreSQL server, npm run test:pg), each test server gets a database
 * of its own there (a copy of the migrated template), dropped when it closes; otherwise a SQLite file in its temporary folder. With
 * TEST_REDIS_URL too, it shares realtime and login limits through that Redis under a prefix of
 * its own (`redis`: the options), as a deployment of several processes does.
 */
export async function testDatabase(): Promise<{ url?: string; redis?: Pick<ServerOptions, 'redisUrl' | 'redisPrefix'>; drop(): Promise<void> }> {
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) return { drop: async () => undefined };
  const redisUrl = process.env.TEST_REDIS_URL;
  const { default: pg } = await import('pg');
  const name = `test_${randomUUID().replaceAll('-', '')}`;
  const client = new pg.Client(admin);
  await client.connect();
  await client.query(`create database ${name} template ${PG_TEST_TEMPLATE}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    ...(redisUrl && { redis: { redisUrl, redisPrefix: `${name}:` } }),
    async drop() {
      const again = new pg.Client(admin);
      await again.connect();
      await again.query(`drop database if exists ${name} with (force)`);
      await again.end();
    },
  };
}

/** A real server on a random loopback port with its own temporary database and dist folder. */
export async function startTestServer(options: ServerOptions = {}): Promise<TestServer> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'member-pwa-test-'));
  const database = await testDatabase();
  const databaseOptions = { databaseFile: path.join(dir, 'app.sqlite'), ...(database.url && { databaseUrl: database.url }), ...database.redis };
  const running = await startServer({
    port: 0,
    host: '127.0.0.1',
    ...databaseOptions,
    ...(database.url && { databasePoolSize: 4 }),
    distDir: path.join(dir, 'dist'),
    // Many logins from one loopback address; the rate-limit tests set their own limits.
    loginRateLimit: { perIp: 10_000 },
    // The stand-in push services of the tests listen on loopback http.
    allowLoopbackPush: true,
    // Emails land as .eml files in <dir>/mail (readMail); the console stays quiet.
    mailLog: () => undefined,
    ...options,
  });
  return {
    running,
    url: running.url,
    dir,
    database: databaseOptions,
    async close() {
      await running.close();
      await database.drop();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}

export interface RequestOptions {
  method?: string;
  json?: unknown;
  body?: string;
  headers?: Record<string, string>;
  /** Send X-App-Id: member-pwa (default true). */
  appId?: boolean;
}

/** fetch with a cookie jar, like one browser profile. */
export class Browser {
  readonly cookies = new Map<string, string>();
  readonly setCookieHeaders: string[] = [];

  constructor(readonly baseUrl: string) {}

  async request(pathname: string, options: RequestOptions = {}): Promise<Response> {
    const headers: Record<string, string> = {};
    if (options.appId !== false) headers['X-App-Id'] = 'member-pwa';
    if (options.json !== undefined) headers['Content-Type'] = 'application/json';
    if (this.cookies.size > 0) headers.Cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    Object.assign(headers, options.headers);
    const res = await fetch(this.baseUrl + pathname, {
      method: options.method ?? 'GET',
      headers,
      body: options.json !== undefined ? JSON.stringify(options.json) : options.body,
      redirect: 'manual',
    });
    for (const header of res.headers.getSetCookie()) {
      this.setCookieHeaders.push(header);
      const [pair = '', ...attributes] = header.split(';').map((s) => s.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      const expired = value === '' || attributes.some((a) => /^max-age=0$/i.test(a));
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  get(pathname: string, options: Omit<RequestOptions, 'method'> = {}): Promise<Response> {
    return this.request(pathname, { ...options, method: 'GET' });
  }

  put(pathname: string, json: unknown, options: Omit<RequestOptions, 'method' | 'json'> = {}): Promise<Response> {
    return this.request(pathname, { ...options, method: 'PUT', json });
  }

  login(email: string, password = PASSWORD, options: Omit<RequestOptions, 'method' | 'json'> = {}): Promise<Response> {
    return this.request('/api/v1/authentication', { ...options, method: 'POST', json: { email, password } });
  }

  logout(): Promise<Response> {
    return this.request('/api/v1/authentication', { method: 'DELETE' });
  }
}

/** A browser already signed in as `email`. */
export async function signedIn(server: Pick<TestServer, 'url'>, email: string): Promise<Browser> {
  const browser = new Browser(server.url);
  const res = await browser.login(email);
  if (res.status !== 200) throw new Error(`login as ${email} failed with ${res.status}`);
  return browser;
}

export async function json<T = Record<string, unknown>>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

/** A clock tests can move forward. */
export function manualClock(start = new Date()) {
  let t = start.getTime();
  return {
    now: () => new Date(t),
    advance(ms: number) {
      t += ms;
    },
  };
}

/** A server for the enclosing describe block with one member signed in (started before its tests, closed after). */
export function useSignedInServer(email: string, options: ServerOptions = {}): { readonly server: TestServer; readonly member: Browser } {
  const context = {} as { server: TestServer; member: Browser };
  beforeAll(async () => {
    context.server = await startTestServer(options);
    context.member = await signedIn(context.server, email);
  });
  afterAll(() => context.server.close());
  return context;
}

/**
 * For the database layer's own tests in the enclosing describe block: a migrated database (SQLite
 * in memory, or PostgreSQL under npm run test:pg) holding two organisations, North (901) and South
 * (902); opened before its tests with `plugin` if given, dropped after.
 */
export function useTwoOrgs(plugin?: KyselyPlugin): { readonly db: Kysely<Database> } {
  const context = {} as { db: Kysely<Database> };
  let database: Awaited<ReturnType<typeof testDatabase>>;
  beforeAll(async () => {
    database = await testDatabase();
    const db = openDatabase(database.url ?? ':memory:', 2);
    context.db = plugin ? db.withPlugin(plugin) : db;
    await migrateToLatest(context.db);
    const org = { logo_url: null, terms: null, privacy_policy: null };
    await context.db.insertInto('orgs').values([{ ...org, id: 901, name: 'North', short_id: 'n901' }, { ...org, id: 902, name: 'South', short_id: 's902' }]).execute();
  });
  afterAll(async () => {
    await context.db.destroy();
    await database.drop();
  });
  return context;
}

/** The emails the development mailbox wrote for a test server, oldest first: recipient, subject and text. */
export async function readMail(server: TestServer): Promise<{ to: string; subject: string; text: string; file: string }[]> {
  const folder = path.join(server.dir, 'mail');
  const files = (await fs.readdir(folder).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  return Promise.all(
    files.map(async (file) => {
      const raw = await fs.readFile(path.join(folder, file), 'utf8');
      const [folded = '', ...body] = raw.split('\n\n');
      // Long headers continue on indented lines.
      const head = folded.replace(/\n[ \t]+/g, ' ');
      const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(head)?.[1] ?? '';
      const encoded = body.join('\n\n');
      // nodemailer writes quoted-printable for non-ASCII text; soft line breaks and =XX escapes undone.
      const text = /quoted-printable/i.test(head)
        ? Buffer.from(encoded.replace(/=\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8')
        : encoded;
      return { to: header('To'), subject: decodeWords(header('Subject')), text, file: path.join(folder, file) };
    }),
  );
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= or =?UTF-8?B?…?=), as nodemailer writes non-ASCII headers. */
function decodeWords(value: string): string {
  return value.replace(/=\?UTF-8\?([QB])\?([^?]*)\?=\s*/gi, (_m, kind: string, data: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : Buffer.from(data.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_x, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8'),
  );
}
