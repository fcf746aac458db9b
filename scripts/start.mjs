// `npm start`: build the app and compile the server only when their sources are newer than the
// last build, then run the compiled server in this process (no tsx: faster to listen, less memory).
// WORKERS=N (with DATABASE_URL and REDIS_URL) runs N server processes sharing the port through
// node:cluster; a worker that dies is replaced, SIGTERM stops them all gracefully. This primary
// process serves no requests: it sums the workers' metrics (dist-server/primary.js, from
// server/observability/cluster-primary.ts) for GET /metrics and METRICS_PORT.
import cluster from 'node:cluster';
import path from 'node:path';
import { ensureBuilt, PRIMARY_OUT, root, SERVER_OUT } from './build.mjs';

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
  const { CLUSTER_METRICS_ENV, logger, startClusterMetrics } = await import(path.join(root, PRIMARY_OUT));
  let metrics;
  try {
    metrics = await startClusterMetrics();
  } catch (error) {
    // A wrong LOG_LEVEL or METRICS_PORT, or the port is taken.
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
  if (metrics.url) console.log(`Metrics of all ${workers} processes on ${metrics.url}`);
  let stopping = false;
  const listening = new Set();
  // Each worker hands its metrics to this process, which sums them.
  const fork = () => cluster.fork({ [CLUSTER_METRICS_ENV]: '1' });
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
    logger.error({ component: 'cluster', ended: worker.process.pid, reason: signal ?? code }, 'a server process ended; starting another');
    fork();
  });
  const stop = (signal) => {
    if (stopping) return;
    stopping = true;
    // Each worker finishes its requests and closes its Faye clients (server/main.ts).
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    void metrics.close();
    setTimeout(() => process.exit(1), 15_000).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}
