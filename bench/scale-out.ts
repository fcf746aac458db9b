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
import pg from 'pg';
import { freePort, startPostgres, startRedis } from '../tests/support/services';
import type { BenchLine } from './bundle';
import { addWriters, bookCancelLoad, login, run, signIn, type Load } from './load';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SELF = fileURLToPath(import.meta.url);

interface Deployment {
  name: string;
  env: Record<string, string>;
}

/** `npm start` with this environment; resolves once the first process says it listens. */
async function start(env: Record<string, string>): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [path.join(ROOT, 'scripts/start.mjs')], { cwd: ROOT, env: { LOG_LEVEL: 'warn', ...process.env, ...env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
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

const WRITERS = 10;

async function measure(url: string, seconds: number, writerEmails: string[]): Promise<{ list: Load; writes: Load }> {
  const member = await signIn(url);
  const list = await run({ url: url + member.weekPath, connections: 50, duration: seconds, headers: member.headers });
  const cookies = await Promise.all(writerEmails.map(async (email) => (await login(url, email)).cookie));
  return { list, writes: await bookCancelLoad(url, member, cookies, seconds) };
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
        const writers = await addWriters(deployment.env.DATABASE_URL ?? deployment.env.DATABASE_FILE ?? '', WRITERS);
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
