import cluster from 'node:cluster';
import { AggregatorRegistry, collectDefaultMetrics, Counter, Gauge, Histogram, Registry, type MetricObjectWithValues, type MetricValue } from 'prom-client';

// Prometheus metrics (docs/decisions.md#logs-and-metrics), read at GET /metrics. Each server has a
// registry of its own (a test process runs many servers); the process's default metrics (memory,
// CPU, event loop, garbage collection) are kept once per process and added when read. Under
// WORKERS=N (scripts/start.mjs) the primary process sums what every worker holds
// (cluster-primary.ts): a worker asked on the main port fetches that sum over IPC, so whichever
// process answers, the figures are the deployment's.

const P = 'member_pwa_';

/** Routes and statuses group answers: the route's template (never a concrete path) and 2xx…5xx. */
export interface RequestObservation {
  method: string;
  route: string;
  status: number;
  seconds: number;
  /** Answered from the idempotency store (Idempotent-Replayed): an outbox write sent again. */
  replayed: boolean;
}

export type JobName = 'offer_sweep' | 'push_retry' | 'booking_jobs' | 'log_prompts' | 'report_retention';
const JOBS: readonly JobName[] = ['offer_sweep', 'push_retry', 'booking_jobs', 'log_prompts', 'report_retention'];

/** Where an error nobody handled happened: a request (a 500), or work after an answer. */
export type UnhandledSource = 'request' | 'after_response';
const UNHANDLED_SOURCES: readonly UnhandledSource[] = ['request', 'after_response'];

/** Read when the metrics are: what the server holds open and what waits in its database. */
export interface MetricSources {
  realtimeConnections(): { websocket: number; polling: number };
  pushQueuePending(): Promise<number>;
}

export interface ServerMetrics {
  readonly registry: Registry;
  request(observation: RequestObservation): void;
  unhandled(source: UnhandledSource): void;
  /** Runs a periodic job, counting its run and outcome and timing it; its result or error is the caller's. */
  job<T>(name: JobName, run: () => Promise<T>): Promise<T>;
  /** A query or transaction starts waiting for a database connection; call the result once it has one (or failed). */
  connectionWait(): () => void;
  watch(sources: MetricSources): void;
  /** The text a scrape gets: this process's metrics, or under WORKERS=N the sum over all processes. */
  text(): Promise<string>;
  close(): void;
}

export const METRICS_CONTENT_TYPE = Registry.PROMETHEUS_CONTENT_TYPE;

let processRegistry: Registry | null = null;

/** Node's and the process's own metrics, registered once per process. */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

// The IPC messages between a worker and the primary (cluster-primary.ts).
export const CLUSTER_METRICS_ENV = 'MEMBER_PWA_CLUSTER_METRICS';
export const GATHER = 'member-pwa:metrics-gather';
export const GATHERED = 'member-pwa:metrics-gathered';
export const WANTED = 'member-pwa:metrics-wanted';
export const ANSWERED = 'member-pwa:metrics-answered';
export type MetricsJson = MetricObjectWithValues<MetricValue<string>>[];
export interface Message {
  type?: unknown;
  id?: unknown;
  text?: unknown;
  error?: unknown;
}
export const message = (value: unknown): Message => (typeof value === 'object' && value !== null ? (value as Message) : {});

/** The sum of what several processes hold (prom-client's aggregators: counts and histograms add up). */
export function aggregate(perProcess: readonly MetricsJson[]): Promise<string> {
  return AggregatorRegistry.aggregate([...perProcess]).metrics();
}

/** Under WORKERS=N: true in a worker whose primary sums the metrics (scripts/start.mjs sets it). */
export function inManagedCluster(): boolean {
  return cluster.isWorker && process.env[CLUSTER_METRICS_ENV] === '1' && typeof process.send === 'function';
}

const ASK_TIMEOUT_MS = 10_000;
let asked = 0;

/** A worker's question to the primary: the sum over every process. */
function askPrimary(): Promise<string> {
  const id = `${process.pid}:${(asked += 1)}`;
  return new Promise((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      process.off('message', onMessage);
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error('The primary process did not send the metrics in time.'));
    }, ASK_TIMEOUT_MS);
    const onMessage = (value: unknown) => {
      const answer = message(value);
      if (answer.type !== ANSWERED || answer.id !== id) return;
      done();
      if (typeof answer.text === 'string') resolve(answer.text);
      else reject(new Error(typeof answer.error === 'string' ? answer.error : 'The primary process could not gather the metrics.'));
    };
    process.on('message', onMessage);
    process.send?.({ type: WANTED, id });
  });
}

const SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const WAIT_BUCKETS = [0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5];
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60];

