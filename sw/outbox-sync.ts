/// <reference lib="webworker" />
// Background Sync (Chromium only): when connectivity returns while no page is open, the
// worker sends the queued writes. The page flushes too; Web Locks keep it to one flusher.
import { flushForSyncEvent } from '../src/data/sync/replay';
import { connectApi } from '../src/data/auth';
import { registerCommandOps } from "../src/features/ops";
import { OUTBOX_SYNC_TAG } from '../src/data/sync/sync-tag';
import { reportingFailure } from './reports';

interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

export function registerOutboxSync(self: ServiceWorkerGlobalScope): void {
  connectApi();
  registerCommandOps();
  self.addEventListener('sync', ((event: SyncEvent) => {
    // Rejecting while writes wait for a retry makes the browser schedule another sync.
    if (event.tag === OUTBOX_SYNC_TAG) event.waitUntil(reportingFailure(flushForSyncEvent(), 'outbox sync'));
  }) as EventListener);
}
