// Notifications against the real reference server on loopback (real SQLite file, cookie jar
// playing the browser): the pull, marking read through the outbox with idempotent replay, the
// push subscription calls, and realtime end to end with faye's Node client.
import Faye from 'faye';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { markRead } from '../../../server/features/notifications/store';
import type { PushSender, PushTarget } from '../../../server/push/sender';
import { deletePushSubscription, getVapidPublicKey, savePushSubscription } from "./api";
import { signIn } from '../../data/sign-in';
import { markAllNotificationsRead, markNotificationRead } from "./commands";
import { registerCommandOps } from "../ops";
import { db } from '../../data/db';
import { configureOutbox } from '../../data/sync/outbox';
import { flushOutbox } from '../../data/sync/replay';
import { pullNotifications } from './pull';
import { asRealtimeClient, startRealtime, stopRealtime } from './realtime';
import { resetDb, waitFor } from '../../../tests/support/data-helpers';
import { withRealServer, type TrafficWatch } from '../../../tests/support/real-server';

const PASSWORD = 'demo1234';
const EMAIL = 'demo@example.com';

class CapturingPushSender implements PushSender {
  readonly sent: { endpoint: string; payload: unknown }[] = [];
  async send(subscription: PushTarget, payload: string) {
    this.sent.push({ endpoint: subscription.endpoint, payload: JSON.parse(payload) as unknown });
    return { statusCode: 201 };
  }
}

const pushSender = new CapturingPushSender();
const real = withRealServer('notifications', { offerSweepIntervalMs: 3_600_000, pushSender });
const browser = real.browser;
const writes: { path: string; key: string | null }[] = [];
const replayed: string[] = [];
const watch: TrafficWatch = {
  write: (_method, path, init) => writes.push({ path, key: new Headers(init?.headers).get('Idempotency-Key') }),
  answer: (url, response) => {
    if (response.headers.get('Idempotent-Replayed')) replayed.push(new URL(url).pathname);
  },
};

registerCommandOps();

async function member() {
  const profile = await real.server.db.selectFrom('members_profiles').select('id').where('email', '=', EMAIL).executeTakeFirstOrThrow();
  const accounts = await real.server.db.selectFrom('accounts').select(['org_id', 'short_id']).where('profile_id', '=', profile.id).orderBy('org_id').execute();
  return { profileId: profile.id, accounts };
}

async function notify(message: string, orgIndex = 0) {
  const { profileId, accounts } = await member();
  const n = await real.server.notifications.notify(undefined, {
    profileId, orgId: accounts[orgIndex]!.org_id, type: 'appointment', message, params: { appointment: { id: 1 } },
  });
  await real.server.notifications.settled();
  return n;
}

async function serverReadAt(id: number): Promise<string | null> {
  return (await real.server.db.selectFrom('notifications').select('read_at').where('id', '=', id).executeTakeFirstOrThrow()).read_at;
}

beforeEach(async () => {
  await resetDb();
  writes.length = 0;
  replayed.length = 0;
  real.connect(watch);
  configureOutbox({ now: () => Date.now(), random: () => 0.5, baseMs: 1_000, capMs: 300_000 });
  await real.server.db.deleteFrom('notifications').execute();
  await signIn(EMAIL, PASSWORD);
});

afterEach(async () => {
  stopRealtime();
  browser.unreachable = null;
  await flushOutbox({ ignoreBackoff: true }).catch(() => undefined);
});