export function createServerMetrics(): ServerMetrics {
  const registry = new Registry();
  const registers = [registry];
  const requests = new Counter({ name: `${P}http_requests_total`, help: 'HTTP requests answered, by method, route template and status class.', labelNames: ['method', 'route', 'status_class'], registers });
  const duration = new Histogram({ name: `${P}http_request_duration_seconds`, help: 'Time until the answer was ready, by method, route template and status class.', labelNames: ['method', 'route', 'status_class'], buckets: SECONDS_BUCKETS, registers });
  const serverErrors = new Counter({ name: `${P}http_server_errors_total`, help: 'Answers with a 5xx status, by method, route template and status.', labelNames: ['method', 'route', 'status'], registers });
  const unhandled = new Counter({ name: `${P}unhandled_errors_total`, help: 'Errors no code handled (logged with their stack): in a request (answered 500) or in work after an answer.', labelNames: ['source'], registers });
  const replays = new Counter({ name: `${P}idempotent_replays_total`, help: 'Writes sent again with an Idempotency-Key already answered (the outbox replaying), answered from the idempotency store.', labelNames: ['method', 'route'], registers });
  const waitSeconds = new Histogram({ name: `${P}db_connection_wait_seconds`, help: 'Time a query or transaction waited for a database connection (PostgreSQL: the pool; SQLite: its single connection).', buckets: WAIT_BUCKETS, registers });
  const waiting = new Gauge({ name: `${P}db_connection_waiting`, help: 'Queries and transactions waiting for a database connection now.', registers });
  const jobRuns = new Counter({ name: `${P}job_runs_total`, help: 'Runs of the periodic jobs, by job and outcome (ok, failed).', labelNames: ['job', 'outcome'], registers });
  const jobSeconds = new Histogram({ name: `${P}job_duration_seconds`, help: 'Duration of the periodic jobs, by job.', labelNames: ['job'], buckets: JOB_BUCKETS, registers });
  new Gauge({ name: `${P}processes`, help: 'Server processes these figures come from (1 each; the sum under WORKERS=N).', registers }).set(1);
  for (const job of JOBS) for (const outcome of ['ok', 'failed']) jobRuns.inc({ job, outcome }, 0);
  for (const source of UNHANDLED_SOURCES) unhandled.inc({ source }, 0);

  // Figures read from the database are read before the registry is, not in its collect(): the
  // query would otherwise count itself in db_connection_waiting.
  let refresh: () => Promise<void> = () => Promise.resolve();
  const own = async () => {
    await refresh();
    return Registry.merge([processMetrics(), registry]);
  };

  let onGather: ((value: unknown) => void) | null = null;
  if (inManagedCluster()) {
    // The primary gathers every worker's figures to sum them.
    onGather = (value: unknown) => {
      const ask = message(value);
      if (ask.type !== GATHER) return;
      own().then((merged) => merged.getMetricsAsJSON()).then(
        (metrics) => process.send?.({ type: GATHERED, id: ask.id, metrics: [metrics] }),
        (error: unknown) => process.send?.({ type: GATHERED, id: ask.id, error: error instanceof Error ? error.message : String(error) }),
      );
    };
    process.on('message', onGather);
  }

  return {
    registry,
    request({ method, route, status, seconds, replayed }) {
      const statusClass = `${Math.floor(status / 100)}xx`;
      requests.inc({ method, route, status_class: statusClass });
      duration.observe({ method, route, status_class: statusClass }, seconds);
      if (status >= 500) serverErrors.inc({ method, route, status: String(status) });
      if (replayed) replays.inc({ method, route });
    },
    unhandled: (source) => unhandled.inc({ source }),
    async job(name, run) {
      const stop = jobSeconds.startTimer({ job: name });
      try {
        const result = await run();
        jobRuns.inc({ job: name, outcome: 'ok' });
        return result;
      } catch (error) {
        jobRuns.inc({ job: name, outcome: 'failed' });
        throw error;
      } finally {
        stop();
      }
    },
    connectionWait() {
      waiting.inc();
      const stop = waitSeconds.startTimer();
      let done = false;
      return () => {
        if (done) return;
        done = true;
        waiting.dec();
        stop();
      };
    },
    watch(sources) {
      new Gauge({
        name: `${P}realtime_connections`,
        help: 'Realtime (Faye) connections this process holds open, by transport: WebSockets and long-polls under way.',
        labelNames: ['transport'],
        registers,
        collect() {
          const open = sources.realtimeConnections();
          this.set({ transport: 'websocket' }, open.websocket);
          this.set({ transport: 'long-polling' }, open.polling);
        },
      });
      const pending = new Gauge({
        name: `${P}push_queue_pending`,
        help: 'Web Push messages waiting in push_queue (to send now, to try again, or claimed by a process sending them).',
        registers,
        // Every process reads the same table: the sum over processes would count each row N times.
        aggregator: 'max',
      });
      refresh = async () => {
        try {
          pending.set(await sources.pushQueuePending());
        } catch {
          // The database is away: no figure rather than an old one.
          pending.reset();
        }
      };
    },
    text: async () => (inManagedCluster() ? askPrimary() : (await own()).metrics()),
    close() {
      if (onGather) process.off('message', onGather);
    },
  };
}
