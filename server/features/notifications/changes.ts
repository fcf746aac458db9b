import type { NotificationRow } from '../../db/schema';

// Changes to notifications are queued on the transaction that made them and delivered
// (realtime publish, Web Push) only after that transaction committed: nobody hears about a
// notification that was rolled back. Whoever commits a transaction that may have queued
// changes hands it to Notifier.afterCommit (idempotent(), Notifier.transaction() and the
// offer sweep do). A rolled-back transaction's queue is simply never read and is garbage
// collected with the transaction object.

export type NotificationChangeEvent = 'created' | 'updated' | 'removed';

export interface NotificationChange {
  event: NotificationChangeEvent;
  row: NotificationRow;
}

const queues = new WeakMap<object, NotificationChange[]>();

export function queueChanges(trx: object, changes: readonly NotificationChange[]): void {
  if (changes.length === 0) return;
  const queue = queues.get(trx);
  if (queue) queue.push(...changes);
  else queues.set(trx, [...changes]);
}

/** The changes queued on `trx`, emptying its queue. */
export function takeChanges(trx: object): NotificationChange[] {
  const queue = queues.get(trx) ?? [];
  queues.delete(trx);
  return queue;
}
