// Starts the real server for the end-to-end run on a fresh, freshly seeded database.
import { rmSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { spawn } from 'node:child_process';

const file = process.env.DATABASE_FILE ?? 'data/e2e.sqlite';
mkdirSync(dirname(file), { recursive: true });
for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(file + suffix, { force: true });
// A stand-in push service on loopback http is allowed here only (tests and local demos).
const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { stdio: 'inherit', env: { ALLOW_LOOPBACK_PUSH: '1', ...process.env } });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
