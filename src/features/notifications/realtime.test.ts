// The page's realtime monitor with a fake Faye client: which channels it listens to as the
// member and their accounts change, visibility, catch-up pulls, transport status, and what each
// message does to Dexie.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppNotification } from '../../../core/contract/types';
import { markNotificationRead } from "./commands";
import { registerCommandOps } from "../ops";
import { db } from '../../data/db';
import {
  applyRealtimeMessage, memberChannels, realtimeState, startRealtime, stopRealtime, type RealtimeClient, type RealtimeSubscription,
} from './realtime';
import { getStatus } from '../../data/sync/status';
import { makeAccount, makeProfile, resetDb, signedInLocally, signedOutLocally, withFakeApi, waitFor } from '../../../tests/support/data-helpers';

function note(id: number, over: Partial<AppNotification> = {}): AppNotification {
  return {
    id, type: 'post', message: `Message ${id}`, params: { posts: [{ id: 1, author: { full_name: 'Ana' } }] }, avatar_url: null,
    read_at: null, removed_at: null, expires_at: null, created_at: '2026-11-20T00:00:00.000Z', updated_at: '2026-11-20T00:00:00.000Z', ...over,
  };
}

class FakeFaye implements RealtimeClient {
  readonly subscriptions = new Map<string, (data: unknown) => void>();
  readonly cancelled: string[] = [];
  private readonly listeners = new Map<string, (() => void)[]>();
  disconnected = false;
  constructor(private readonly refuse = false) {}

  subscribe(channel: string, onMessage: (data: unknown) => void): RealtimeSubscription {
    this.subscriptions.set(channel, onMessage);
    const answer = this.refuse ? Promise.reject(new Error('403::Forbidden channel')) : Promise.resolve();
    return {
      cancel: () => {
        this.subscriptions.delete(channel);
        this.cancelled.push(channel);
      },
      then: (ok, fail) => answer.then(ok, fail),
    };
  }

  bind(event: string, listener: () => void): void {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
  }

  trigger(event: 'transport:down' | 'transport:up'): void {
    for (const listener of this.listeners.get(event) ?? []) listener();
  }

  disconnect(): void {
    this.disconnected = true;
  }

  publish(channel: string, data: unknown): void {
    this.subscriptions.get(channel)?.(data);
  }
}

class FakeDocument extends EventTarget {
  visibilityState: DocumentVisibilityState = 'visible';
  set(state: DocumentVisibilityState): void {
    this.visibilityState = state;
    this.dispatchEvent(new Event('visibilitychange'));
  }
}

