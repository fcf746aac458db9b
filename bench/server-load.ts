// Load on the API server, as ratios against a static file served by the same server in the same
// run (absolute requests/s depend on the machine; the ratio does not, much). The server runs in a
// child process so the load generator (autocannon, bench/load.ts) does not share its event loop:
//  - GET /sessions for one week (the timetable pull), as a full 200 and as a 304 revalidation;
//  - a static file of the same size (the reference);
//  - book then cancel, ten members on a class each.
// Run alone: npx tsx bench/server-load.ts [seconds per case, default 5] [connections, default 50]
// BENCH_CPU_PROF=<folder> writes the server's CPU profile there.
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchLine } from './bundle';
import { addWriters, bookCancelLoad, login, run, signIn } from './load';

const SELF = fileURLToPath(import.meta.url);

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
  const base = url.origin;
  try {
    const member = await signIn(base);
    const sessions = JSON.parse(member.week.body) as unknown[];
    // The reference: a static file of the same size, from the same server.
    writeFileSync(join(dir, 'dist', 'reference.json'), member.week.body);
    const get = (path: string, extra: Record<string, string> = {}) => run({ url: base + path, connections, duration: seconds, headers: { ...member.headers, ...extra } });
    const staticRun = await get('/reference.json');
    const listRun = await get(member.weekPath);
    const revalidateRun = member.week.etag ? await get(member.weekPath, { 'If-None-Match': member.week.etag }) : null;
    const writers = await addWriters(join(dir, 'app.sqlite'), 10);
    const cookies = await Promise.all(writers.map(async (email) => (await login(base, email)).cookie));
    const writeRun = await bookCancelLoad(base, member, cookies, seconds);

    const kb = Buffer.byteLength(member.week.body) / 1024;
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
      { name: `server: book+cancel, ${cookies.length} members (writes/s)`, value: writeRun.rps, unit: 'writes/s' },
      { name: 'server: book+cancel p99', value: writeRun.p99, unit: 'ms' },
      // 304s count as non-2xx for autocannon: the revalidation run's are its answers, not errors.
      { name: 'server: errors (static, list, writes)', value: staticRun.errors + listRun.errors + writeRun.errors, unit: '' },
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
