// The sync status row (see docs/rules.md#sync): the shell reads it with useLiveQuery like any other data,
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

/** Whether an error (Dexie wraps the browser's DOMException) means the device's storage is full. */
export function isQuotaError(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 4; depth += 1) {
    const candidate = current as { name?: unknown; code?: unknown; inner?: unknown; cause?: unknown };
    if (candidate.name === 'QuotaExceededError' || (typeof DOMException !== 'undefined' && current instanceof DOMException && candidate.code === 22)) return true;
    current = candidate.inner ?? candidate.cause;
  }
  return false;
}

// The status row may itself not fit on a full disk; this copy in memory keeps the problem visible.
let storageFullHere = false;
const storageListeners = new Set<() => void>();

export function subscribeStorageFull(listener: () => void): () => void {
  storageListeners.add(listener);
  return () => storageListeners.delete(listener);
}

export function storageFullInMemory(): boolean {
  return storageFullHere;
}

function setStorageFullHere(full: boolean): void {
  if (storageFullHere === full) return;
  storageFullHere = full;
  storageListeners.forEach((listener) => listener());
}

/** A write failed for lack of space: say so in the status (never a silent loss). Never throws. */
export async function reportStorageFull(): Promise<void> {
  setStorageFullHere(true);
  try {
    await patchStatus({ storageFull: true });
  } catch {
    // The disk is full; the in-memory flag carries the status.
  }
}

/** A write has just succeeded: if space had run out, it is back. Never throws. */
export async function storageRecovered(): Promise<void> {
  setStorageFullHere(false);
  try {
    if ((await getStatus()).storageFull) await patchStatus({ storageFull: false });
  } catch {
    // Next success tries again.
  }
}

/** Runs a write; a full disk is reported in the status and the error still reaches the caller. */
export async function reportingQuota<T>(write: () => Promise<T>): Promise<T> {
  try {
    const result = await write();
    if (storageFullHere) await storageRecovered();
    return result;
  } catch (error) {
    if (isQuotaError(error)) await reportStorageFull();
    throw error;
  }
}
