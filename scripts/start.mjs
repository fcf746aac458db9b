// `npm start`: build the app and compile the server only when their sources are newer than the
// last build, then run the compiled server in this process (no tsx: faster to listen, less memory).
// WORKERS=N (with DATABASE_URL and REDIS_URL) runs N server processes sharing the port through
// node:cluster; a worker that dies is replaced, SIGTERM stops them all gracefully.
import cluster from 'node:cluster';
import path from 'node:path';
import { ensureBuilt, root, SERVER_OUT } from './build.mjs';

function workerCount(value) {
  if (value === undefined || value.trim() === '') return 1;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 256) {
    console.error(`WORKERS must be a whole number from 1 to 256, got "${value}".`);
    process.exit(1);
  }
  if (n > 1 && !(process.env.DATABASE_URL && process.env.REDIS_URL)) {
    console.error('WORKERS above 1 needs DATABASE_URL (PostgreSQL) and REDIS_URL: SQLite and in-process realtime serve one process. See the README, "Scale out".');
    process.exit(1);
  }
  return n;
}

if (cluster.isWorker) {
  // A worker runs the server the primary built.
  await import(path.join(root, SERVER_OUT));
} else {
  await primary();
}

async function primary() {
  const workers = workerCount(process.env.WORKERS);

  // SKIP_BUILD=1: the caller built already (the end-to-end run starts many servers from one build).
  if (process.env.SKIP_BUILD !== '1' && !(await ensureBuilt())) process.exit(1);

  process.chdir(root);
  if (workers === 1) {
    await import(path.join(root, SERVER_OUT));
    return;
  }

  console.log(`Starting ${workers} server processes…`);
  let stopping = false;
  const listening = new Set();
  const fork = () => cluster.fork();
  for (let i = 0; i < workers; i += 1) fork();
  cluster.on('listening', (worker) => {
    listening.add(worker.id);
    // Said once, when every process takes requests (a balancer or a test can start sending then).
    if (listening.size === workers) console.log(`All ${workers} server processes are listening.`);
  });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(process.exitCode ?? 0);
      return;
    }
    // One that never started (a wrong URL, a database that is down) would fail again: stop all.
    if (!listening.has(worker.id)) {
      console.error('A server process could not start; stopping.');
      process.exitCode = 1;
      stop('SIGTERM');
      return;
    }
    // Requests it held are answered by the others; the load balancer's retry or the app's outbox covers the rest.
    console.error(`Server process ${worker.process.pid} ended (${signal ?? code}); starting another.`);
    fork();
  });
  const stop = (signal) => {
    if (stopping) return;
    stopping = true;
    // Each worker finishes its requests and closes its Faye clients (server/main.ts).
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    setTimeout(() => process.exit(1), 15_000).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}
