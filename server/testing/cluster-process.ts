// A cluster primary for the WORKERS=N metrics test (server/observability/cluster.test.ts): what
// scripts/start.mjs does with WORKERS=N, on tsx. It starts the metrics aggregation, forks N
// workers running server/testing/server-process.ts (options as JSON in MEMBER_PWA_TEST_OPTIONS),
// and sends the parent the shared URL and METRICS_PORT's once every worker listens.
import cluster from 'node:cluster';
import path from 'node:path';
import { CLUSTER_METRICS_ENV, startClusterMetrics } from '../observability/cluster-primary';

const workers = Number(process.env.WORKERS ?? 2);
const metrics = await startClusterMetrics();
cluster.setupPrimary({ exec: path.join(import.meta.dirname, 'server-process.ts') });
let url: string | null = null;
let listening = 0;
cluster.on('message', (_worker, message: { url?: unknown }) => {
  if (typeof message.url !== 'string') return;
  url = message.url;
  listening += 1;
  if (listening === workers) process.send?.({ url, metricsUrl: metrics.url });
});
for (let i = 0; i < workers; i += 1) cluster.fork({ [CLUSTER_METRICS_ENV]: '1' });
process.on('SIGTERM', () => {
  for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
  cluster.on('exit', () => {
    if (Object.keys(cluster.workers ?? {}).length === 0) void metrics.close().then(() => process.exit(0));
  });
});
