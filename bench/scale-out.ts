// Load on the three ways to run the server, in one run, through `npm start` itself
// (scripts/start.mjs): SQLite in one process (the default, the reference), PostgreSQL + Redis in
// one process, and PostgreSQL + Redis in four (WORKERS=4). autocannon drives 50 connections of
// GET /sessions (the timetable pull) and 10 of book/cancel cycles (ten members, a class each) at each; requests per second and
// p99 print, with SQLite's figure as the reference. Timings only print: the machine's cores are
// shared by the load generator, PostgreSQL, Redis and the server processes alike.
// Run alone: npx tsx bench/scale-out.ts [seconds per case, default 8]
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../server/db/index';
import { freePort, startPostgres, startRedis } from '../tests/support/services';
import type { BenchLine } from './bundle';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SELF = fileURLToPath(import.meta.url);

interface Deployment {
  name: string;
  env: Record<string, string>;
}

/** `npm start` with this environment; resolves once the first process says it listens. */
async function start(env: Record<string, string>): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [path.join(ROOT, 'scripts/start.mjs')], { cwd: ROOT, env: { ...process.env, ...env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (process.env.BENCH_DEBUG) process.stderr.write(chunk);
      if (output.includes('listening on')) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`npm start ended with ${code}: ${output}`)));
  });
  const url = `http://127.0.0.1:${port}`;
  // Every worker listens on the shared port once the first does, give or take a moment.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

interface Member {
  headers: Record<string, string>;
  weekPath: string;
  free: number[];
}

const WRITERS = 10;

/** WRITERS more members of the demo member's organisations (copies of her, own emails), for one writer each. */
async function addMembers(database: string): Promise<string[]> {
  const db = openDatabase(database, 2);
  try {
    const alex = await db.selectFrom('members_profiles').selectAll().where('email', '=', 'demo@example.com').executeTakeFirstOrThrow();
    const accounts = await db.selectFrom('accounts').selectAll().where('profile_id', '=', alex.id).execute();
    const stamp = new Date().toISOString();
    const emails: string[] = [];
    for (let i = 0; i < WRITERS; i += 1) {
      const email = `writer${i}@example.com`;
      const { id } = await db
        .insertInto('members_profiles')
        .values({ ...alex, id: undefined, guid: `writer-${i}`, email, full_name: `Writer ${i}`, first_name: 'Writer', last_name: String(i), calendar_token: null, created_at: stamp, updated_at: stamp })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const account of accounts) await db.insertInto('accounts').values({ ...account, id: undefined, profile_id: id, short_id: `writer-${i}-${account.org_id}`, created_at: stamp }).execute();
      emails.push(email);
    }
    return emails;
  } finally {
    await db.destroy();
  }
}

/** Signs the demo member in and finds the busiest facility's week and its free classes. */
const BASE_HEADERS = { 'X-App-Id': 'member-pwa', 'Content-Type': 'application/json' };

async function login(url: string, email: string): Promise<{ cookie: string; profile: { accounts: { facilities: { guid: string }[] }[] } }> {
  const res = await fetch(`${url}/api/v1/authentication`, { method: 'POST', headers: BASE_HEADERS, body: JSON.stringify({ email, password: 'demo1234' }) });
  if (res.status !== 200) throw new Error(`login as ${email} answered ${res.status}`);
  return { cookie: res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; '), profile: (await res.json()) as { accounts: { facilities: { guid: string }[] }[] } };
}

async function signIn(url: string): Promise<Member> {
  const base = BASE_HEADERS;
  const { cookie, profile } = await login(url, 'demo@example.com');
  const day = 86_400_000;
  const weekPath = `/api/v1/sessions?start_date=${new Date(Date.now() + day).toISOString().slice(0, 10)}&end_date=${new Date(Date.now() + 8 * day).toISOString().slice(0, 10)}`;
  let best: Member | null = null;
  let bestSize = -1;
  for (const guid of profile.accounts.flatMap((a) => a.facilities.map((f) => f.guid))) {
    const headers = { ...base, Cookie: cookie, 'X-Facility-Id': guid };
    const res = await fetch(url + weekPath, { headers });
    const sessions = (await res.json()) as { id: number; visit: unknown; full: boolean; cancelled: boolean; start_date: string; booking_open_date: string | null }[];
    if (sessions.length > bestSize) {
      bestSize = sessions.length;
      // Classes that open for booking and start more than a day from now (no late-cancel window).
      const later = Date.now() + day;
      const free = sessions.filter((s) => s.visit === null && !s.full && !s.cancelled && Date.parse(s.start_date) > later && (s.booking_open_date === null || Date.parse(s.booking_open_date) < Date.now()));
      best = { headers, weekPath, free: free.map((s) => s.id) };
    }
  }
  if (!best) throw new Error('the demo member has no facility');
  return best;
}

interface Load {
  rps: number;
  p99: number;
  errors: number;
}

function run(options: autocannon.Options): Promise<Load> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => {
      if (error) return reject(error);
      resolve({ rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx });
    });
  });
}

