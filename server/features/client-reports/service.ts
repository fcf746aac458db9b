// The error-report service a server holds (Deps.reports): stores batches and the server's own
// errors, forwards new ones to Sentry when configured, maps stacks for staff, limits how often
// an address or a member may send.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { RedisConnections } from '../../redis/index';
import { createHitLimiter, type HitLimiter } from '../../http/rate-limit';
import { createSentryForwarder, type ForwardedReport, type SentryForwarder } from './sentry';
import { receiveBatch, recordServerError, scrubForStore, type ReceivedBatch } from './store';
import { createSymbolicator, type Symbolicator } from './symbolicate';

export interface ReportRateLimit {
  /** Batches per address in the window (members on one gym Wi-Fi share it). */
  perAddress: number;
  /** Batches per signed-in member in the window. */
  perMember: number;
  windowMs: number;
}

/** A device sends a batch when it comes back online and every so often: 30 a member, 120 an address, per 10 minutes. */
export const DEFAULT_REPORT_RATE_LIMIT: ReportRateLimit = { perAddress: 120, perMember: 30, windowMs: 10 * 60 * 1000 };

/** The server's own errors being written at once, at most; beyond, they are only logged (a storm of 500s must not pile up writes). */
const SERVER_ERRORS_IN_FLIGHT_MAX = 20;

export interface ClientReports {
  /** Seconds to wait when this address or member has sent too many batches, else null (the batch is counted). */
  limit(address: string, memberId: number | null): Promise<number | null>;
  receive(batch: ReceivedBatch): Promise<{ accepted: number }>;
  /** One of the server's own unhandled errors (never throws, never waits: written in the background). */
  serverError(error: Error, route: string): void;
  symbolicator: Symbolicator;
  /** Resolves when server errors being written and reports being forwarded are done. */
  settled(): Promise<void>;
}

export interface ClientReportsOptions {
  db: Kysely<Database>;
  now: () => Date;
  redis: RedisConnections | null;
  distDir: string;
  sentryDsn?: string;
  rateLimit?: Partial<ReportRateLimit>;
  /** Tests: where forwarding failures are logged. */
  log?: (line: string) => void;
}

export function createClientReports(options: ClientReportsOptions): ClientReports {
  const { db, now } = options;
  const rate = { ...DEFAULT_REPORT_RATE_LIMIT, ...options.rateLimit };
  const limiter: HitLimiter = createHitLimiter(rate.windowMs, now, options.redis, 'client-reports');
  const symbolicator = createSymbolicator(options.distDir);
  const sentry: SentryForwarder | null = options.sentryDsn ? createSentryForwarder({ dsn: options.sentryDsn, now, log: options.log }) : null;
  const writing = new Set<Promise<unknown>>();

  async function forward(report: Omit<ForwardedReport, 'frames'> & { stack: string | null }): Promise<void> {
    if (!sentry) return;
    const frames = await symbolicator.frames(report.stack, report.release);
    sentry.forward({ ...report, frames });
  }

  return {
    async limit(address, memberId) {
      const byAddress = await limiter.take(`address:${address}`, rate.perAddress);
      if (byAddress !== null || memberId === null) return byAddress;
      return limiter.take(`member:${memberId}`, rate.perMember);
    },
    async receive(batch) {
      const { accepted, newErrors } = await receiveBatch(db, batch, now());
      for (const report of newErrors) {
        void forward({ ...report, locale: report.source.locale, online: report.source.online, at: new Date(report.source.at) }).catch(() => undefined);
      }
      return { accepted };
    },
    serverError(error, route) {
      if (writing.size >= SERVER_ERRORS_IN_FLIGHT_MAX) return;
      const release = symbolicator.release();
      const work = release
        .then(async (running) => {
          const report = scrubForStore({ kind: 'server', message: `${error.name}: ${error.message}`, stack: error.stack ?? null, release: running ?? 'unknown', browser: 'server', route, count: 1 });
          const fingerprint = await recordServerError(db, report, now());
          await forward({ ...report, fingerprint, locale: null, online: null, at: now() });
        })
        .catch((failure: unknown) => console.error('[client-reports] could not record a server error:', failure));
      writing.add(work);
      void work.finally(() => writing.delete(work));
    },
    symbolicator,
    async settled() {
      while (writing.size > 0) await Promise.all(writing);
      await sentry?.settled();
    },
  };
}
