// Load on the API server, as ratios against a reference measured in the same run (absolute
// requests/s depend on the machine; the ratio does not, much). Each server runs in a child process
// so the load generator (autocannon, bench/load.ts) does not share its event loop:
//  - GET /sessions for one week (the timetable pull) on SQLite, as a full 200 and as a 304
//    revalidation, against a static file of the same size from the same server (the reference);
//    and gzipped, as browsers ask for it, against the same answer not gzipped;
//  - the same GET /sessions on PostgreSQL (+ Redis, one process; a throwaway cluster), against
//    SQLite's in the same round; its p99 at 50 connections;
//  - book then cancel, ten members on a class each (SQLite).
// The cases take turns, round after round; each line is the median of the rounds with its range.
// Where the time goes (Linux): the CPU each server process and PostgreSQL's backends spent per
// answer of a week, read from /proc around each run: the PostgreSQL/SQLite rate is bounded by the
// two server processes' CPU per answer, as each runs on one core.
// The issue-30 figures (list/static, PostgreSQL/SQLite, PostgreSQL p99) carry enforced budgets.
// Run alone: npx tsx bench/server-load.ts [seconds per case, default 3] [connections, default 50] [rounds, default 7]
// BENCH_CPU_PROF=<folder> writes each server's CPU profiles there (in sqlite/ and postgres/; one per thread).
// BENCH_PG=0 leaves PostgreSQL out.
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startPostgres, startRedis, type Service } from '../tests/support/services';
import { summarise } from './browser';
import type { BenchLine } from './bundle';
import { addWriters, bookCancelLoad, login, run, signIn, type Load } from './load';

const SELF = fileURLToPath(import.meta.url);

/**
 * Budgets of issue 30 ("a server that serves its week cheaply"). Targets: list ≥ 35 % of the
 * static file's rate; PostgreSQL ≥ 80 % of SQLite's; PostgreSQL p99 ≤ 60 ms at 50 connections.
 * First set on a shared machine (load 10–18) with a margin; measured again on a quiet one
 * (2026-11-27, 7 rounds, nothing else running): the list at 18.5–20.8 % of the static file, which
 * had itself become 2× faster once the server kept static files in memory, then 21.0–22.4 % with
 * the week's range worked out once; PostgreSQL at 57–73 % of SQLite; its p99 124–391 ms. Again
 * on 2026-11-27 18:35, after each request's own cost was cut (decisions.md#request-cost): the list
 * 1,791 req/s at 22.4–25.0 % of a static file that had itself become 1.8× faster (7,601 req/s: its
 * log line had been most of its cost); PostgreSQL 53–83 % of SQLite, its p99 54–296 ms (median 87).
 * On 2026-11-28, on a faster machine (the static file at 12,600–16,200 req/s), before and after a
 * week on PostgreSQL became one query (decisions.md#week-with-session): the list 35.7 % [32.0–45.9]
 * (5,767 req/s); PostgreSQL 51.9 % [46.5–62.4] → 73.6 % [62.9–79.9] of SQLite, its p99 58 [42–105]
 * → 25 ms [16–38]. Again on 2026-11-28 03:30 with the CPU per answer printed: PostgreSQL 73.1 %
 * [56.2–78.3] of SQLite, the two server processes at 234 and 173 µs per answer (the same ratio:
 * decisions.md#server-floor). The budgets sit under the ranges of both machines, raised toward the
 * targets as they move. Raised again on 2026-11-28 evening, once the answer's own work and SQLite's
 * reads were cut (decisions.md#server-floor): the list at 32.2–40.5 % in four runs (its range's
 * lowest 30.6), PostgreSQL at 72–77 % of the faster SQLite. And once PostgreSQL's session lookups
 * of the same turn went as one query (db/batch.ts): PostgreSQL 94.7 % [86.8–110.1] of SQLite, its
 * p99 18 ms [13–25] alone, 98.7 % [86.5–110] and 19 ms [15–31] in a full `npm run bench`; its budgets
 * now the targets (80 %, p99 60 ms). Then a member's visits of a week kept per data version
 * on both (decisions.md#server-floor): the list 42.7 % [38.8–51.4] of the static file, PostgreSQL
 * 106 % [94.6–133] of SQLite; the list's budget now the target too (35 %).
 */
export const LIST_VS_STATIC_BUDGET_PCT = 35;
export const POSTGRES_VS_SQLITE_BUDGET_PCT = 80;
export const POSTGRES_P99_BUDGET_MS = 60;

/** The server, in a child process: sends its URL once listening. */
async function serve(): Promise<void> {
  const { startServer } = await import('../server/app');
  const dir = process.env.BENCH_DIR ?? '';
  const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
  const redisUrl = process.env.BENCH_REDIS_URL || undefined;
  const running = await startServer({ port: 0, databaseFile: join(dir, 'app.sqlite'), databaseUrl, redisUrl, distDir: join(dir, 'dist'), loginRateLimit: { perIp: 1_000_000 } });
  process.send?.({ url: running.url });
  process.on('disconnect', () => void running.close().then(() => process.exit(0)));
}