async function measure(url: string, seconds: number, writerEmails: string[]): Promise<{ list: Load; writes: Load }> {
  const member = await signIn(url);
  const list = await run({ url: url + member.weekPath, connections: 50, duration: seconds, headers: member.headers });
  // Book, then cancel what was booked: each connection a member of its own on a class of its own.
  const cookies = await Promise.all(writerEmails.map(async (email) => (await login(url, email)).cookie));
  const writers = Math.min(cookies.length, member.free.length);
  // Each writer (one connection, one member, one class) books, then cancels that booking. A
  // cancel refused with 503 (writes contending on PostgreSQL) leaves the booking: the next book
  // answers 409 and the cancel after it tries that booking again, as the app's outbox would.
  // One autocannon per writer: its context does not outlive a book/cancel round.
  const runs = await Promise.all(
    Array.from({ length: writers }, (_, i) => {
      const headers = { ...member.headers, Cookie: cookies[i] ?? '' };
      let visit: number | undefined;
      return run({
        url,
        connections: 1,
        duration: seconds,
        headers,
        requests: [
          {
            method: 'POST',
            path: `/api/v1/sessions/${member.free[i]}/book`,
            body: '{}',
            onResponse: (status, body) => {
              if (process.env.BENCH_DEBUG && status !== 201) console.log('book', status, body.slice(0, 200));
              if (status === 201) visit = (JSON.parse(body) as { id: number }).id;
            },
          },
          {
            method: 'PUT',
            setupRequest: (request) => ({ ...request, path: `/api/v1/visits/${visit}/cancel`, body: '{}' }),
            onResponse: (status, body) => {
              if (process.env.BENCH_DEBUG && status !== 200) console.log('cancel', status, body.slice(0, 200));
            },
          },
        ],
      });
    }),
  );
  // Requests add up; the p99 of the whole is at most the worst writer's.
  const writes: Load = { rps: runs.reduce((sum, r) => sum + r.rps, 0), p99: Math.max(...runs.map((r) => r.p99)), errors: runs.reduce((sum, r) => sum + r.errors, 0) };
  return { list, writes };
}

export async function scaleOutReport(seconds = 8): Promise<BenchLine[]> {
  const postgres = await startPostgres();
  const redis = await startRedis();
  const dir = mkdtempSync(path.join(tmpdir(), 'member-pwa-scale-bench-'));
  const database = async (name: string) => {
    const client = new pg.Client(postgres.url);
    await client.connect();
    await client.query(`create database ${name}`);
    await client.end();
    return postgres.url.replace(/\/postgres$/, `/${name}`);
  };
  try {
    const deployments: Deployment[] = [
      { name: 'SQLite, 1 process', env: { DATABASE_FILE: path.join(dir, 'app.sqlite') } },
      { name: 'PostgreSQL + Redis, 1 process', env: { DATABASE_URL: await database('bench_one'), REDIS_URL: redis.url, REDIS_PREFIX: 'one:', WORKERS: '1' } },
      { name: 'PostgreSQL + Redis, 4 processes', env: { DATABASE_URL: await database('bench_four'), REDIS_URL: redis.url, REDIS_PREFIX: 'four:', WORKERS: '4' } },
    ];
    const results: { name: string; list: Load; writes: Load }[] = [];
    for (const deployment of deployments) {
      const server = await start({ ...deployment.env, ADMIN_TOKEN: 'bench-admin-token-not-secret' });
      try {
        const writers = await addMembers(deployment.env.DATABASE_URL ?? deployment.env.DATABASE_FILE ?? '');
        results.push({ name: deployment.name, ...(await measure(server.url, seconds, writers)) });
      } finally {
        await server.stop();
      }
    }
    const [reference] = results;
    const lines: BenchLine[] = [];
    for (const result of results) {
      const vs = (name: string, value: number) => (result === reference ? undefined : { name: `SQLite 1 process ${name}`, value });
      lines.push(
        { name: `scale-out: ${result.name}, GET /sessions week, 50 conns`, value: result.list.rps, unit: 'req/s', reference: vs('req/s', reference!.list.rps) },
        { name: `scale-out: ${result.name}, GET /sessions week p99`, value: result.list.p99, unit: 'ms', reference: vs('p99', reference!.list.p99) },
        { name: `scale-out: ${result.name}, book/cancel, 10 conns`, value: result.writes.rps, unit: 'writes/s', reference: vs('writes/s', reference!.writes.rps) },
        { name: `scale-out: ${result.name}, book/cancel p99`, value: result.writes.p99, unit: 'ms', reference: vs('p99', reference!.writes.p99) },
        // 503s are writes that lost to concurrent ones 12 times (PostgreSQL); the app sends them again.
        { name: `scale-out: ${result.name}, non-2xx answers (503 busy + the 409 after each)`, value: result.list.errors + result.writes.errors, unit: '' },
      );
    }
    return lines;
  } finally {
    redis.stop();
    postgres.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === SELF) {
  const seconds = Number(process.argv[2]) || 8;
  for (const line of await scaleOutReport(seconds)) {
    const reference = line.reference ? `  vs ${line.reference.name} ${line.reference.value.toFixed(1)} = ${(line.value / line.reference.value).toFixed(2)}x` : '';
    console.log(`${line.name.padEnd(70)} ${line.value.toFixed(1).padStart(9)} ${line.unit}${reference}`);
  }
}
