// Outbox replay: 500 writes queued while offline, then sent to the real server on loopback in
// one flush (FIFO, each with its Idempotency-Key). Runs in Node with fake-indexeddb.
import 'fake-indexeddb/auto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { startServer } from '../server/app';
import { createCookieFetch } from '../tests/support/cookie-fetch';
import type { BenchLine } from './bundle';

export const REPLAY_WRITES = 500;
export const REPLAY_BUDGET_MS = 10_000;

export async function outboxReplayReport(): Promise<BenchLine[]> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-outbox-'));
  const server = await startServer({ port: 0, databaseFile: join(dir, 'bench.sqlite'), seedDemo: true, distDir: join(dir, 'no-dist') });
  try {
    const { connectApi, signIn } = await import('../src/data/auth');
    const { registerCommandOps } = await import('../src/features/ops');
    const { updateMember } = await import('../src/features/profile/commands/member');
    const { flushOutbox, pendingCount } = await import('../src/data/sync/outbox');
    let online = false;
    const jar = createCookieFetch();
    const gate: typeof fetch = (input, init) => (online ? jar.fetch(input, init) : Promise.reject(new TypeError('Failed to fetch')));
    connectApi({ baseUrl: `${server.url}/api/v1`, fetch: gate });
    registerCommandOps();
    online = true;
    await signIn('demo@example.com', 'demo1234');
    online = false;
    for (let i = 0; i < REPLAY_WRITES; i += 1) await updateMember({ phone: `+64 21 555 ${String(i).padStart(4, '0')}` });
    const queued = await pendingCount();
    online = true;
    const started = performance.now();
    let result = await flushOutbox({ ignoreBackoff: true });
    while ((await pendingCount()) > 0 && result.outcome !== 'blocked') result = await flushOutbox({ ignoreBackoff: true });
    const elapsed = performance.now() - started;
    const left = await pendingCount();
    return [
      { name: `outbox replay, ${queued} queued writes (${left} left)`, value: elapsed, unit: 'ms', budget: REPLAY_BUDGET_MS },
      { name: 'outbox replay, per write', value: elapsed / Math.max(1, queued), unit: 'ms' },
    ];
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
