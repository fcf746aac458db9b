// Load on the API server, as ratios against a static file served by the same server in the same
// run (absolute requests/s depend on the machine; the ratio does not, much). The server runs in a
// child process so the load generator does not share its event loop. Keep-alive connections
// over node:http, no extra dependencies:
//  - GET /sessions for one week (the timetable pull), as a full 200 and as a 304 revalidation;
//  - a static file of the same size (the reference);
//  - book then cancel (two writes per cycle), one class per connection.
// Run alone: npx tsx bench/server-load.ts [seconds per case, default 5] [connections, default 50]
// BENCH_CPU_PROF=<folder> writes the server's CPU profile there.
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchLine } from './bundle';

const SELF = fileURLToPath(import.meta.url);

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function request(agent: http.Agent, base: URL, method: string, path: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ agent, host: base.hostname, port: base.port, method, path, headers: body === undefined ? headers : { ...headers, 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
}

/** `connections` keep-alive loops for `seconds`; each loop calls `step` back to back. */
async function load(connections: number, seconds: number, step: (agent: http.Agent, worker: number) => Promise<number>): Promise<LoadResult> {
  const latencies: number[] = [];
  let done = 0;
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async (_, worker) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      while (performance.now() < end) {
        const t = performance.now();
        try {
          // Not `done += await …`: that reads `done` before the await and loses other loops' counts.
          const n = await step(agent, worker);
          done += n;
        } catch {
          errors += 1;
        }
        latencies.push(performance.now() - t);
      }
      agent.destroy();
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { rps: done / elapsed, p50: at(0.5), p99: at(0.99), max: latencies[latencies.length - 1] ?? 0, errors };
}

/** The server, in a child process: prints its URL on stdout once listening. */
async function serve(): Promise<void> {
  const { startServer } = await import('../server/app');
  const dir = process.env.BENCH_DIR ?? '';
  const running = await startServer({ port: 0, databaseFile: join(dir, 'app.sqlite'), distDir: join(dir, 'dist'), loginRateLimit: { perIp: 1_000_000 } });
  process.send?.({ url: running.url });
  process.on('disconnect', () => void running.close().then(() => process.exit(0)));
}

function startChild(dir: string): Promise<{ child: ChildProcess; url: URL }> {
  const child = fork(SELF, ['--serve'], { env: { ...process.env, BENCH_DIR: dir }, execArgv: ['--import', 'tsx', ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [])], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('message', (m: { url: string }) => resolve({ child, url: new URL(m.url) }));
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
}

export async function serverLoadReport(seconds = 5, connections = 50): Promise<BenchLine[]> {
  const dir = mkdtempSync(join(tmpdir(), 'member-pwa-load-'));
  mkdirSync(join(dir, 'dist'));
  const { child, url } = await startChild(dir);
  try {
    const agent = new http.Agent({ keepAlive: true });
    const base: Record<string, string> = { 'X-App-Id': 'member-pwa' };
    const login = await request(agent, url, 'POST', '/api/v1/authentication', base, JSON.stringify({ email: 'demo@example.com', password: 'demo1234' }));
    const cookie = (login.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
    const profile = JSON.parse(login.body) as { accounts: { facilities: { guid: string }[] }[] };
    const day = 86_400_000;
    const from = new Date(Date.now() + day).toISOString().slice(0, 10);
    const to = new Date(Date.now() + 8 * day).toISOString().slice(0, 10);
    const weekPath = `/api/v1/sessions?start_date=${from}&end_date=${to}`;
    // The member's busiest facility: the largest week.
    let headers: Record<string, string> = base;
    let week: Answer | null = null;
    for (const guid of profile.accounts.flatMap((a) => a.facilities.map((f) => f.guid))) {
      const h = { ...base, Cookie: cookie, 'X-Facility-Id': guid };
      const res = await request(agent, url, 'GET', weekPath, h);
      if (res.status !== 200) throw new Error(`GET /sessions answered ${res.status}: ${res.body.slice(0, 200)}`);
      if (!week || res.body.length > week.body.length) [week, headers] = [res, h];
    }
    if (!week) throw new Error('the demo member has no facility');
    const sessions = JSON.parse(week.body) as { id: number; visit: unknown; full: boolean; cancelled: boolean }[];
    // The reference: a static file of the same size, from the same server.
    writeFileSync(join(dir, 'dist', 'reference.json'), week.body);
    const etag = typeof week.headers.etag === 'string' ? week.headers.etag : null;

    const get = (path: string, extra: Record<string, string> = {}) => async (a: http.Agent) => {
      const res = await request(a, url, 'GET', path, { ...headers, ...extra });
      if (res.status !== 200 && res.status !== 304) throw new Error(String(res.status));
      return 1;
    };
    const staticRun = await load(connections, seconds, get('/reference.json'));
    const listRun = await load(connections, seconds, get(weekPath));
    const revalidateRun = etag ? await load(connections, seconds, get(weekPath, { 'If-None-Match': etag })) : null;

    // Book then cancel: one class per connection, classes nobody of ours has booked yet.
    const free = sessions.filter((s) => s.visit === null && !s.full && !s.cancelled).map((s) => s.id);
    const writers = Math.min(10, free.length);
    const writeRun = await load(writers, seconds, async (a, worker) => {
      const booked = await request(a, url, 'POST', `/api/v1/sessions/${free[worker]}/book`, headers, '{}');
      if (booked.status !== 201) throw new Error(`book ${booked.status} ${booked.body.slice(0, 120)}`);
      const { id } = JSON.parse(booked.body) as { id: number };
      const cancelled = await request(a, url, 'PUT', `/api/v1/visits/${id}/cancel`, headers, '{}');
      if (cancelled.status !== 200) throw new Error(`cancel ${cancelled.status} ${cancelled.body.slice(0, 120)}`);
      return 2;
    });
    agent.destroy();

    const kb = Buffer.byteLength(week.body) / 1024;
    const lines: BenchLine[] = [
      { name: `server: static ${kb.toFixed(0)} KB file, ${connections} conns (req/s)`, value: staticRun.rps, unit: 'req/s' },
      { name: `server: GET /sessions week ${sessions.length} classes (req/s)`, value: listRun.rps, unit: 'req/s' },
      { name: 'server: GET /sessions week / static', value: (100 * listRun.rps) / staticRun.rps, unit: '%' },
      { name: 'server: GET /sessions week p99', value: listRun.p99, unit: 'ms' },
      { name: 'server: GET /sessions week max', value: listRun.max, unit: 'ms' },
    ];
    if (revalidateRun) {
      lines.push(
        { name: 'server: GET /sessions week, 304 revalidation (req/s)', value: revalidateRun.rps, unit: 'req/s' },
        { name: 'server: 304 revalidation / static', value: (100 * revalidateRun.rps) / staticRun.rps, unit: '%' },
      );
    }
    lines.push(
      { name: `server: book+cancel, ${writers} conns (writes/s)`, value: writeRun.rps, unit: 'writes/s' },
      { name: 'server: book+cancel p99 per cycle', value: writeRun.p99, unit: 'ms' },
      { name: 'server: errors (static, list, 304, writes)', value: staticRun.errors + listRun.errors + (revalidateRun?.errors ?? 0) + writeRun.errors, unit: '' },
    );
    return lines;
  } finally {
    child.disconnect();
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv.includes('--serve')) {
  await serve();
} else if (process.argv[1] === SELF) {
  const [seconds, connections] = process.argv.slice(2).map(Number);
  for (const line of await serverLoadReport(seconds || 5, connections || 50)) {
    console.log(`${line.name.padEnd(58)} ${line.value.toFixed(1).padStart(9)} ${line.unit}`);
  }
}
