import cluster, { type Worker } from 'node:cluster';
import { loadConfig } from '../config';
import { logger } from './log';
import { aggregate, ANSWERED, GATHER, GATHERED, message, WANTED, type MetricsJson } from './metrics';
import { serveMetrics } from './metrics-port';

// The primary process of WORKERS=N (scripts/start.mjs, compiled to dist-server/primary.js). It
// serves no requests; it sums the metrics of its workers with prom-client's AggregatorRegistry:
// on METRICS_PORT, and for a worker asked for GET /metrics on the main port (metrics.ts). Only
// workers that listen are asked (one still starting has nothing to say yet), each for a few
// seconds: a worker that does not answer (it is dying) is left out of that reading, and
// member_pwa_processes says how many were summed.

export { logger } from './log';
export { CLUSTER_METRICS_ENV } from './metrics';

const GATHER_TIMEOUT_MS = 3_000;

export interface ClusterMetrics {
  /** http://host:port/metrics with METRICS_PORT, else null. */
  url: string | null;
  close(): Promise<void>;
}

/** Call in the primary before forking the workers. Reads LOG_LEVEL and METRICS_PORT (config.ts). */
export async function startClusterMetrics(env: NodeJS.ProcessEnv = process.env): Promise<ClusterMetrics> {
  const config = loadConfig(env);
  logger.level = config.logLevel;
  const listening = new Set<Worker>();
  cluster.on('listening', (worker) => listening.add(worker));
  cluster.on('exit', (worker) => listening.delete(worker));

  const pending = new Map<string, (worker: Worker, answer: { metrics?: unknown; error?: unknown }) => void>();
  let gathered = 0;

  async function gather(): Promise<string> {
    const id = `gather-${(gathered += 1)}`;
    const asked = [...listening].filter((worker) => worker.isConnected());
    const results: MetricsJson[] = [];
    await new Promise<void>((resolve) => {
      const answered = new Set<Worker>();
      const finish = () => {
        clearTimeout(timer);
        pending.delete(id);
        resolve();
      };
      const timer = setTimeout(() => {
        const silent = asked.filter((worker) => !answered.has(worker)).map((worker) => worker.process.pid);
        logger.warn({ component: 'metrics', silent }, 'server processes did not send their metrics in time; left out of this reading');
        finish();
      }, GATHER_TIMEOUT_MS);
      pending.set(id, (worker, answer) => {
        if (answered.has(worker)) return;
        answered.add(worker);
        if (Array.isArray(answer.metrics)) results.push(...(answer.metrics as MetricsJson[]));
        else logger.warn({ component: 'metrics', worker: worker.id, error: answer.error }, 'a server process could not read its metrics');
        if (answered.size === asked.length) finish();
      });
      if (asked.length === 0) finish();
      for (const worker of asked) {
        try {
          worker.send({ type: GATHER, id });
        } catch {
          // Gone meanwhile: the timeout leaves it out.
        }
      }
    });
    return aggregate(results);
  }

  cluster.on('message', (worker, value: unknown) => {
    const received = message(value);
    if (received.type === GATHERED && typeof received.id === 'string') {
      pending.get(received.id)?.(worker, value as { metrics?: unknown; error?: unknown });
    } else if (received.type === WANTED) {
      const reply = (answer: object) => {
        try {
          worker.send({ type: ANSWERED, id: received.id, ...answer });
        } catch {
          // The worker that asked is gone.
        }
      };
      gather().then(
        (text) => reply({ text }),
        (error: unknown) => reply({ error: error instanceof Error ? error.message : String(error) }),
      );
    }
  });

  const port = config.metricsPort === undefined ? null : await serveMetrics(config.metricsHost, config.metricsPort, gather);
  return { url: port?.url ?? null, close: () => port?.close() ?? Promise.resolve() };
}
