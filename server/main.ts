import cluster from 'node:cluster';
import path from 'node:path';
import { startServer } from './app';
import { loadConfig } from './config';
import { DEMO_LOGINS, DEMO_PASSWORD } from './db/seed';
import { logger } from './observability/log';

type Running = Awaited<ReturnType<typeof startServer>>;

/** SIGINT/SIGTERM: open requests finish, Faye clients are closed, then the process leaves. */
function stopOnSignals(running: Running): void {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received, shutting down${cluster.isWorker ? ` process ${process.pid}` : ''}…`);
    // close() lets open requests finish briefly; leave regardless if it hangs.
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    running.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('Shutdown failed:', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

// Entry point: `npm run serve`. Configuration comes from the environment (see config.ts).
async function main(): Promise<void> {
  const config = loadConfig();
  logger.level = config.logLevel;
  const running = await startServer(config);
  stopOnSignals(running);
  // Under WORKERS=N (scripts/start.mjs) the first process speaks for all.
  if (cluster.isWorker && cluster.worker?.id !== 1) return;
  console.log(`Member PWA server listening on ${running.url}${cluster.isWorker ? ` (${process.env.WORKERS} processes)` : ''}`);
  // A PostgreSQL URL may carry a password: only its host and database are printed.
  const database = config.databaseUrl ? `PostgreSQL ${new URL(config.databaseUrl).host}${new URL(config.databaseUrl).pathname}` : config.databaseFile;
  console.log(`  database: ${database}${config.seedDemo ? ' (demo data seeded when empty)' : ''}`);
  console.log(`  app:      ${config.distDir}`);
  console.log(`  realtime: ${running.url}/realtime (Faye)${config.redisUrl ? `, shared through Redis ${new URL(config.redisUrl).host}` : ''}`);
  const tokenFile = running.adminTokenFile && (path.relative(process.cwd(), running.adminTokenFile).startsWith('..') ? running.adminTokenFile : path.relative(process.cwd(), running.adminTokenFile));
  const adminToken = tokenFile
    ? `token in ${tokenFile}`
    : config.adminToken
      ? 'token from ADMIN_TOKEN'
      : 'set ADMIN_TOKEN to use it (the database is in memory, no token file)';
  console.log(`  admin:    ${running.url}/admin, ${adminToken} (npm run admin -- help)`);
  console.log(`  mail:     ${config.smtpUrl ? `SMTP ${new URL(config.smtpUrl).host}` : `${config.mailDir ?? path.join(path.dirname(config.databaseFile), 'mail')} (.eml files; their links are printed here)`}`);
  console.log(`  pictures: ${config.s3 ? `S3 bucket ${config.s3.bucket}` : (config.uploadDir ?? path.join(path.dirname(config.databaseFile), 'uploads'))}`);
  const metrics = running.metricsUrl ?? (cluster.isWorker && config.metricsPort !== undefined ? `port ${config.metricsPort} (served by the primary process)` : null);
  console.log(`  logs:     ${config.logLevel} and above, one line per request (LOG_LEVEL)`);
  console.log(`  metrics:  ${running.url}/metrics with the admin token${metrics ? `; ${metrics} without` : ''}`);
  if (config.seedDemo) {
    console.log(`Demo logins (password "${DEMO_PASSWORD}"):`);
    for (const login of DEMO_LOGINS) console.log(`  ${login.email.padEnd(18)} ${login.name} – ${login.about}`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
