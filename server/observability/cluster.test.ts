// GET /metrics under WORKERS=N (docs/decisions.md#logs-and-metrics): two server processes behind
// one cluster primary (server/testing/cluster-process.ts, as scripts/start.mjs runs them) on one
// PostgreSQL and Redis (npm run test:pg). Requests spread over both; whichever worker answers
// /metrics, and METRICS_PORT on the primary, report the sum over both.
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerOptions } from '../app';
import { testDatabase } from '../testing/helpers';

const ADMIN_TOKEN = 'cluster-metrics-test-token';

/** The value of one sample of a Prometheus text exposition (undefined: no such sample). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([k, v]) => present[k] === v)) return Number(match[3]);
  }
  return undefined;
}

describe.runIf(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL)('metrics of two server processes (WORKERS=2)', () => {
  let database: Awaited<ReturnType<typeof testDatabase>>;
  let primary: ChildProcess;
  let output = '';
  let url: string;
  let metricsUrl: string;
  const dir = mkdtempSync(path.join(tmpdir(), 'member-pwa-cluster-'));

  beforeAll(async () => {
    database = await testDatabase();
    const options: ServerOptions = { port: 0, databaseUrl: database.url, databasePoolSize: 4, ...database.redis, distDir: path.join(dir, 'dist'), adminToken: ADMIN_TOKEN, metricsPort: 0 };
    primary = fork(path.join(import.meta.dirname, '../testing/cluster-process.ts'), [], {
      execArgv: ['--import', 'tsx'],
      // LOG_LEVEL=info: the test reads which worker answered each request from the request lines.
      env: { ...process.env, WORKERS: '2', LOG_LEVEL: 'info', METRICS_PORT: '0', MEMBER_PWA_TEST_OPTIONS: JSON.stringify(options) },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    primary.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    primary.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    ({ url, metricsUrl } = await new Promise<{ url: string; metricsUrl: string }>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the cluster did not start: ${output}`)), 90_000);
      primary.once('exit', (code) => reject(new Error(`the cluster ended with ${code}: ${output}`)));
      primary.once('message', (message: { url: string; metricsUrl: string }) => {
        clearTimeout(timer);
        resolve(message);
      });
    }));
  }, 120_000);

  afterAll(async () => {
    if (primary && primary.exitCode === null) {
      const exited = new Promise((resolve) => primary.once('exit', resolve));
      primary.kill('SIGTERM');
      await exited;
    }
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  }, 30_000);

  it('sums both workers, whichever of them answers /metrics, and on METRICS_PORT', async () => {
    const labels = { method: 'GET', route: '/healthz', status_class: '2xx' };
    const requests = 20;
    // One connection each: the cluster hands them out to the workers in turn.
    for (let i = 0; i < requests; i += 1) expect((await fetch(`${url}/healthz`, { headers: { Connection: 'close', 'X-Request-Id': `cluster-${i}` } })).status).toBe(200);
    // Both workers answered some (their request lines say which).
    const workers = new Set(output.split('\n').flatMap((line) => (/"reqId":"cluster-\d+"/.test(line) ? [/"worker":(\d+)/.exec(line)?.[1]] : [])));
    expect(workers).toEqual(new Set(['1', '2']));

    for (let i = 0; i < 4; i += 1) {
      const res = await fetch(`${url}/metrics`, { headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, Connection: 'close' } });
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(sample(text, 'member_pwa_processes')).toBe(2);
      expect(sample(text, 'member_pwa_http_requests_total', labels)).toBe(requests);
      expect(sample(text, 'member_pwa_http_request_duration_seconds_count', labels)).toBe(requests);
    }
    expect((await fetch(`${url}/metrics`, { headers: { Connection: 'close' } })).status).toBe(401);

    const res = await fetch(metricsUrl);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(sample(text, 'member_pwa_processes')).toBe(2);
    expect(sample(text, 'member_pwa_http_requests_total', labels)).toBe(requests);
    // The push queue is one table read by both: not counted twice.
    expect(sample(text, 'member_pwa_push_queue_pending')).toBe(0);
  }, 60_000);
});
