// Starts the real server for the end-to-end run on a fresh, freshly seeded database: the SQLite
// file, or with DATABASE_URL (npm run test:e2e:scale) an emptied PostgreSQL database, and with
// WORKERS several processes through npm start's own launcher.
import { rmSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { spawn } from 'node:child_process';
import pg from 'pg';

if (process.env.DATABASE_URL) {
  const client = new pg.Client(process.env.DATABASE_URL);
  await client.connect();
  await client.query('drop schema public cascade; create schema public');
  await client.end();
} else {
  const file = process.env.DATABASE_FILE ?? 'data/e2e.sqlite';
  mkdirSync(dirname(file), { recursive: true });
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(file + suffix, { force: true });
}
const args = process.env.WORKERS ? ['scripts/start.mjs'] : ['--import', 'tsx', 'server/main.ts'];
// A stand-in push service on loopback http is allowed here only (tests and local demos).
const child = spawn(process.execPath, args, { stdio: 'inherit', env: { ALLOW_LOOPBACK_PUSH: '1', ...process.env } });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
