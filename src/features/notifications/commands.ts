// Marking notifications read works offline: read_at is set at once and the PUT waits in the
// outbox. Notifications belong to the member, not to a facility, so the writes carry no scope.
// The service worker imports this module (a tap on a system notification marks it read): no
// window or document here.
import { markAllNotificationsRead as putAllRead, markNotificationRead as putRead } from "./api";
import { ApiError } from '../../data/api/errors';
import type { AppNotification } from '../../../core/contract/types';
import { db } from '../../data/db';
import { unreadVisibleIds } from '../../../core/rules/notifications';
import { getAuthState } from '../../data/sync/auth-row';
import { commandTransaction, enqueue, pendingTouches, registerOp, type OpContext } from '../../data/sync/outbox';
import { notificationKey } from './pull';
import { inTransaction } from '../../data/transaction';

export const NOTIFICATION_MARK_READ = 'notifications.markRead';
export const NOTIFICATIONS_MARK_ALL_READ = 'notifications.markAllRead';

export interface MarkReadArgs {
  id: number;
  /** The optimistic read_at; a rejection restores unread only if the row still shows it. */
  readAt: string;
}

export interface MarkAllReadArgs {
  ids: number[];
  readAt: string;
}

let clock: () => Date = () => new Date();

/** Tests pin the time read_at is stamped with. */
export function configureNotificationClock(now: () => Date): void {
  clock = now;
}

/**
 * Mark one notification read. Resolves false when there is nothing to do: nobody signed in,
 * already read, or already queued. A notification not on the device (a push the service worker
 * could not store) is still marked on the server.
 */
export async function markNotificationRead(id: number): Promise<boolean> {
  const readAt = clock().toISOString();
  return commandTransaction([db.notifications], async () => {
    if ((await inTransaction(getAuthState())).status !== 'authenticated') return false;
    const row = await db.notifications.get(id);
    if (row?.read_at) return false;
    if ((await inTransaction(pendingTouches())).has(notificationKey(id))) return false;
    if (row) await db.notifications.put({ ...row, read_at: readAt });
    const args: MarkReadArgs = { id, readAt };
    await inTransaction(enqueue(NOTIFICATION_MARK_READ, args, [notificationKey(id)]));
    return true;
  });
}

/** "Mark all as read": every unread notification the member can see. Resolves how many. */
export async function markAllNotificationsRead(): Promise<number> {
  const now = clock();
  const readAt = now.toISOString();
  return commandTransaction([db.notifications], async () => {
    if ((await inTransaction(getAuthState())).status !== 'authenticated') return 0;
    const rows = await db.notifications.toArray();
    const ids = unreadVisibleIds(rows, now);
    if (ids.length === 0) return 0;
    const unread = new Set(ids);
    await db.notifications.bulkPut(rows.filter((n) => unread.has(n.id)).map((n) => ({ ...n, read_at: readAt })));
    const args: MarkAllReadArgs = { ids, readAt };
    await inTransaction(enqueue(NOTIFICATIONS_MARK_ALL_READ, args, ids.map(notificationKey)));
    return ids.length;
  });
}

/** Entries queued after this one that still change the row, so its local read_at must stay. */
function laterTouches(context: OpContext, id: number): Promise<boolean> {
  return context.laterTouching(notificationKey(id)).then((entries) => entries.length > 0);
}

/** The server's answer replaces the row; one the device no longer has is not brought back. */
async function applyAnswer(answer: AppNotification, context: OpContext): Promise<void> {
  if (answer.removed_at) {
    await db.notifications.delete(answer.id);
    return;
  }
  const local = await db.notifications.get(answer.id);
  if (!local) return;
  const keepLocal = await laterTouches(context, answer.id);
  await db.notifications.put(keepLocal ? { ...answer, read_at: answer.read_at ?? local.read_at } : answer);
}

async function restoreUnread(ids: readonly number[], readAt: string): Promise<void> {
  for (const id of ids) {
    const row = await db.notifications.get(id);
    if (row && row.read_at === readAt) await db.notifications.put({ ...row, read_at: null });
  }
}

/** A notification the server no longer has cannot be marked: that is the member's intent done, not a refusal to report. */
function goneIsDone<T>(request: Promise<T>): Promise<T | null> {
  return request.catch((error: unknown) => {
    if (error instanceof ApiError && (error.status === 404 || error.status === 410)) return null;
    throw error;
  });
}

export function registerNotificationOps(): void {
  registerOp<MarkReadArgs, AppNotification | null>(NOTIFICATION_MARK_READ, {
    send: (args, idempotencyKey) => goneIsDone(putRead(args.id, { idempotencyKey })),
    tables: ['notifications'],
    async onSuccess(answer, args, context) {
      if (answer === null) await db.notifications.delete(args.id);
      else await inTransaction(applyAnswer(answer, context));
    },
    onRejected: (args) => restoreUnread([args.id], args.readAt),
  });

  registerOp<MarkAllReadArgs, AppNotification[]>(NOTIFICATIONS_MARK_ALL_READ, {
    send: (args, idempotencyKey) => putAllRead(args.ids, { idempotencyKey }),
    tables: ['notifications'],
    async onSuccess(answers, _args, context) {
      for (const answer of answers) await inTransaction(applyAnswer(answer, context));
    },
    onRejected: (args) => restoreUnread(args.ids, args.readAt),
  });
}