describe('notifications against the server', () => {
  it('pulls the member\'s notifications across all their accounts', async () => {
    const { accounts } = await member();
    const first = await notify('First');
    const second = await notify('Second', accounts.length > 1 ? 1 : 0);
    expect(await pullNotifications({ force: true })).toBe('fetched');
    const rows = await db.notifications.toArray();
    expect(rows.map((n) => n.id).sort()).toEqual([first.id, second.id].sort());
    expect(rows.every((n) => n.read_at === null)).toBe(true);
  });

  it('marks read offline, sends it when back, and a lost answer is replayed with the same key', async () => {
    const n = await notify('Your appointment moved');
    await pullNotifications({ force: true });

    browser.unreachable = () => true;
    expect(await markNotificationRead(n.id)).toBe(true);
    expect((await db.notifications.get(n.id))?.read_at).not.toBeNull();
    expect((await flushOutbox()).outcome).toBe('retry');
    expect(await serverReadAt(n.id)).toBeNull();

    browser.unreachable = null;
    browser.dropAnswer = (url, init) => url.endsWith(`/notifications/${n.id}/mark_as_read`) && init?.method === 'PUT';
    expect((await flushOutbox({ ignoreBackoff: true })).outcome).toBe('retry');
    const applied = await serverReadAt(n.id);
    expect(applied).not.toBeNull();

    expect(await flushOutbox({ ignoreBackoff: true })).toMatchObject({ outcome: 'idle', sent: 1 });
    const keys = writes.filter((w) => w.path === `/notifications/${n.id}/mark_as_read`).map((w) => w.key);
    expect(keys).toHaveLength(2);
    expect(new Set(keys).size).toBe(1);
    expect(replayed).toEqual([`/api/v1/notifications/${n.id}/mark_as_read`]);
    expect((await db.notifications.get(n.id))?.read_at).toBe(applied);
  });

  it('marks all read in one call; a later pull agrees', async () => {
    const a = await notify('A');
    const b = await notify('B');
    await pullNotifications({ force: true });
    expect(await markAllNotificationsRead()).toBe(2);
    expect(await flushOutbox()).toMatchObject({ sent: 1 });
    expect(writes.map((w) => w.path).filter((p) => p.startsWith('/notifications'))).toEqual(['/notifications/mark_all_read']);
    expect(await serverReadAt(a.id)).not.toBeNull();
    expect(await serverReadAt(b.id)).not.toBeNull();
    await pullNotifications({ force: true });
    expect((await db.notifications.toArray()).every((n) => n.read_at !== null)).toBe(true);
  });

  it('a notification removed on the server goes from the device when marked', async () => {
    const n = await notify('Soon gone');
    await pullNotifications({ force: true });
    await real.server.db.updateTable('notifications').set({ removed_at: new Date().toISOString() }).where('id', '=', n.id).execute();
    await markNotificationRead(n.id);
    expect(await flushOutbox()).toMatchObject({ sent: 1, rejected: 0 });
    expect(await db.notifications.get(n.id)).toBeUndefined();
  });

  it('saves and deletes this device\'s push subscription; new notifications are pushed to it', async () => {
    expect(await getVapidPublicKey()).toBe(real.server.vapidPublicKey);
    const endpoint = `http://127.0.0.1:9/push/${Date.now()}`;
    const p256dh = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString('base64url');
    const auth = Buffer.alloc(16, 9).toString('base64url');
    expect(await savePushSubscription({ endpoint, keys: { p256dh, auth } })).toMatchObject({ endpoint });
    // Saving again is harmless (an upsert by endpoint).
    await savePushSubscription({ endpoint, keys: { p256dh, auth } });

    const n = await notify('Pushed to you');
    const push = pushSender.sent.find((s) => s.endpoint === endpoint);
    expect(push?.payload).toMatchObject({ notification: { id: n.id, message: 'Pushed to you' }, unread_count: 1 });

    await deletePushSubscription(endpoint);
    pushSender.sent.length = 0;
    await notify('Not pushed');
    expect(pushSender.sent.filter((s) => s.endpoint === endpoint)).toEqual([]);
  });

  it('realtime end to end: a server-side notification reaches Dexie within 2 s, its removal too', async () => {
    const cookie = [...browser.jar.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    let created = 0;
    startRealtime({
      visibility: { visibilityState: 'visible', addEventListener: () => undefined, removeEventListener: () => undefined },
      createClient: () => {
        created += 1;
        const client = new Faye.Client(`${real.server.url}/realtime`, { timeout: 60 });
        // Node has no cookie jar shared with fetch: hand the session cookie over, as a browser would.
        client.setHeader('Cookie', cookie);
        return asRealtimeClient(client);
      },
    });
    // Subscribed once the catch-up pull has run.
    await waitFor(async () => (await db.pulls.get('notifications')) !== undefined, 5_000);
    expect(created).toBe(1);

    const started = Date.now();
    const n = await notify('Live one');
    await waitFor(async () => (await db.notifications.get(n.id)) !== undefined, 2_000);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await db.notifications.get(n.id)).toMatchObject({ message: 'Live one', read_at: null });

    // Read on another device: the update arrives here too.
    const { profileId, accounts } = await member();
    await real.server.notifications.transaction((trx) => markRead(trx, profileId, [n.id], new Date()));
    await waitFor(async () => (await db.notifications.get(n.id))?.read_at != null, 2_000);

    // Removed: it goes from the device.
    await real.server.publish(`/n/${accounts[0]!.short_id}`, { event: 'removed', notification: { ...n, removed_at: new Date().toISOString() } });
    await waitFor(async () => (await db.notifications.get(n.id)) === undefined, 2_000);
  }, 15_000);
});
