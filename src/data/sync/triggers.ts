// When the page flushes the outbox (see docs/rules.md#sync): on start, back online, tab visible again,
// focus, after a command commits, and when a backoff timer runs out. Page only: the service
// worker flushes from its own 'sync' event.
import { subscribeOutbox } from './outbox-watch';
import { flushOutbox, type FlushResult } from './replay';
import { patchStatus } from './status';
import { OUTBOX_SYNC_TAG } from './sync-tag';
import { now } from '../clock';

export { OUTBOX_SYNC_TAG };

/** How long after a command commits the page starts sending it. */
export const AFTER_COMMIT_FLUSH_MS = 50;

type Listenable = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;

export interface SyncTargets {
  /** Receives online, offline and focus; defaults to window. */
  window?: Listenable;
  /** Receives visibilitychange; defaults to document. */
  document?: Listenable & { visibilityState: DocumentVisibilityState };
}

function browserNavigator(): Navigator | undefined {
  return (globalThis as { navigator?: Navigator }).navigator;
}

/** Starts the triggers; returns a function that stops them all. */
export function startSync(targets: SyncTargets = {}): () => void {
  const win = targets.window ?? (typeof window === 'undefined' ? undefined : window);
  const doc = targets.document ?? (typeof document === 'undefined' ? undefined : document);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  let afterCommit: ReturnType<typeof setTimeout> | undefined;
  const flush = (ignoreBackoff = false) => {
    if (!stopped) flushOutbox({ ignoreBackoff }).catch(() => undefined);
  };
  const schedule = (result: FlushResult) => {
    clearTimeout(timer);
    timer = undefined;
    if (stopped || result.nextAttemptAt === null) return;
    if (result.outcome !== 'retry' && result.outcome !== 'backoff') return;
    timer = setTimeout(() => flush(true), Math.max(0, result.nextAttemptAt - now()));
    // If the tab closes before the timer, a Chromium SW can still send the queue.
    if (result.outcome === 'retry') void requestBackgroundSync();
  };
  const unsubscribe = subscribeOutbox({
    // A short pause after a command commits lets the screens' live queries read and paint the
    // optimistic change before the flusher's first write transaction takes the outbox.
    committed: () => {
      clearTimeout(afterCommit);
      afterCommit = setTimeout(() => {
        flush();
        void requestBackgroundSync();
      }, AFTER_COMMIT_FLUSH_MS);
    },
    settled: schedule,
  });

  const onOnline = () => {
    void patchStatus({ online: true }).catch(() => undefined);
    flush(true);
  };
  const onOffline = () => void patchStatus({ online: false }).catch(() => undefined);
  const onFocus = () => flush();
  const onVisibility = () => {
    if (doc?.visibilityState === 'visible') flush();
  };
  win?.addEventListener('online', onOnline);
  win?.addEventListener('offline', onOffline);
  win?.addEventListener('focus', onFocus);
  doc?.addEventListener('visibilitychange', onVisibility);

  void patchStatus({ online: browserNavigator()?.onLine !== false }).catch(() => undefined);
  flush(true);

  return () => {
    stopped = true;
    clearTimeout(timer);
    clearTimeout(afterCommit);
    unsubscribe();
    win?.removeEventListener('online', onOnline);
    win?.removeEventListener('offline', onOffline);
    win?.removeEventListener('focus', onFocus);
    doc?.removeEventListener('visibilitychange', onVisibility);
  };
}

interface SyncManagerLike {
  register(tag: string): Promise<void>;
}

/** Ask the SW to flush (the outbox, or another tag's work) when connectivity returns (Background Sync: Chromium only). */
export async function requestBackgroundSync(tag = OUTBOX_SYNC_TAG): Promise<boolean> {
  try {
    const registration = await browserNavigator()?.serviceWorker?.getRegistration();
    const sync = (registration as (ServiceWorkerRegistration & { sync?: SyncManagerLike }) | undefined)?.sync;
    if (!registration?.active || !sync) return false;
    await sync.register(tag);
    return true;
  } catch {
    return false;
  }
}
