// With SENTRY_DSN set, every new error report (a device's or the server's own) is also sent to a
// Sentry-compatible service (Sentry, GlitchTip, self-hosted) as an envelope
// (https://develop.sentry.dev/sdk/envelopes/). After the answer, never in its way: a bounded queue
// drained one envelope at a time; when full, reports are dropped (the database still has them),
// and a failure is only logged.
import { randomUUID } from 'node:crypto';
import type { ShownFrame } from './symbolicate';

export interface SentryDsn {
  /** Where envelopes go: {scheme}://{host}{path}/api/{project}/envelope/ */
  envelopeUrl: string;
  publicKey: string;
  dsn: string;
}

/** Reads a DSN ({scheme}://{public_key}@{host}[:port][/path]/{project_id}); throws when it is not one. */
export function parseDsn(dsn: string): SentryDsn {
  let url: URL;
  try {
    url = new URL(dsn);
  } catch {
    throw new Error(`SENTRY_DSN must be a DSN like https://<key>@o0.ingest.sentry.io/<project>, got "${dsn}".`);
  }
  const parts = url.pathname.split('/').filter(Boolean);
  const project = parts.pop();
  if (!/^https?:$/.test(url.protocol) || !url.username || !project) throw new Error(`SENTRY_DSN must be a DSN like https://<key>@o0.ingest.sentry.io/<project>, got "${dsn}".`);
  const prefix = parts.length ? `/${parts.join('/')}` : '';
  return { envelopeUrl: `${url.protocol}//${url.host}${prefix}/api/${project}/envelope/`, publicKey: decodeURIComponent(url.username), dsn };
}

/** What is forwarded of one report: already scrubbed, frames mapped where they could be. */
export interface ForwardedReport {
  fingerprint: string;
  kind: string;
  message: string;
  frames: ShownFrame[];
  release: string;
  route: string;
  browser: string;
  locale: string | null;
  online: boolean | null;
  at: Date;
  count: number;
}

/** "TypeError: x is undefined" → type TypeError, value "x is undefined". */
function exceptionOf(message: string): { type: string; value: string } {
  const match = /^([A-Z]\w*(?:Error|Exception|Rejection)?):\s*([\s\S]*)$/.exec(message);
  return match?.[1] && match[2] !== undefined ? { type: match[1], value: match[2] } : { type: 'Error', value: message };
}

/** The event of one report, as Sentry reads it. */
export function sentryEvent(report: ForwardedReport, eventId: string): Record<string, unknown> {
  return {
    event_id: eventId,
    timestamp: report.at.getTime() / 1000,
    platform: report.kind === 'server' ? 'node' : 'javascript',
    level: 'error',
    logger: report.kind === 'server' ? 'server' : 'device',
    release: report.release,
    fingerprint: [report.fingerprint],
    tags: {
      kind: report.kind,
      route: report.route,
      browser: report.browser,
      ...(report.locale && { locale: report.locale }),
      ...(report.online !== null && { online: String(report.online) }),
    },
    extra: { count: report.count },
    exception: {
      values: [
        {
          ...exceptionOf(report.message),
          // Sentry lists frames outermost first; a stack is innermost first.
          ...(report.frames.length > 0 && {
            stacktrace: { frames: [...report.frames].reverse().map((f) => ({ function: f.fn || '?', filename: f.file, lineno: f.line, ...(f.column && { colno: f.column }), in_app: !f.file.includes('node_modules') })) },
          }),
        },
      ],
    },
  };
}

/** The envelope: its header line, the item's header line, the event. */
export function sentryEnvelope(report: ForwardedReport, dsn: SentryDsn, now: Date): string {
  const eventId = randomUUID().replaceAll('-', '');
  const event = JSON.stringify(sentryEvent(report, eventId));
  const header = JSON.stringify({ event_id: eventId, sent_at: now.toISOString(), dsn: dsn.dsn });
  const item = JSON.stringify({ type: 'event', content_type: 'application/json', length: Buffer.byteLength(event) });
  return `${header}\n${item}\n${event}\n`;
}

export interface SentryForwarder {
  /** Queues one report; false when the queue is full and it was dropped. */
  forward(report: ForwardedReport): boolean;
  /** Resolves when the queue is empty and nothing is being sent (tests, shutdown). */
  settled(): Promise<void>;
}

export interface SentryOptions {
  dsn: string;
  now: () => Date;
  /** Reports waiting at most; beyond, new ones are dropped. Default 500. */
  queueMax?: number;
  /** Per envelope. Default 10 s. */
  timeoutMs?: number;
  client?: string;
  log?: (line: string) => void;
  fetch?: typeof fetch;
}

export function createSentryForwarder(options: SentryOptions): SentryForwarder {
  const dsn = parseDsn(options.dsn);
  const queueMax = options.queueMax ?? 500;
  const log = options.log ?? ((line: string) => console.warn(line));
  const send = options.fetch ?? fetch;
  const queue: ForwardedReport[] = [];
  let draining: Promise<void> | null = null;
  let dropped = 0;

  async function post(report: ForwardedReport): Promise<void> {
    const res = await send(dsn.envelopeUrl, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-sentry-envelope',
        'X-Sentry-Auth': `Sentry sentry_version=7, sentry_key=${dsn.publicKey}, sentry_client=${options.client ?? 'member-pwa-server/1'}`,
      },
      body: sentryEnvelope(report, dsn, options.now()),
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
    await res.body?.cancel();
    if (!res.ok) throw new Error(`answered ${res.status}`);
  }

  async function drain(): Promise<void> {
    for (let report = queue.shift(); report; report = queue.shift()) {
      await post(report).catch((error: unknown) => log(`[sentry] forwarding report ${report?.fingerprint} failed: ${error instanceof Error ? error.message : String(error)}`));
    }
    draining = null;
  }

  return {
    forward(report) {
      if (queue.length >= queueMax) {
        // Said once per run of drops, not once per report.
        if (dropped++ === 0) log(`[sentry] queue full (${queueMax}): reports are kept in the database but not forwarded`);
        return false;
      }
      dropped = 0;
      queue.push(report);
      draining ??= drain();
      return true;
    },
    async settled() {
      while (draining) await draining;
    },
  };
}
