// The sync status row (DESIGN rule 6): the shell reads it with useLiveQuery like any other data,
// so every change here is a Dexie write, never in-memory state.
import { db, type SyncStatus } from '../db';

export type SyncStatusPatch = Partial<Omit<SyncStatus, 'key'>>;

export function defaultStatus(): SyncStatus {
  const onLine = (globalThis as { navigator?: { onLine?: boolean } }).navigator?.onLine;
  return { key: 'status', pending: 0, online: onLine !== false, blocked: null, lastError: null, lastSyncedAt: null, nextAttemptAt: null };
}

function isStatus(row: unknown): row is SyncStatus {
  return (row as { key?: unknown } | undefined)?.key === 'status';
}

export async function getStatus(): Promise<SyncStatus> {
  const row = await db.meta.get('status');
  return isStatus(row) ? row : defaultStatus();
}

/** Joins the caller's transaction when it includes db.meta. */
export function patchStatus(patch: SyncStatusPatch): Promise<SyncStatus> {
  return db.transaction('rw', db.meta, async () => {
    const next: SyncStatus = { ...(await getStatus()), ...patch, key: 'status' };
    await db.meta.put(next);
    return next;
  });
}

/** pending = number of entries in the outbox; call after any change to it. */
export function recountPending(patch: SyncStatusPatch = {}): Promise<SyncStatus> {
  return db.transaction('rw', db.meta, db.outbox, async () => patchStatus({ ...patch, pending: await db.outbox.count() }));
}
