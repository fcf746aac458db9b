// Pushes that outlive their process (push-queue.ts): a notification committed by a process that
// died before pushing is pushed by the retry run; a push every device's service refused is tried
// again with growing pauses and then given up; two runs at once push once; a notification read
// meanwhile is not pushed. On SQLite and, under npm run test:pg, PostgreSQL.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { ALEX, manualClock, startTestServer, type TestServer } from '../../testing/helpers';
import { profileIdOf } from '../../testing/booking-helpers';
import { FakePushSender } from '../../testing/notifications-helpers';
import { PUSH_ATTEMPTS, pushRetryPauseMs, retryPushes } from './push-queue';
import { insertNotifications } from './store';

describe('the push queue', () => {
  const clock = manualClock();
  const sender = new FakePushSender();
  const endpoint = 'https://push.example.net/queue';
  let server: TestServer;
  let db: Kysely<Database>;
  let alex: number;
  let org: number;

  beforeAll(async () => {
    // The timer's runs stay out of the way: the test calls retryPushes itself.
    server = await startTestServer({ now: clock.now, pushSender: sender, pushRetryIntervalMs: 3_600_000 });
    db = server.running.db;
    alex = await profileIdOf(db, ALEX);
    org = (await db.selectFrom('accounts').select('org_id').where('profile_id', '=', alex).orderBy('org_id').executeTakeFirstOrThrow()).org_id;
    await db.insertInto('push_subscriptions').values({ profile_id: alex, endpoint, p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg', user_agent: null, created_at: clock.now().toISOString(), last_success_at: null }).execute();
  });
  afterAll(() => server.close());
  beforeEach(() => {
    sender.sent.length = 0;
    sender.answers.clear();
  });

  /** A notification committed by a process that died before it could push (no afterCommit). */
  const committedByADyingProcess = async (message: string) => {
    const [row] = await db.transaction().execute((trx) => insertNotifications(trx, [{ profileId: alex, orgId: org, type: 'post', message }], clock.now()));
    return row!.id;
  };
  const queued = (id: number) => db.selectFrom('push_queue').selectAll().where('notification_id', '=', id).executeTakeFirst();

  it('pushes what a process that died after commit left, once', async () => {
    const id = await committedByADyingProcess('Left behind');
    expect(await queued(id)).toBeDefined();
    expect(await retryPushes(db, sender, clock.now)).toBe(1);
    expect(sender.sent.map((s) => s.subscription.endpoint)).toEqual([endpoint]);
    expect(await queued(id)).toBeUndefined();
    expect(await retryPushes(db, sender, clock.now)).toBe(0);
    expect(sender.sent).toHaveLength(1);
  });

  it('tries again after growing pauses when every device failed, then gives up', async () => {
    sender.answers.set(endpoint, 503);
    const id = await committedByADyingProcess('Push service down');
    for (let attempt = 1; attempt <= PUSH_ATTEMPTS; attempt += 1) {
      expect(await retryPushes(db, sender, clock.now)).toBe(1);
      expect(sender.sent).toHaveLength(attempt);
      if (attempt === PUSH_ATTEMPTS) break;
      // Not before its pause is over.
      expect(await retryPushes(db, sender, clock.now)).toBe(0);
      expect((await queued(id))?.attempts).toBe(attempt);
      clock.advance(pushRetryPauseMs(attempt));
    }
    expect(await queued(id)).toBeUndefined();
  });

  it('two runs at once push it once', async () => {
    const id = await committedByADyingProcess('Twice at once');
    const taken = await Promise.all([retryPushes(db, sender, clock.now), retryPushes(db, sender, clock.now)]);
    expect(taken.sort()).toEqual([0, 1]);
    expect(sender.sent).toHaveLength(1);
    expect(await queued(id)).toBeUndefined();
  });

  it('drops a push whose notification was read meanwhile', async () => {
    const id = await committedByADyingProcess('Already seen');
    await db.updateTable('notifications').set({ read_at: clock.now().toISOString() }).where('id', '=', id).execute();
    expect(await retryPushes(db, sender, clock.now)).toBe(1);
    expect(sender.sent).toEqual([]);
    expect(await queued(id)).toBeUndefined();
  });
});
