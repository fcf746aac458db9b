// `npm start` on a built tree: time from launch until the server prints its URL, and the resident
// memory of the running server (compiled by esbuild, plain Node). Reference, in the same run: the
// same server run from its TypeScript sources through tsx.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BenchLine } from './bundle';
import { summarise } from './browser';

export const START_BUDGET_MS = 1_000;
const RUNS = 3;
/** Memory is read once the server has settled after start-up (the demo seed, the first GC). */
const SETTLE_MS = 1_500;

interface Started {
  ms: number;
  rssMb: number;
}

function ownRssKb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

/** The process and its descendants (tsx runs the server in a child process of its own). */
function treeRssMb(pid: number): number {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // The process ended meanwhile.
    }
  }
  let total = 0;
  const visit = (id: number) => {
    total += ownRssKb(id);
    for (const [child, parent] of parents) if (parent === id) visit(child);
  };
  visit(pid);
  return total / 1024;
}

function launch(args: string[], databaseFile: string): Promise<Started> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { env: { LOG_LEVEL: 'warn', ...process.env, PORT: '0', DATABASE_FILE: databaseFile }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const fail = (why: string) => {
      child.kill('SIGKILL');
      reject(new Error(`${args.join(' ')}: ${why}\n${output}`));
    };
    const timeout = setTimeout(() => fail('did not print its URL within 60 s'), 60_000);
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (!/listening on http/.test(output) || timeout.hasRef() === false) return;
      clearTimeout(timeout);
      timeout.unref();
      const ms = performance.now() - started;
      setTimeout(() => {
        const rss = treeRssMb(child.pid!);
        child.kill('SIGTERM');
        child.once('exit', () => resolve({ ms, rssMb: rss }));
      }, SETTLE_MS);
    });
    child.once('error', (error) => fail(error.message));
  });
}

export async function startReport(): Promise<BenchLine[]> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-start-'));
  try {
    const database = join(dir, 'start.sqlite');
    // Once first: builds or compiles whatever is older than its sources, and seeds the database.
    await launch(['scripts/start.mjs'], database);
    const compiled: Started[] = [];
    const tsx: Started[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      compiled.push(await launch(['scripts/start.mjs'], database));
      tsx.push(await launch(['node_modules/tsx/dist/cli.mjs', 'server/main.ts'], database));
    }
    const time = summarise(compiled.map((run) => run.ms));
    const memory = summarise(compiled.map((run) => run.rssMb));
    return [
      { name: 'npm start on a built tree: launch until the URL is printed', unit: 'ms', ...time, runs: RUNS, reference: { name: 'the server through tsx', value: summarise(tsx.map((run) => run.ms)).value }, budget: START_BUDGET_MS },
      { name: 'npm start: server memory (RSS) once settled', unit: 'MB', ...memory, runs: RUNS, reference: { name: 'the server through tsx', value: summarise(tsx.map((run) => run.rssMb)).value } },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
