// Which rows queued writes changed (outbox `touches`, indexed) and when writes last confirmed
// rows. Pulls consult both; so does the "waiting to sync" mark on a row.
import { now } from '../clock';
import { db, type OutboxEntry } from '../db';

/** Tables whose rows a queued write can touch. */
export type TouchTable = 'profiles' | 'facilities' | 'members' | 'sessions' | 'visits' | 'notifications' | 'workouts' | 'leaderboards' | 'appointments' | 'carts' | 'activities' | 'recurringBookings' | 'reminders';
export type TouchKey = `${TouchTable}:${string}`;

/** The one spelling of a row's key in `touches` and in the confirmations. */
export function touchKey(table: TouchTable, id: number | string): TouchKey {
  return `${table}:${id}`;
}

/** Rows that queued writes changed optimistically, off the multi-entry index (no scan of entries). */
export async function pendingKeys(): Promise<Set<string>> {
  return new Set((await db.outbox.orderBy('touches').uniqueKeys()) as string[]);
}

/**
 * The queued entries that touch this row, FIFO (the outbox's multi-entry touches index). Not an
 * async function: Dexie's own promise keeps a caller's transaction alive across the await.
 */
export function queuedTouching(key: string): Promise<OutboxEntry[]> {
  return db.outbox.where('touches').equals(key).sortBy('seq');
}

/** Whether a queued write touches this row. */
export async function isPending(key: string): Promise<boolean> {
  return (await db.outbox.where('touches').equals(key).count()) > 0;
}

/** Confirmations older than this cannot matter to a pull still running. */
export const CONFIRMATION_TTL_MS = 60 * 60_000;

/** Call inside the transaction that applies a write's answer (needs db.confirmations). */
export async function stampConfirmed(keys: readonly string[], at = now()): Promise<void> {
  await db.confirmations.where('at').below(at - CONFIRMATION_TTL_MS).delete();
  if (keys.length > 0) await db.confirmations.bulkPut(keys.map((key) => ({ key, at })));
}

/**
 * Keeps what an online-only call answered (a field of the profile the server just changed) and
 * stamps the row confirmed in the same transaction: a pull that read the row before this answer
 * and lands after it cannot put the old value back (the calendar feed's address was lost so).
 * Only the answered fields are written: the others may carry edits still waiting in the outbox.
 */
export function keepAnswered<T>(table: TouchTable, id: number | string, changes: Partial<T>): Promise<void> {
  const rows = db.table<T, number | string>(table);
  return db.transaction('rw', rows, db.confirmations, async () => {
    await rows.update(id, changes as never);
    await stampConfirmed([touchKey(table, id)]);
  });
}

/** Rows a write confirmed at or after `since` (ties count: the pull cannot prove it is newer). */
export async function confirmedSince(since: number): Promise<Set<string>> {
  return new Set(await db.confirmations.where('at').aboveOrEqual(since).primaryKeys());
}
