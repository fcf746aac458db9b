import { useSyncExternalStore } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { db, type SyncNotice, type SyncStatus } from '../db';
import { storageFullInMemory, subscribeStorageFull } from '../sync/status';

export function useSyncStatus(): SyncStatus | undefined {
  return useLiveQuery(async () => (await db.meta.get('status')) as SyncStatus | undefined, []);
}

/**
 * The device's storage is full: a write failed with QuotaExceededError here or in another tab or
 * the service worker (the status row), or the row itself could not be written (memory).
 */
export function useStorageFull(): boolean {
  const status = useSyncStatus();
  const here = useSyncExternalStore(subscribeStorageFull, storageFullInMemory, storageFullInMemory);
  return here || status?.storageFull === true;
}

/** Writes the server refused, waiting for the member to read them. */
export function useSyncNotices(): SyncNotice[] {
  return useLiveQuery(() => db.notices.orderBy('createdAt').toArray(), []) ?? [];
}

export async function dismissNotice(id: number): Promise<void> {
  await db.notices.delete(id);
}
