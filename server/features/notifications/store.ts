import type { Kysely } from 'kysely';
import type { Database, NewNotification, NotificationRow } from '../../db/schema';
import { queueChanges } from './changes';
import { queuePushes } from './push-queue';

// Writes to the notifications table. Every function runs inside the caller's transaction and
// queues what it changed on that transaction (changes.ts); delivery happens after commit.

type Db = Kysely<Database>;

const CHUNK = 200;

export interface NotifyInput {
  profileId: number;
  orgId: number;
  type: string;
  message: string;
  params?: Record<string, unknown>;
  avatarUrl?: string | null;
  /** Hidden from the list from this moment on (e.g. when a waitlist offer lapses). */
  expiresAt?: Date | string | null;
  /** The pending visit of a waitlist notification: it is removed when the offer closes. */
  visitId?: number | null;
}

function iso(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? new Date(value).toISOString() : value.toISOString();
}

export async function insertNotifications(trx: Db, inputs: readonly NotifyInput[], now: Date): Promise<NotificationRow[]> {
  const at = now.toISOString();
  const rows: NotificationRow[] = [];
  for (let i = 0; i < inputs.length; i += CHUNK) {
    const values: NewNotification[] = inputs.slice(i, i + CHUNK).map((n) => ({
      profile_id: n.profileId,
      org_id: n.orgId,
      type: n.type,
      message: n.message,
      params: JSON.stringify(n.params ?? {}),
      avatar_url: n.avatarUrl ?? null,
      visit_id: n.visitId ?? null,
      read_at: null,
      removed_at: null,
      expires_at: iso(n.expiresAt),
      created_at: at,
      updated_at: at,
    }));
    rows.push(...(await trx.insertInto('notifications').values(values).returningAll().execute()));
  }
  queueChanges(trx, rows.map((row) => ({ event: 'created' as const, row })));
  // With the rows, so a push is owed even if this process dies right after commit.
  await queuePushes(trx, rows, now);
  return rows;
}

/**
 * Marks the member's unread notifications among `ids` read; returns (and queues) the ones that changed.
 * updated_at stays: reading is not news, so a read notification keeps its place and its date in the
 * list (sorted by updated_at, SPEC); the live "updated" event still carries the new read_at.
 */
export async function markRead(trx: Db, profileId: number, ids: readonly number[], now: Date, options: { includeRemoved?: boolean } = {}): Promise<NotificationRow[]> {
  const at = now.toISOString();
  const changed: NotificationRow[] = [];
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += CHUNK) {
    let query = trx
      .updateTable('notifications')
      .set({ read_at: at })
      .where('profile_id', '=', profileId)
      .where('id', 'in', unique.slice(i, i + CHUNK))
      .where('read_at', 'is', null);
    if (!options.includeRemoved) query = query.where('removed_at', 'is', null);
    changed.push(...(await query.returningAll().execute()));
  }
  changed.sort((a, b) => a.id - b.id);
  queueChanges(trx, changed.map((row) => ({ event: 'updated' as const, row })));
  return changed;
}

/** Removes the live waitlist notifications of offers that closed (confirmed, declined, lapsed, class cancelled). */
export async function removeOfferNotifications(trx: Db, visitIds: readonly number[], now: Date): Promise<NotificationRow[]> {
  const at = now.toISOString();
  const removed: NotificationRow[] = [];
  const unique = [...new Set(visitIds)];
  for (let i = 0; i < unique.length; i += CHUNK) {
    removed.push(
      ...(await trx
        .updateTable('notifications')
        .set({ removed_at: at, updated_at: at })
        .where('visit_id', 'in', unique.slice(i, i + CHUNK))
        .where('removed_at', 'is', null)
        .returningAll()
        .execute()),
    );
  }
  queueChanges(trx, removed.map((row) => ({ event: 'removed' as const, row })));
  return removed;
}
