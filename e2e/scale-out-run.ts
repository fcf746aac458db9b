// npm run test:e2e:scale: the journeys tagged @two-processes again, each against two server
// processes (WORKERS=2, npm start's launcher) on a database of its own in a throwaway PostgreSQL
// and a prefix of its own in Redis, so a member's requests and realtime connection land on either
// process. Tagged are the journeys whose proof crosses processes: a live message published by one
// process and delivered by the other (notifications, offers, the waitlist place, leaderboards, push),
// a write replayed with its idempotency key that may land on either (the outbox, payments, carts),
// a session or token made on one and used on the other (sign-in, sign-out, 401, a reset link, the
// calendar feed), an upload stored by one and served by the other, and capacity or a hold decided
// on PostgreSQL's locks. A journey about the app's own screens proves the same thing against one
// process: it runs once, in test:e2e. Uses the build test:e2e made (global setup rebuilds only what changed).
import { spawnSync } from 'node:child_process';
import { startPostgres, startRedis } from '../tests/support/services';

// Anything on the command line goes to Playwright (npm run test:e2e:scale -- e2e/x.spec.ts).
const args = process.argv.slice(2);

const postgres = await startPostgres();
const redis = await startRedis();
let status: number;
try {
  const run = spawnSync(process.execPath, ['node_modules/@playwright/test/cli.js', 'test', '--grep', '@two-processes', ...args], {
    stdio: 'inherit',
    env: { ...process.env, E2E_POSTGRES_URL: postgres.url, E2E_REDIS_URL: redis.url, E2E_WORKERS: '2' },
  });
  status = run.status ?? 1;
} finally {
  redis.stop();
  postgres.stop();
}
process.exit(status);
