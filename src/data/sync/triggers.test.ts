import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiRequest } from '../api/client';
import { db } from '../db';
import { commandTransaction, configureOutbox, enqueue, registerOp } from './outbox';
import { flushOutbox } from './replay';
import { getStatus } from './status';
import { requestBackgroundSync, startSync } from './triggers';
import { makeProfile, resetDb, signedInLocally, withFakeApi, waitFor } from '../../../tests/support/data-helpers';

const fake = withFakeApi();
let stop: (() => void) | undefined;

registerOp<{ n: number }, unknown>('test.ping', {
  send: (args, idempotencyKey) => apiRequest('POST', '/ping', { body: args, idempotencyKey, scope: null }),
});

function ping(n: number): Promise<unknown> {
  return commandTransaction([], () => enqueue('test.ping', { n }, []));
}

class FakeDocument extends EventTarget {
  visibilityState: DocumentVisibilityState = 'visible';
}

beforeEach(async () => {
  fake.api.handle(() => ({ body: {} }));
  await resetDb();
  await signedInLocally(makeProfile(1));
});
afterEach(async () => {
  stop?.();
  stop = undefined;
  await flushOutbox().catch(() => undefined);
});

describe('startSync', () => {
  it('flushes on start and after a command commits', async () => {
    await ping(1);
    stop = startSync({ window: new EventTarget(), document: new FakeDocument() });
    await waitFor(() => fake.api.requests.length === 1);
    await ping(2);
    await waitFor(() => fake.api.requests.length === 2);
    await waitFor(async () => (await db.outbox.count()) === 0);
  });

  it('tracks online/offline in the status row and flushes when back online, ignoring the backoff', async () => {
    const win = new EventTarget();
    stop = startSync({ window: win, document: new FakeDocument() });
    await waitFor(async () => (await getStatus()).online);
    win.dispatchEvent(new Event('offline'));
    await waitFor(async () => !(await getStatus()).online);

    fake.api.handle(() => ({ status: 503, body: { message: 'Busy', code: 'unavailable' } }));
    configureOutbox({ random: () => 0.999, baseMs: 60_000 });
    await ping(1);
    await waitFor(async () => (await getStatus()).nextAttemptAt !== null);
    const before = fake.api.requests.length;

    fake.api.handle(() => ({ body: {} }));
    win.dispatchEvent(new Event('online'));
    await waitFor(async () => (await db.outbox.count()) === 0);
    expect(fake.api.requests.length).toBe(before + 1);
    expect((await getStatus()).online).toBe(true);
  });

  it('retries on the backoff timer', async () => {
    configureOutbox({ random: () => 0.999, baseMs: 30 });
    let failures = 2;
    fake.api.handle(() => (failures-- > 0 ? { status: 500, body: { message: 'Oops', code: 'internal' } } : { body: {} }));
    stop = startSync({ window: new EventTarget(), document: new FakeDocument() });
    await ping(1);
    await waitFor(async () => (await db.outbox.count()) === 0);
    expect(fake.api.requests).toHaveLength(3);
    expect(new Set(fake.api.requests.map((request) => request.headers['idempotency-key'])).size).toBe(1);
  });

  it('flushes when the tab becomes visible or gains focus', async () => {
    const win = new EventTarget();
    const doc = new FakeDocument();
    stop = startSync({ window: win, document: doc });
    await flushOutbox(); // let the start-up flush finish
    // Put an entry in without going through the commit trigger.
    await db.outbox.add({ id: crypto.randomUUID(), op: 'test.ping', args: { n: 1 }, createdAt: Date.now(), attempts: 0, status: 'pending', schemaVersion: 1, touches: [] });
    doc.visibilityState = 'hidden';
    doc.dispatchEvent(new Event('visibilitychange'));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(fake.api.requests).toHaveLength(0);
    doc.visibilityState = 'visible';
    doc.dispatchEvent(new Event('visibilitychange'));
    await waitFor(() => fake.api.requests.length === 1);

    await db.outbox.add({ id: crypto.randomUUID(), op: 'test.ping', args: { n: 2 }, createdAt: Date.now(), attempts: 0, status: 'pending', schemaVersion: 1, touches: [] });
    win.dispatchEvent(new Event('focus'));
    await waitFor(() => fake.api.requests.length === 2);
  });

  it('stops listening when stopped', async () => {
    const win = new EventTarget();
    stop = startSync({ window: win, document: new FakeDocument() });
    await flushOutbox();
    stop();
    await ping(1);
    win.dispatchEvent(new Event('online'));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(fake.api.requests).toHaveLength(0);
  });
});

describe('requestBackgroundSync', () => {
  it('is a no-op without service workers (node, Safari, Firefox)', async () => {
    expect(await requestBackgroundSync()).toBe(false);
  });
});
