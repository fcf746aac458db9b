import type { Kysely } from 'kysely';
import type { Database, NotificationRow } from '../../db/schema';
import { jobLock } from '../../db/index';
import { pushToMember } from '../../push/fanout';
import type { PushSender } from '../../push/sender';
import { toNotification, unreadCount } from './present';
import { logger } from '../../observability/log';

// Pushes that outlive the process meant to send them. A new notification of a member with a
// push subscription is queued (push_queue) in the notification's own transaction; right after
// commit the process that made it claims and sends it; a retry run on every process (one at a
// time, under a job lock) sends what is left: a process died mid-send, or every device's push
// service failed (tried again with growing pauses, then given up). A claim is taken by one
// process only (a conditional UPDATE) and lapses if that process dies, so a push goes out once
// per success, and is never lost to a crash.

type Db = Kysely<Database>;

/** How often each process looks for pushes left to send. */
export const PUSH_RETRY_INTERVAL_MS = 30_000;
/** Tries before a push is given up. */
export const PUSH_ATTEMPTS = 5;
/** A claim lapses after this (the claimant died): a retry run may then take it. */
const CLAIM_MS = 60_000;
const CHUNK = 500;
const PUSH_RETRY_JOB = 'member-pwa:push-retry';

/** 30 s, 1 min, 2 min, 4 min: the pause after the `attempts`-th failed try. */
export function pushRetryPauseMs(attempts: number): number {
  return 30_000 * 2 ** Math.max(0, attempts - 1);
}

/** Inside the notifications' transaction: queue those whose member has a device to push to. */
export async function queuePushes(trx: Db, rows: readonly NotificationRow[], now: Date): Promise<void> {
  const profileIds = [...new Set(rows.map((row) => row.profile_id))];
  const subscribed = new Set<number>();
  for (let i = 0; i < profileIds.length; i += CHUNK) {
    const found = await trx.selectFrom('push_subscriptions').select('profile_id').distinct().where('profile_id', 'in', profileIds.slice(i, i + CHUNK)).execute();
    for (const row of found) subscribed.add(row.profile_id);
  }
  const queued = rows.filter((row) => subscribed.has(row.profile_id)).map((row) => ({ notification_id: row.id, next_attempt_at: now.toISOString(), claimed_until: null }));
  for (let i = 0; i < queued.length; i += CHUNK) await trx.insertInto('push_queue').values(queued.slice(i, i + CHUNK)).execute();
}

interface Claimed {
  notification_id: number;
  attempts: number;
}

/** Claims due, unclaimed pushes for this process: these ids, or up to `limit` of the oldest. */
async function claim(db: Db, now: Date, ids: readonly number[] | null, limit = 50): Promise<Claimed[]> {
  const at = now.toISOString();
  const due = db
    .selectFrom('push_queue')
    .select('notification_id')
    .where('next_attempt_at', '<=', at)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', at)]));
  const wanted = ids ? due.where('notification_id', 'in', [...ids]) : due.orderBy('next_attempt_at').limit(limit);
  // The conditions again on the row itself: of two processes claiming at once, one gets it.
  return db
    .updateTable('push_queue')
    .set((eb) => ({ claimed_until: new Date(now.getTime() + CLAIM_MS).toISOString(), attempts: eb('attempts', '+', 1) }))
    .where('notification_id', 'in', wanted)
    .where('next_attempt_at', '<=', at)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', at)]))
    .returning(['notification_id', 'attempts'])
    .execute();
}

/** Sends claimed pushes; each leaves the queue unless every device failed and tries are left. */
async function send(db: Db, sender: PushSender, claimed: readonly Claimed[], now: () => Date): Promise<void> {
  for (const { notification_id: id, attempts } of claimed) {
    const row = await db.selectFrom('notifications').selectAll().where('id', '=', id).executeTakeFirst();
    // Read, withdrawn or lapsed meanwhile: nothing worth a buzz any more.
    const stale = !row || row.read_at !== null || row.removed_at !== null || (row.expires_at !== null && Date.parse(row.expires_at) <= now().getTime());
    let failedEverywhere = false;
    if (row && !stale) {
      const result = await pushToMember(db, sender, row.profile_id, toNotification(row), await unreadCount(db, row.profile_id, row.org_id, now()), now);
      failedEverywhere = result.failed > 0 && result.sent === 0;
    }
    if (failedEverywhere && attempts < PUSH_ATTEMPTS) {
      const next = new Date(now().getTime() + pushRetryPauseMs(attempts)).toISOString();
      await db.updateTable('push_queue').set({ claimed_until: null, next_attempt_at: next }).where('notification_id', '=', id).execute();
    } else {
      if (failedEverywhere) logger.warn({ component: 'push', notification: id, attempts }, 'push given up');
      await db.deleteFrom('push_queue').where('notification_id', '=', id).execute();
    }
  }
}

/** Right after commit: sends these new notifications' pushes (those another process has not claimed). */
export async function pushNow(db: Db, sender: PushSender, notificationIds: readonly number[], now: () => Date): Promise<void> {
  for (let i = 0; i < notificationIds.length; i += CHUNK) await send(db, sender, await claim(db, now(), notificationIds.slice(i, i + CHUNK)), now);
}

/** The retry run: pushes left over, claimed by one process at a time. Returns how many it took. */
export async function retryPushes(db: Db, sender: PushSender, now: () => Date): Promise<number> {
  const claimed = await db.transaction().execute(async (trx) => ((await jobLock(trx, PUSH_RETRY_JOB, false)) ? claim(trx, now(), null) : []));
  await send(db, sender, claimed, now);
  return claimed.length;
}
