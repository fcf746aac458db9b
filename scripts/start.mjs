// `npm start`: build the app and compile the server only when their sources are newer than the
// last build, then run the compiled server in this process (no tsx: faster to listen, less memory).
// WORKERS=N (with DATABASE_URL and REDIS_URL) runs N server processes sharing the port through
// node:cluster; a worker that dies is replaced, SIGTERM stops them all gracefully.
import { spawnSync } from 'node:child_process';
import cluster from 'node:cluster';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...parts) => path.join(root, ...parts);

/** The newest modification time of any file under these paths (0 when none exist). */
function newest(paths) {
  let latest = 0;
  const visit = (file) => {
    if (!existsSync(file)) return;
    const stat = statSync(file);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(file)) if (entry !== 'node_modules') visit(path.join(file, entry));
    } else if (!/\.test\.tsx?$/.test(file)) latest = Math.max(latest, stat.mtimeMs);
  };
  for (const p of paths) visit(at(p));
  return latest;
}

function builtAt(file) {
  return existsSync(at(file)) ? statSync(at(file)).mtimeMs : 0;
}

const APP_SOURCES = ['src', 'core', 'sw', 'locales', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'];
const SERVER_SOURCES = ['server', 'core', 'package-lock.json'];
const SERVER_OUT = 'dist-server/main.js';

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

  if (newest(APP_SOURCES) > builtAt('dist/index.html')) {
    console.log('Building the app (sources changed since the last build)…');
    const vite = spawnSync(process.execPath, [at('node_modules/vite/bin/vite.js'), 'build'], { cwd: root, stdio: 'inherit' });
    if (vite.status !== 0) process.exit(vite.status ?? 1);
  }

  if (newest(SERVER_SOURCES) > builtAt(SERVER_OUT)) {
    console.log('Compiling the server…');
    const { build } = await import('esbuild');
    // One ES module for Node; packages stay in node_modules (native better-sqlite3, faye's CommonJS).
    await build({ entryPoints: [at('server/main.ts')], outfile: at(SERVER_OUT), bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', sourcemap: true, logLevel: 'warning' });
  }

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
  cluster.on('listening', (worker) => listening.add(worker.id));
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
