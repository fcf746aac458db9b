// A real server for a file of offline-first command tests: the app's replay handlers registered,
// and before each test an empty device (Dexie), the outbox's retry clock pinned and the
// connection restored; after each, whatever is still queued is sent, so the next test starts clean.
import { afterEach, beforeEach } from 'vitest';
import type { ServerOptions } from '../../server/app';
import { configureOutbox } from '../../src/data/sync/outbox';
import { flushOutbox } from '../../src/data/sync/replay';
import { registerCommandOps } from '../../src/features/ops';
import { resetDb } from './data-helpers';
import { withRealServer, type RealServer } from './real-server';

export function withCommandServer(name: string, options: ServerOptions = {}): RealServer {
  const real = withRealServer(name, options);
  registerCommandOps();
  beforeEach(async () => {
    await flushOutbox().catch(() => undefined);
    await resetDb();
    real.connect();
    configureOutbox({ now: () => Date.now(), random: () => 0.5, baseMs: 1_000, capMs: 300_000 });
  });
  afterEach(async () => {
    real.browser.unreachable = null;
    real.browser.dropAnswer = null;
    await flushOutbox({ ignoreBackoff: true }).catch(() => undefined);
  });
  return real;
}
