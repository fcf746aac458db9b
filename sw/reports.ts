/// <reference lib="webworker" />
// Error reports from the service worker (issue 29): its uncaught errors and rejections, failures of
// its own handlers (push, notification taps, the outbox's Background Sync), and replays it sent that
// were answered with an unexpected 5xx or off the contract. Stored in the same IndexedDB store as
// the page's (scrubbed, bounded) and sent from here too: at once when online, else by Background
// Sync, for the page's reports as well when no tab is open.
import { browserOf } from '../core/rules/browser';
import { messageOf, recordErrors, sendClientReports, stackOf, type CapturedError } from '../src/features/reports/public-sync';
import { subscribeOutbox } from '../src/data/sync/outbox-watch';
import { RetryLaterError, unexpectedReplayAnswer } from '../src/data/sync/replay';
import { CLIENT_REPORTS_SYNC_TAG } from '../src/data/sync/sync-tag';

interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}
interface SyncManagerLike {
  register(tag: string): Promise<void>;
}

/** A worker's report names the worker's script where a page's names its route template. */
const WORKER_ROUTE = '/sw.js';

let scope: ServiceWorkerGlobalScope | null = null;

/** Stores one error of the worker's and tries to send it (or asks for a sync when that fails). */
export async function reportWorkerError(kind: 'service_worker' | 'replay', thrown: unknown, context?: string): Promise<void> {
  const message = messageOf(thrown);
  const captured: CapturedError = {
    kind,
    message: context ? `${context}: ${message}` : message,
    stack: stackOf(thrown),
    route: WORKER_ROUTE,
    locale: navigator.language || 'und',
    online: navigator.onLine !== false,
    browser: browserOf(navigator.userAgent),
    at: Date.now(),
  };
  try {
    await recordErrors([captured]);
    if ((await sendClientReports()) === 'retry') await (scope?.registration as { sync?: SyncManagerLike } | undefined)?.sync?.register(CLIENT_REPORTS_SYNC_TAG);
  } catch {
    // Reporting must never be what breaks the worker.
  }
}

/**
 * A handler's work, reported when it fails (and still failing, so the browser sees it too); a
 * 'sync' event asking for another sync (RetryLaterError) is the protocol, not a failure.
 */
export function reportingFailure<T>(work: Promise<T>, handler: string): Promise<T> {
  return work.catch(async (error: unknown) => {
    if (!(error instanceof RetryLaterError)) await reportWorkerError('service_worker', error, `${handler} failed`);
    throw error;
  });
}

/** For the 'sync' event: rejects while reports still wait, so the browser tries again later. */
async function sendForSyncEvent(): Promise<void> {
  if ((await sendClientReports()) === 'retry') throw new RetryLaterError('The error reports could not be sent yet; retry later');
}

export function registerErrorReports(self: ServiceWorkerGlobalScope): void {
  scope = self;
  self.addEventListener('error', (event) => void reportWorkerError('service_worker', event.error ?? event.message));
  self.addEventListener('unhandledrejection', (event) => void reportWorkerError('service_worker', event.reason));
  self.addEventListener('sync', ((event: SyncEvent) => {
    if (event.tag === CLIENT_REPORTS_SYNC_TAG) event.waitUntil(sendForSyncEvent());
  }) as EventListener);
  subscribeOutbox({
    replayFailed: (error, op) => {
      if (unexpectedReplayAnswer(error)) void reportWorkerError('replay', error, `Replay of ${op}`);
    },
  });
}
