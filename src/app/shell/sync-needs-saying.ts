import type { SyncStatus } from '../../data/db';

/**
 * Whether the top bar says anything about syncing: writes waiting, paused for sign-in, a full disk,
 * an update needed. Offline with nothing waiting, the Offline chip says it all: no second cloud
 * taking the organisation's room (and "sync now" could not do anything).
 */
export function syncNeedsSaying(status: SyncStatus | undefined, storageFull: boolean): boolean {
  return (status?.pending ?? 0) > 0 || Boolean(status?.blocked) || storageFull || Boolean(status?.updateRequired);
}
