// The reporter (issue 29), its own chunk: loaded after the first paint, or at once when something
// breaks (early.ts). It takes over the early capture, turns each error into a report (route
// template, locale, online state, browser, release; scrubbed of the member's name and email and of
// what the page's fields hold, docs/rules.md#error-reports), stores it in IndexedDB (bounded) and
// sends what waits: now, when the connection returns, after a backoff, and through Background Sync
// from the service worker when the tab has gone. It also records LCP, INP and CLS (web-vitals,
// loaded lazily) per route template, sent with the same batches.
import type { ClientErrorKind, WebVitalName } from '../../../core/contract/client-reports';
import { CLIENT_REPORTS } from '../../../core/limits';
import { backoffDelay } from '../../domain/outbox';
import { browserOf } from '../../../core/rules/browser';
import { messageOf, stackOf, type CapturedError } from './report';
import { recordErrors } from './record';
import { storeVitals } from './store';
import { sendClientReports } from './send';
import { newEntryId } from '../../data/sync/outbox';
import { RELEASE } from './release';
import { CLIENT_REPORTS_SYNC_TAG } from '../../data/sync/sync-tag';
import { requestBackgroundSync } from '../../data/sync/triggers';
import { handOver, type Caught } from './early';

export interface ReporterOptions {
  /** The route template of a path (app/routes.tsx routeTemplate). */
  routeOf: (pathname: string) => string;
  /** Receives online (defaults to window). */
  window?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  /** Reads the fields' typed text (defaults to document). */
  document?: Pick<Document, 'querySelectorAll'> & { documentElement?: { lang: string } };
  /** web-vitals, or a stand-in in tests; loaded lazily by default. */
  vitals?: () => Promise<VitalsApi>;
  /** How long captured errors gather before one write (a loop of 1,000 errors is one transaction). */
  gatherMs?: number;
}

interface Metric {
  name: string;
  id: string;
  value: number;
}
type OnMetric = (report: (metric: Metric) => void) => void;
export interface VitalsApi {
  onLCP: OnMetric;
  onINP: OnMetric;
  onCLS: OnMetric;
}

// Fields whose value is text the member typed (a checkbox's value is the page's own).
const TYPED = 'input:not([type]), input[type=text], input[type=email], input[type=search], input[type=tel], input[type=url], input[type=password], input[type=number], textarea';

/** What the page's fields hold now: taken out of a report as the member's own words. */
function typedText(doc: ReporterOptions['document']): string[] {
  if (!doc) return [];
  return [...doc.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(TYPED)].map((field) => field.value).filter((value) => value.trim().length >= 2);
}

function stackFor(caught: Caught): string | null {
  const stack = stackOf(caught.error) ?? caught.where ?? null;
  if (!caught.componentStack) return stack;
  // React's component stack names the screen the render failed in, with its own frames.
  return `${stack ?? messageOf(caught.error)}\n${caught.componentStack.trim()}`;
}

let running: (() => Promise<void>) | null = null;

/**
 * Starts once per page; returns the function that stops it (tests), which resolves once what was
 * on its way (a write, a send) has settled: a send left running would take the next test's rows.
 */
export function startReporter(options: ReporterOptions): () => Promise<void> {
  if (running) return running;
  const win = options.window ?? (typeof window === 'undefined' ? undefined : window);
  const doc = options.document ?? (typeof document === 'undefined' ? undefined : document);
  const gatherMs = options.gatherMs ?? 100;
  const locale = () => doc?.documentElement?.lang || (typeof navigator === 'undefined' ? '' : navigator.language) || 'und';
  const browser = browserOf(typeof navigator === 'undefined' ? '' : navigator.userAgent);
  let stopped = false;

  // Errors gather for a moment and are written together; typed text is read as each arrives.
  let gathered: CapturedError[] = [];
  const typed = new Set<string>();
  let writing: Promise<void> = Promise.resolve();
  let gatherTimer: ReturnType<typeof setTimeout> | undefined;
  const write = () => {
    gatherTimer = undefined;
    const batch = gathered;
    const words = [...typed];
    gathered = [];
    typed.clear();
    writing = writing
      .then(() => recordErrors(batch, words))
      .then(async () => {
        await send();
      })
      .catch(() => undefined);
  };
  handOver((caught) => {
    const captured: CapturedError = {
      kind: caught.kind as ClientErrorKind,
      message: messageOf(caught.error),
      stack: stackFor(caught),
      route: options.routeOf(caught.path),
      locale: locale(),
      online: caught.online,
      browser,
      at: caught.at,
      count: caught.count,
    };
    // The same error again (a loop) is counted before it costs a scrub.
    const same = gathered.find((one) => one.kind === captured.kind && one.message === captured.message && one.stack === captured.stack && one.route === captured.route);
    if (same) same.count = (same.count ?? 1) + captured.count!;
    else gathered.push(captured);
    for (const word of typedText(doc)) typed.add(word);
    // A flood is counted in memory: the list never holds more than a batch's worth of groups.
    if (gathered.length >= CLIENT_REPORTS.maxErrors) {
      clearTimeout(gatherTimer);
      write();
    } else gatherTimer ??= setTimeout(write, gatherMs);
  });

  // Sending: one attempt at a time; a failed one retries after a backoff, on the connection's
  // return, or from the service worker.
  let sending: Promise<unknown> | null = null;
  const offline = () => (win as { navigator?: Pick<Navigator, 'onLine'> } | undefined)?.navigator?.onLine === false;
  let again = false;
  let attempts = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  const send = (): Promise<unknown> => {
    // Offline an attempt can only fail (a request out of a phone with no signal): they keep, and
    // the connection's return sends them.
    if (stopped || offline()) return Promise.resolve();
    if (sending) {
      again = true;
      return sending;
    }
    clearTimeout(retryTimer);
    sending = sendClientReports()
      .then((outcome) => {
        if (outcome === 'sent') {
          attempts = 0;
          return;
        }
        attempts += 1;
        void requestBackgroundSync(CLIENT_REPORTS_SYNC_TAG);
        retryTimer = setTimeout(() => void send(), backoffDelay(attempts));
      })
      .catch(() => undefined)
      .finally(() => {
        sending = null;
        if (again && !stopped) {
          again = false;
          void send();
        }
      });
    return sending;
  };
  const onOnline = () => {
    attempts = 0;
    void send();
  };
  win?.addEventListener('online', onOnline);
  void send();

  // Real-user speed, per route template.
  const loadVitals = options.vitals ?? (() => import('web-vitals'));
  void loadVitals()
    .then((api) => {
      const record = (metric: Metric) => {
        if (stopped) return;
        const id = /^[\w-]{8,64}$/.test(metric.id) ? metric.id : newEntryId();
        const value = Math.min(600_000, Math.max(0, metric.value));
        const route = options.routeOf(typeof location === 'undefined' ? '/' : location.pathname);
        void storeVitals([{ id, name: metric.name as WebVitalName, value, route, release: RELEASE, at: new Date().toISOString() }]).catch(() => undefined);
      };
      api.onLCP(record);
      api.onINP(record);
      api.onCLS(record);
    })
    .catch(() => undefined);

  running = () => {
    stopped = true;
    running = null;
    clearTimeout(retryTimer);
    clearTimeout(gatherTimer);
    win?.removeEventListener('online', onOnline);
    handOver(() => undefined);
    return Promise.all([writing, sending]).then(() => undefined);
  };
  return running;
}