/** The device's network, switched by the test. */
class FakeConnectivity {
  onLine = true;
  private readonly listeners = new Set<() => void>();
  listen(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  set(onLine: boolean): void {
    this.onLine = onLine;
    for (const listener of this.listeners) listener();
  }
}

const fake = withFakeApi();
let network: FakeConnectivity;
let clients: FakeFaye[];
let doc: FakeDocument;
const listed: AppNotification[] = [];
const pulls = () => fake.api.requests.filter((r) => r.method === 'GET' && r.path === '/notifications').length;
const latest = () => clients[clients.length - 1]!;
/** Until the pulls so far have landed (a forced pull joins one still running). */
async function pullsSettled(count: number): Promise<void> {
  await waitFor(() => pulls() === count);
  await waitFor(async () => (await db.pulls.get('notifications')) !== undefined);
  await new Promise((resolve) => setTimeout(resolve, 20));
}

function start(options: { refuse?: boolean; reloadAfterMs?: number; createClient?: () => Promise<RealtimeClient> } = {}): void {
  startRealtime({
    visibility: doc,
    connectivity: network,
    reloadAfterMs: options.reloadAfterMs ?? 60_000,
    createClient:
      options.createClient ??
      (async () => {
        const client = new FakeFaye(options.refuse);
        clients.push(client);
        return client;
      }),
  });
}

registerCommandOps();

beforeEach(async () => {
  listed.length = 0;
  fake.api.handle((r) => (r.path === '/notifications' ? { body: { data: listed } } : { status: 204 }));
  clients = [];
  doc = new FakeDocument();
  network = new FakeConnectivity();
  await resetDb();
});
afterEach(async () => {
  stopRealtime();
  // Let a catch-up pull still on its way land before the next test clears the database.
  await new Promise((resolve) => setTimeout(resolve, 50));
  vi.restoreAllMocks();
});

describe('memberChannels', () => {
  it('is one channel per account, hidden ones included, sorted and unique', () => {
    const profile = makeProfile(1, { accounts: [makeAccount(2), makeAccount(1, { hidden_at: '2026-01-01T00:00:00Z' }), makeAccount(3, { member_short_id: 'm2' })] });
    expect(memberChannels(profile)).toEqual(['/n/m1', '/n/m2']);
    expect(memberChannels(undefined)).toEqual([]);
  });
});

describe('the realtime monitor', () => {
  it('waits for a signed-in member, then listens to all their accounts and catches up once subscribed', async () => {
    await signedOutLocally();
    start();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(clients).toHaveLength(0);
    expect(realtimeState()).toBe('idle');

    listed.push(note(1));
    await signedInLocally(makeProfile(1, { accounts: [makeAccount(1), makeAccount(2)] }));
    await waitFor(() => clients.length === 1 && latest().subscriptions.size === 2);
    expect([...latest().subscriptions.keys()]).toEqual(['/n/m1', '/n/m2']);
    await waitFor(async () => (await db.notifications.count()) === 1);
    expect(pulls()).toBe(1);
    expect(realtimeState()).toBe('up');
  });

  it('writes created, updated and removed messages into Dexie', async () => {
    await signedInLocally(makeProfile(1));
    start();
    await pullsSettled(1);
    // The fake server lists what it publishes, as the real one would.
    listed.push(note(5));
    latest().publish('/n/m1', { event: 'created', notification: note(5) });
    await waitFor(async () => (await db.notifications.get(5)) !== undefined);

    await markNotificationRead(5);
    const readAt = (await db.notifications.get(5))?.read_at;
    latest().publish('/n/m1', { event: 'updated', notification: note(5, { message: 'Edited' }) });
    await waitFor(async () => (await db.notifications.get(5))?.message === 'Edited');
    expect((await db.notifications.get(5))?.read_at).toBe(readAt);

    latest().publish('/n/m1', { event: 'removed', notification: note(5, { removed_at: '2026-11-22T00:00:00.000Z' }) });
    await waitFor(async () => (await db.notifications.get(5)) === undefined);
  });

  it('ignores messages it does not understand', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await signedInLocally(makeProfile(1));
    expect(await applyRealtimeMessage({ type: 'waitlist', id: 1 })).toBe(false);
    expect(await applyRealtimeMessage(null)).toBe(false);
    expect(await applyRealtimeMessage({ event: 'created', notification: { id: 'x' } })).toBe(false);
    // A notification without the fields the list relies on never reaches Dexie.
    const { message: _message, created_at: _created, ...broken } = note(6);
    expect(await applyRealtimeMessage({ event: 'created', notification: broken })).toBe(false);
    expect(await applyRealtimeMessage({ event: 'created', notification: { ...note(7), read_at: 12 } })).toBe(false);
    expect(warn).toHaveBeenCalledTimes(5);
    expect(await db.notifications.count()).toBe(0);
  });

  it('disconnects while the page is hidden and catches up when it is visible again', async () => {
    await signedInLocally(makeProfile(1));
    start();
    await pullsSettled(1);
    const first = latest();
    doc.set('hidden');
    expect(first.disconnected).toBe(true);
    expect(realtimeState()).toBe('idle');

    listed.push(note(7));
    // Published while hidden: nobody hears it, the catch-up pull brings it.
    first.publish('/n/m1', { event: 'created', notification: note(8) });
    doc.set('visible');
    await waitFor(() => clients.length === 2 && pulls() === 2);
    await waitFor(async () => (await db.notifications.count()) === 1);
    expect(await db.notifications.get(7)).toBeDefined();
    expect(await db.notifications.get(8)).toBeUndefined();
  });

  it('does not connect while started hidden', async () => {
    doc.visibilityState = 'hidden';
    await signedInLocally(makeProfile(1));
    start();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(clients).toHaveLength(0);
    doc.set('visible');
    await waitFor(() => clients.length === 1);
  });

  it('offline, neither connects nor pulls (not even the 3 s reload); back online, connects and catches up', async () => {
    network.onLine = false;
    await signedInLocally(makeProfile(1));
    start({ reloadAfterMs: 20 });
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(clients).toHaveLength(0);
    expect(pulls()).toBe(0);
    network.set(true);
    await waitFor(() => clients.length === 1 && latest().subscriptions.size === 1);
    await pullsSettled(1);
    network.set(false);
    expect(latest().disconnected).toBe(true);
  });

  it('follows account changes and sign-out without React', async () => {
    const profile = makeProfile(1);
    await signedInLocally(profile);
    start();
    await waitFor(() => latest()?.subscriptions.size === 1);
    await db.profiles.put({ ...profile, accounts: [makeAccount(2)] });
    await waitFor(() => latest().subscriptions.has('/n/m2') && !latest().subscriptions.has('/n/m1'));
    expect(clients).toHaveLength(1);
    expect(latest().cancelled).toEqual(['/n/m1']);

    await signedOutLocally();
    await waitFor(() => latest().disconnected);
    expect(realtimeState()).toBe('idle');
  });

  it('reports the transport going down and up, and catches up after the gap', async () => {
    await signedInLocally(makeProfile(1));
    start();
    await pullsSettled(1);
    latest().trigger('transport:down');
    await waitFor(async () => (await getStatus()).online === false);
    expect(realtimeState()).toBe('down');
    latest().trigger('transport:up');
    await waitFor(() => pulls() === 2);
    await waitFor(async () => (await getStatus()).online === true);
    expect(realtimeState()).toBe('up');
  });

  it('loads the list 3 s after start when no catch-up has (SPEC §4), and only then', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await signedInLocally(makeProfile(1));
    // Far apart, so a busy machine's late timer cannot blur "not yet" into "already".
    start({ reloadAfterMs: 400, createClient: () => Promise.reject(new Error('faye did not load')) });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(pulls()).toBe(0);
    expect(realtimeState()).toBe('down');
    await waitFor(() => pulls() === 1);
    expect(warn).toHaveBeenCalled();
  });

  it('does not reload again when the catch-up already loaded the list', async () => {
    await signedInLocally(makeProfile(1));
    start({ reloadAfterMs: 40 });
    await waitFor(() => pulls() === 1);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(pulls()).toBe(1);
  });

  it('a refused subscription still pulls (a 401 there signs the member out)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await signedInLocally(makeProfile(1));
    start({ refuse: true });
    await waitFor(() => pulls() === 1);
    expect(warn).toHaveBeenCalledWith('Realtime subscription failed', expect.any(Error));
  });

  it('stops for good', async () => {
    await signedInLocally(makeProfile(1));
    start();
    await waitFor(() => clients.length === 1);
    stopRealtime();
    expect(latest().disconnected).toBe(true);
    expect(realtimeState()).toBe('stopped');
    await db.profiles.put(makeProfile(1, { accounts: [makeAccount(5)] }));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(clients).toHaveLength(1);
  });
});
