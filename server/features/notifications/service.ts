import type { Kysely, Transaction } from 'kysely';
import type { AppNotification, NotificationRealtimeMessage } from '../../../core/contract/types';
import type { OfferEvent } from '../booking/offers';
import type { Database } from '../../db/schema';
import { lockForDecision, writeTransaction, type WriteIsolation } from '../../db/index';
import type { PushSender } from '../../push/sender';
import { memberChannel, type Realtime } from '../../realtime/faye';
import { takeChanges, type NotificationChange } from './changes';
import { waitlistOfferMessage } from './messages';
import { toNotification } from './present';
import { pushNow } from './push-queue';
import { insertNotifications, type NotifyInput } from './store';
import { logger } from '../../observability/log';

export type { NotifyInput } from './store';

// Notifications from real events. A notification is a row first; AFTER its transaction
// committed it is published on the member's realtime channel /n/{member_short_id} as
// {event: 'created' | 'updated' | 'removed', notification} and, when new, pushed to every
// Web Push subscription of the member as {notification, unread_count}. Delivery runs in the
// background and never blocks or fails the request that caused it: every error is logged.

type Db = Kysely<Database>;

export interface NotifierDeps {
  db: Db;
  now: () => Date;
  realtime: Pick<Realtime, 'publish'>;
  pushSender: PushSender;
}

export interface Notifier {
  /**
   * Inserts a notification and delivers it after commit. With `trx` the row is part of the
   * caller's transaction and is delivered when the caller hands the committed `trx` to
   * afterCommit (idempotent() and Notifier.transaction() do); without, it commits on its own.
   * Inside a transaction always pass `trx`: SQLite has one connection.
   */
  notify(trx: Db | undefined, input: NotifyInput): Promise<AppNotification>;
  /** notify() for many members at once (a post to a whole organisation). */
  notifyMany(trx: Db | undefined, inputs: readonly NotifyInput[]): Promise<AppNotification[]>;
  /** Delivers what the committed transaction `trx` queued. Returns at once. */
  afterCommit(trx: object): void;
  /** writeTransaction() followed by afterCommit. */
  transaction<T>(fn: (trx: Transaction<Database>) => Promise<T>, isolation?: WriteIsolation): Promise<T>;
  /** The OfferBus listener: a waitlist notification for a place offered to a member. */
  offerMade(event: OfferEvent): Promise<void>;
  /** Resolves when every delivery started so far has finished (tests, shutdown). */
  settled(): Promise<void>;
  /** Stops delivering (shutdown); rows are still written. */
  close(): void;
}

export function createNotifier(deps: NotifierDeps): Notifier {
  const { db, now } = deps;
  const inFlight = new Set<Promise<unknown>>();
  // Realtime messages go out in commit order, so a 'removed' never overtakes its 'created'.
  let publishing: Promise<unknown> = Promise.resolve();
  let closed = false;

  function track(promise: Promise<unknown>): void {
    const guarded = promise.catch((error: unknown) => logger.error({ err: error, component: 'notifications' }, 'notification delivery failed'));
    inFlight.add(guarded);
    void guarded.finally(() => inFlight.delete(guarded));
  }

  async function channelsFor(changes: readonly NotificationChange[]): Promise<Map<string, string>> {
    const channels = new Map<string, string>();
    const pairs = new Map(changes.map((c) => [`${c.row.profile_id}:${c.row.org_id}`, c.row]));
    const profileIds = [...new Set([...pairs.values()].map((r) => r.profile_id))];
    for (let i = 0; i < profileIds.length; i += 500) {
      const accounts = await db.selectFrom('accounts').select(['profile_id', 'org_id', 'short_id']).where('profile_id', 'in', profileIds.slice(i, i + 500)).execute();
      for (const a of accounts) channels.set(`${a.profile_id}:${a.org_id}`, memberChannel(a.short_id));
    }
    return channels;
  }

  async function publishAll(changes: readonly NotificationChange[]): Promise<void> {
    if (closed) return;
    const channels = await channelsFor(changes);
    for (const change of changes) {
      if (closed) return;
      const channel = channels.get(`${change.row.profile_id}:${change.row.org_id}`);
      if (!channel) continue;
      const message: NotificationRealtimeMessage = { event: change.event, notification: toNotification(change.row) };
      try {
        await deps.realtime.publish(channel, message);
      } catch (error) {
        logger.error({ err: error, component: 'notifications', notification: change.row.id }, 'publishing a notification failed');
      }
    }
  }

  async function pushAll(changes: readonly NotificationChange[]): Promise<void> {
    const created = changes.filter((c) => c.event === 'created').map((c) => c.row.id);
    if (created.length === 0 || closed) return;
    // Queued with the rows (push-queue.ts); sent now unless another process already took them.
    await pushNow(db, deps.pushSender, created, now);
  }

  function deliver(changes: NotificationChange[]): void {
    if (changes.length === 0 || closed) return;
    const published = publishing.then(() => publishAll(changes));
    publishing = published.catch(() => undefined);
    track(published);
    track(pushAll(changes));
  }

  const notifier: Notifier = {
    async notify(trx, input) {
      const [created] = await notifier.notifyMany(trx, [input]);
      if (!created) throw new Error('The notification was not stored.');
      return created;
    },

    async notifyMany(trx, inputs) {
      const rows = trx ? await insertNotifications(trx, inputs, now()) : await notifier.transaction((own) => insertNotifications(own, inputs, now()));
      return rows.map(toNotification);
    },

    afterCommit(trx) {
      deliver(takeChanges(trx));
    },

    async transaction(fn, isolation) {
      let used = null as Transaction<Database> | null;
      // The offer sweep and staff actions decide places too: as safe on PostgreSQL as the routes.
      const result = await writeTransaction(
        db,
        (trx) => {
          used = trx;
          return fn(trx);
        },
        isolation,
      );
      if (used) notifier.afterCommit(used);
      return result;
    },

    async offerMade(event) {
      const facility = await db.selectFrom('facilities').select(['org_id', 'time_zone']).where('guid', '=', event.visit.session.facility_guid).executeTakeFirst();
      if (!facility) return;
      const { session } = event.visit;
      await notifier.transaction(async (trx) => {
        // The class's lock, as every write about its places takes (booking/http.ts): then the
        // offer's state read next is the latest.
        await lockForDecision(trx, 'sessions', [session.id]);
        // The offer may already be answered (or lapsed) by the time this runs.
        const visit = await trx.selectFrom('visits').select(['state', 'offer_expires_at']).where('id', '=', event.visit.id).executeTakeFirst();
        if (!visit || visit.state !== 'pending') return;
        const existing = await trx.selectFrom('notifications').select('id').where('visit_id', '=', event.visit.id).where('type', '=', 'waitlist').where('removed_at', 'is', null).executeTakeFirst();
        if (existing) return;
        await insertNotifications(
          trx,
          [
            {
              profileId: event.profileId,
              orgId: facility.org_id,
              type: 'waitlist',
              message: waitlistOfferMessage(session.name, session.start_date, visit.offer_expires_at, facility.time_zone, now()),
              params: { class: { id: session.id, name: session.name, start_date: session.start_date }, visit: { id: event.visit.id } },
              expiresAt: visit.offer_expires_at,
              visitId: event.visit.id,
            },
          ],
          now(),
        );
      }, 'read committed');
    },

    async settled() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },

    close() {
      closed = true;
    },
  };
  return notifier;
}
