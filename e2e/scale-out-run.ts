// npm run test:e2e:scale: the end-to-end journeys again, each against two server processes
// (WORKERS=2, npm start's launcher) on a database of its own in a throwaway PostgreSQL and a
// prefix of its own in Redis, so a member's requests and realtime connection land on either
// process. The specs that do not depend on the server (layout, byte budgets) run once, in
// test:e2e. Uses the build test:e2e made (global setup rebuilds only what changed).
import { spawnSync } from 'node:child_process';
import { startPostgres, startRedis } from '../tests/support/services';

const SPECS = ['e2e/auth.spec.ts', 'e2e/booking.spec.ts', 'e2e/outbox-handover.spec.ts', 'e2e/appointments.spec.ts', 'e2e/account.spec.ts', 'e2e/shop.spec.ts', 'e2e/notifications.spec.ts', 'e2e/training.spec.ts', 'e2e/shell.spec.ts', 'e2e/pwa.spec.ts'];

// Spec files named on the command line replace the list (npm run test:e2e:scale -- e2e/x.spec.ts).
const args = process.argv.slice(2);
const named = args.filter((arg) => arg.endsWith('.spec.ts'));
const specs = named.length > 0 ? named : SPECS;
const options = args.filter((arg) => !arg.endsWith('.spec.ts'));

const postgres = await startPostgres();
const redis = await startRedis();
let status: number;
try {
  const run = spawnSync(process.execPath, ['node_modules/@playwright/test/cli.js', 'test', ...specs, ...options], {
    stdio: 'inherit',
    env: { ...process.env, E2E_POSTGRES_URL: postgres.url, E2E_REDIS_URL: redis.url, E2E_WORKERS: '2' },
  });
  status = run.status ?? 1;
} finally {
  redis.stop();
  postgres.stop();
}
process.exit(status);