function startChild(dir: string, name: string, env: Record<string, string> = {}): Promise<{ child: ChildProcess; url: URL }> {
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${join(process.env.BENCH_CPU_PROF, name)}`] : [];
  const child = fork(SELF, ['--serve'], { env: { ...process.env, ...env, BENCH_DIR: dir }, execArgv: ['--import', 'tsx', ...profile], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('message', (m: { url: string }) => resolve({ child, url: new URL(m.url) }));
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.disconnect();
  await exited;
}

/** A throwaway PostgreSQL and Redis, with a database for the bench. */
async function postgresServices(): Promise<{ url: string; redis: Service; stop(): void }> {
  const postgres = await startPostgres();
  let redis: Service;
  try {
    redis = await startRedis();
    const client = new pg.Client(postgres.url);
    await client.connect();
    await client.query('create database bench_load');
    await client.end();
  } catch (error) {
    postgres.stop();
    throw error;
  }
  return {
    url: postgres.url.replace(/\/postgres$/, '/bench_load'),
    redis,
    stop() {
      redis.stop();
      postgres.stop();
    },
  };
}

const spread = (values: number[]) => ({ ...summarise(values), runs: values.length });

/** CPU time (user + system, in clock ticks of 10 ms) of one process. */
function ticks(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0; // ended meanwhile
  }
}

/** CPU time of every PostgreSQL process on the machine (another, idle cluster adds next to nothing). */
function postgresTicks(): number {
  let sum = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').startsWith('postgres')) sum += ticks(Number(entry));
    } catch {
      // ended meanwhile
    }
  }
  return sum;
}

const TICK_US = 10_000;
const hasProc = existsSync('/proc/self/stat');

/** A run with the CPU per answer (µs) of the server process and of PostgreSQL's backends. */
async function withCpu(pid: number | undefined, load: () => Promise<Load>): Promise<Load & { serverUs: number; postgresUs: number }> {
  const [server0, postgres0] = hasProc && pid ? [ticks(pid), postgresTicks()] : [0, 0];
  const result = await load();
  const per = (spent: number) => (hasProc && pid && result.requests > 0 ? (spent * TICK_US) / result.requests : Number.NaN);
  return { ...result, serverUs: per(ticks(pid ?? 0) - server0), postgresUs: per(postgresTicks() - postgres0) };
}

export async function serverLoadReport(seconds = 3, connections = 50, rounds = 7): Promise<BenchLine[]> {
  const dir = mkdtempSync(join(tmpdir(), 'member-pwa-load-'));
  mkdirSync(join(dir, 'dist'));
  const withPostgres = process.env.BENCH_PG !== '0';
  const services = withPostgres ? await postgresServices() : null;
  const children: ChildProcess[] = [];
  try {
    const sqlite = await startChild(dir, 'sqlite');
    children.push(sqlite.child);
    const pgDir = join(dir, 'postgres');
    mkdirSync(join(pgDir, 'dist'), { recursive: true });
    const postgres = services ? await startChild(pgDir, 'postgres', { BENCH_DATABASE_URL: services.url, BENCH_REDIS_URL: services.redis.url }) : null;
    if (postgres) children.push(postgres.child);

    const member = await signIn(sqlite.url.origin);
    const sessions = JSON.parse(member.week.body) as unknown[];
    // The reference: a static file of the same size, from the same server.
    writeFileSync(join(dir, 'dist', 'reference.json'), member.week.body);
    const onPostgres = postgres ? await signIn(postgres.url.origin) : null;
    const get = (base: string, path: string, headers: Record<string, string>) => run({ url: base + path, connections, duration: seconds, headers });

    const staticRuns: Load[] = [];
    const listRuns: Awaited<ReturnType<typeof withCpu>>[] = [];
    const revalidateRuns: Load[] = [];
    const gzipRuns: Load[] = [];
    const postgresRuns: Awaited<ReturnType<typeof withCpu>>[] = [];
    for (let round = 0; round < rounds; round += 1) {
      staticRuns.push(await get(sqlite.url.origin, '/reference.json', member.headers));
      listRuns.push(await withCpu(sqlite.child.pid, () => get(sqlite.url.origin, member.weekPath, member.headers)));
      if (member.week.etag) revalidateRuns.push(await get(sqlite.url.origin, member.weekPath, { ...member.headers, 'If-None-Match': member.week.etag }));
      // As every browser asks: gzipped (the reference figures above are not, like the static file).
      gzipRuns.push(await get(sqlite.url.origin, member.weekPath, { ...member.headers, 'Accept-Encoding': 'gzip, deflate, br' }));
      if (postgres && onPostgres) postgresRuns.push(await withCpu(postgres.child.pid, () => get(postgres.url.origin, onPostgres.weekPath, onPostgres.headers)));
    }
    const writers = await addWriters(join(dir, 'app.sqlite'), 10);
    const cookies = await Promise.all(writers.map(async (email) => (await login(sqlite.url.origin, email)).cookie));
    const writeRun = await bookCancelLoad(sqlite.url.origin, member, cookies, seconds);

    const kb = Buffer.byteLength(member.week.body) / 1024;
    const ratios = (runs: Load[], references: Load[]) => runs.map((r, i) => (100 * r.rps) / references[i]!.rps);
    const staticRate = spread(staticRuns.map((r) => r.rps));
    const listRate = spread(listRuns.map((r) => r.rps));
    const lines: BenchLine[] = [
      { name: `server: static ${kb.toFixed(0)} KB file, ${connections} conns (req/s)`, unit: 'req/s', ...staticRate },
      { name: `server: GET /sessions week ${sessions.length} classes, SQLite (req/s)`, unit: 'req/s', ...listRate, reference: { name: 'static file', value: staticRate.value } },
      { name: 'server: GET /sessions week / static file, SQLite', unit: '%', ...spread(ratios(listRuns, staticRuns)), budget: LIST_VS_STATIC_BUDGET_PCT, higherIsBetter: true, enforced: true },
      { name: 'server: GET /sessions week p99, SQLite', unit: 'ms', ...spread(listRuns.map((r) => r.p99)) },
      { name: 'server: GET /sessions week max, SQLite', unit: 'ms', ...spread(listRuns.map((r) => r.max)) },
      { name: 'server: GET /sessions week gzipped, as browsers ask, SQLite (req/s)', unit: 'req/s', ...spread(gzipRuns.map((r) => r.rps)), reference: { name: 'not gzipped', value: listRate.value } },
    ];
    if (revalidateRuns.length > 0) {
      lines.push(
        { name: 'server: GET /sessions week, 304 revalidation (req/s)', unit: 'req/s', ...spread(revalidateRuns.map((r) => r.rps)), reference: { name: 'static file', value: staticRate.value } },
        { name: 'server: 304 revalidation / static file', unit: '%', ...spread(ratios(revalidateRuns, staticRuns)) },
      );
    }
    if (postgresRuns.length > 0) {
      lines.push(
        { name: 'server: GET /sessions week, PostgreSQL + Redis 1 process (req/s)', unit: 'req/s', ...spread(postgresRuns.map((r) => r.rps)), reference: { name: 'SQLite 1 process', value: listRate.value } },
        { name: 'server: GET /sessions week, PostgreSQL / SQLite', unit: '%', ...spread(ratios(postgresRuns, listRuns)), budget: POSTGRES_VS_SQLITE_BUDGET_PCT, higherIsBetter: true, enforced: true },
        { name: `server: GET /sessions week p99, PostgreSQL, ${connections} conns`, unit: 'ms', ...spread(postgresRuns.map((r) => r.p99)), budget: POSTGRES_P99_BUDGET_MS, enforced: true },
      );
      if (hasProc) {
        const sqliteCpu = spread(listRuns.map((r) => r.serverUs));
        lines.push(
          { name: 'server: CPU per GET /sessions week, SQLite server process', unit: 'µs', ...sqliteCpu },
          { name: 'server: CPU per GET /sessions week, PostgreSQL server process', unit: 'µs', ...spread(postgresRuns.map((r) => r.serverUs)), reference: { name: 'SQLite server process', value: sqliteCpu.value } },
          { name: "server: CPU per GET /sessions week, PostgreSQL's backends", unit: 'µs', ...spread(postgresRuns.map((r) => r.postgresUs)) },
        );
      }
    }
    lines.push(
      { name: `server: book+cancel, ${cookies.length} members, SQLite (writes/s)`, value: writeRun.rps, unit: 'writes/s' },
      { name: 'server: book+cancel p99, SQLite', value: writeRun.p99, unit: 'ms' },
      // 304s count as non-2xx for autocannon: the revalidation runs' are its answers, not errors.
      { name: 'server: errors (static, lists, writes)', value: [...staticRuns, ...listRuns, ...gzipRuns, ...postgresRuns, writeRun].reduce((sum, r) => sum + r.errors, 0), unit: '' },
    );
    return lines;
  } finally {
    await Promise.all(children.map(stopChild));
    services?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv.includes('--serve')) {
  await serve();
} else if (process.argv[1] === SELF) {
  const [seconds, connections, rounds] = process.argv.slice(2).map(Number);
  for (const line of await serverLoadReport(seconds || 3, connections || 50, rounds || 7)) {
    const range = line.min !== undefined ? ` [${line.min.toFixed(1)}–${line.max?.toFixed(1)}]` : '';
    const budget = line.budget === undefined ? '' : `  budget ${line.higherIsBetter ? '≥' : '≤'} ${line.budget}`;
    console.log(`${line.name.padEnd(66)} ${line.value.toFixed(1).padStart(9)} ${line.unit}${range}${budget}`);
  }
}
