// Notifications in the data layer against a programmable fake API: the pull that replaces the
// table but keeps queued reads, and the mark-read commands (optimistic, outbox, success, rollback).
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppNotification, Session } from '../../../core/contract/types';
import { markAllNotificationsRead, markNotificationRead, NOTIFICATION_MARK_READ, NOTIFICATIONS_MARK_ALL_READ } from "./commands";
import { registerCommandOps } from "../ops";
import { configureNotificationClock } from './commands';
import { db } from '../../data/db';
import { pendingTouches } from '../../data/sync/outbox';
import { flushOutbox } from '../../data/sync/replay';
import { pullNotifications, receiveNotification, removeNotification } from './pull';
import { NOTIFICATIONS_RESOURCE } from './resource';
import type { RecordedRequest } from '../../../tests/support/fake-api';
import { makeProfile, resetDb, resetModules, signedInLocally, signedOutLocally, waitFor, withFakeApi } from '../../../tests/support/data-helpers';

const NOW = new Date('2026-11-22T10:00:00.000Z');
const READ_AT = NOW.toISOString();
const fake = withFakeApi();

function note(id: number, over: Partial<AppNotification> = {}): AppNotification {
  return {
    id, type: 'class_cancelled', message: `Message ${id}`, params: { class: { id: 100 + id, name: 'HIIT', start_date: '2026-11-23T06:00:00Z' } },
    avatar_url: null, read_at: null, removed_at: null, expires_at: null,
    created_at: '2026-11-20T00:00:00.000Z', updated_at: `2026-11-2${id % 10}T00:00:00.000Z`, ...over,
  };
}

/** The server marks read at 10:00:05 and bumps updated_at. */
const serverRead = (id: number) => note(id, { read_at: '2026-11-22T10:00:05.000Z', updated_at: '2026-11-22T10:00:05.000Z' });

function answers(request: RecordedRequest) {
  const one = /^\/notifications\/(\d+)\/mark_as_read$/.exec(request.path);
  if (request.method === 'PUT' && one) return { body: serverRead(Number(one[1])) };
  if (request.method === 'PUT' && request.path === '/notifications/mark_all_read') {
    return { body: { data: (request.body as { ids: number[] }).ids.map(serverRead) } };
  }
  return { status: 404, body: { message: 'No handler', code: 'not_found' } };
}

const sessionRow: Session = {
  id: 0, facility_guid: 'fac-1', name: 'HIIT', description: null, location: null,
  start_date: '2026-11-23T06:00:00.000Z', end_date: '2026-11-23T07:00:00.000Z', booking_open_date: '2026-11-16T06:00:00.000Z', booking_close_date: '2026-11-23T06:00:00.000Z',
  cancellation_close_date: '2026-11-23T05:00:00.000Z', cancelled: true, full: false, capacity: 10, booked_count: 0, offered_count: 0, waitlist_count: 0,
  waitlists_on: true, dropin_spaces: 0, droppedin_count: 0, online_url: null, instructors: [], whiteboard_items: [], whiteboard_visibility: 'public', visit: null,
};

const writes = () => fake.api.requests.filter((r) => r.method !== 'GET');

registerCommandOps();
// Test files share modules (isolate: false): give the next file the real clock back.
afterAll(() => configureNotificationClock(() => new Date()));

beforeEach(async () => {
  fake.api.handle(answers);
  configureNotificationClock(() => NOW);
  await resetDb();
  await signedInLocally(makeProfile(1));
});

describe('markNotificationRead', () => {
  it('marks read at once and queues the PUT with the row as its touch', async () => {
    await db.notifications.bulkPut([note(1), note(2)]);
    expect(await markNotificationRead(1)).toBe(true);
    expect((await db.notifications.get(1))?.read_at).toBe(READ_AT);
    expect((await db.notifications.get(2))?.read_at).toBeNull();
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ op: NOTIFICATION_MARK_READ, args: { id: 1, readAt: READ_AT }, touches: ['notifications:1'] });
    expect(fake.api.requests).toHaveLength(0);
  });

  it('does nothing for a read notification, a queued one, or when signed out', async () => {
    await db.notifications.bulkPut([note(1, { read_at: '2026-11-21T00:00:00.000Z' }), note(2)]);
    expect(await markNotificationRead(1)).toBe(false);
    expect(await markNotificationRead(2)).toBe(true);
    expect(await markNotificationRead(2)).toBe(false);
    expect(await db.outbox.count()).toBe(1);
    await signedOutLocally();
    expect(await markNotificationRead(3)).toBe(false);
  });

  it('sends once with the entry id as Idempotency-Key, without facility headers, and keeps the server row', async () => {
    await db.notifications.put(note(1));
    await markNotificationRead(1);
    const [entry] = await db.outbox.toArray();
    expect(await flushOutbox()).toMatchObject({ outcome: 'idle', sent: 1 });
    const [request] = writes();
    expect(request).toMatchObject({ method: 'PUT', path: '/notifications/1/mark_as_read' });
    expect(request?.headers['idempotency-key']).toBe(entry?.id);
    expect(request?.headers['x-facility-id']).toBeUndefined();
    expect(await db.notifications.get(1)).toEqual(serverRead(1));
    expect(await db.outbox.count()).toBe(0);
  });

  it('still marks a notification the device does not have (a push it could not store), without adding it', async () => {
    expect(await markNotificationRead(9)).toBe(true);
    await flushOutbox();
    expect(writes().map((r) => r.path)).toEqual(['/notifications/9/mark_as_read']);
    expect(await db.notifications.get(9)).toBeUndefined();
  });

  it('restores unread when the server refuses, and says why', async () => {
    await db.notifications.put(note(1));
    fake.api.handle(() => ({ status: 422, body: { message: 'Cannot mark this one', code: 'invalid' } }));
    await markNotificationRead(1);
    expect(await flushOutbox()).toMatchObject({ rejected: 1 });
    expect((await db.notifications.get(1))?.read_at).toBeNull();
    expect((await db.notices.toArray()).map((n) => n.message)).toEqual(['Cannot mark this one']);
  });

  it('treats a notification the server no longer has as done: the row goes, no notice', async () => {
    await db.notifications.put(note(1));
    fake.api.handle(() => ({ status: 404, body: { message: 'Not found', code: 'not_found' } }));
    await markNotificationRead(1);
    expect(await flushOutbox()).toMatchObject({ sent: 1, rejected: 0 });
    expect(await db.notifications.get(1)).toBeUndefined();
    expect(await db.notices.count()).toBe(0);
  });

  it('keeps the read while the server is unreachable, and sends it later', async () => {
    await db.notifications.put(note(1));
    fake.api.handle(() => ({ status: 503, body: { message: 'Busy', code: 'unavailable' } }));
    await markNotificationRead(1);
    expect(await flushOutbox()).toMatchObject({ outcome: 'retry' });
    expect((await db.notifications.get(1))?.read_at).toBe(READ_AT);
    fake.api.handle(answers);
    expect(await flushOutbox({ ignoreBackoff: true })).toMatchObject({ sent: 1 });
    expect((await db.notifications.get(1))?.read_at).toBe('2026-11-22T10:00:05.000Z');
  });
});

describe('markAllNotificationsRead', () => {
  it('marks every unread visible notification in one queued write', async () => {
    await db.notifications.bulkPut([
      note(1), note(2), note(3, { read_at: '2026-11-21T00:00:00.000Z' }), note(4, { expires_at: '2026-11-22T09:00:00.000Z' }),
    ]);
    expect(await markAllNotificationsRead()).toBe(2);
    expect((await db.notifications.toArray()).map((n) => [n.id, n.read_at])).toEqual([
      [1, READ_AT], [2, READ_AT], [3, '2026-11-21T00:00:00.000Z'], [4, null],
    ]);
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ op: NOTIFICATIONS_MARK_ALL_READ, args: { ids: [2, 1] }, touches: ['notifications:2', 'notifications:1'] });
    await flushOutbox();
    expect(writes()).toMatchObject([{ method: 'PUT', path: '/notifications/mark_all_read', body: { ids: [2, 1] } }]);
    expect(await db.notifications.get(1)).toEqual(serverRead(1));
  });

  it('queues nothing when all is read', async () => {
    await db.notifications.put(note(1, { read_at: '2026-11-21T00:00:00.000Z' }));
    expect(await markAllNotificationsRead()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('restores every row it marked when refused, but not one the server has changed since', async () => {
    await db.notifications.bulkPut([note(1), note(2)]);
    fake.api.handle(() => ({ status: 403, body: { message: 'Forbidden', code: 'forbidden' } }));
    await markAllNotificationsRead();
    // A live update says it was read elsewhere meanwhile: that read stays.
    await receiveNotification(note(2, { read_at: '2026-11-22T10:00:01.000Z' }));
    expect((await db.notifications.get(2))?.read_at).toBe('2026-11-22T10:00:01.000Z');
    await flushOutbox();
    expect((await db.notifications.get(1))?.read_at).toBeNull();
    expect((await db.notifications.get(2))?.read_at).toBe('2026-11-22T10:00:01.000Z');
  });
});

describe('pullNotifications', () => {
  it('replaces the table with the server list and records the pull', async () => {
    await db.notifications.bulkPut([note(1), note(2)]);
    fake.api.handle((r) => (r.path === '/notifications' ? { body: { data: [note(2, { message: 'Changed' }), note(3)] } } : answers(r)));
    expect(await pullNotifications()).toBe('fetched');
    expect((await db.notifications.toArray()).map((n) => [n.id, n.message])).toEqual([[2, 'Changed'], [3, 'Message 3']]);
    expect(await db.pulls.get(NOTIFICATIONS_RESOURCE)).toBeDefined();
    expect(fake.api.requests[0]?.headers['x-facility-id']).toBeUndefined();
    // Fresh for a minute; force asks again.
    expect(await pullNotifications()).toBe('fresh');
    expect(await pullNotifications({ force: true })).toBe('fetched');
  });

  it('keeps the local read of a row with a queued write, even when the server no longer lists it', async () => {
    await db.notifications.bulkPut([note(1), note(2)]);
    await markNotificationRead(1);
    await markNotificationRead(2);
    fake.api.handle((r) => (r.path === '/notifications' ? { body: { data: [note(1, { message: 'Changed' })] } } : answers(r)));
    await pullNotifications({ force: true });
    expect(await db.notifications.get(1)).toMatchObject({ message: 'Changed', read_at: READ_AT });
    expect(await db.notifications.get(2)).toMatchObject({ read_at: READ_AT });
    expect(await pendingTouches()).toEqual(new Set(['notifications:1', 'notifications:2']));
  });

  it('drops an answer that arrives after sign-out, and does not ask when signed out', async () => {
    fake.api.handle((r) => ({ body: { data: [note(1)] }, delayMs: r.path === '/notifications' ? 50 : 0 }));
    const pulling = pullNotifications({ force: true });
    await new Promise((resolve) => setTimeout(resolve, 10));
    await signedOutLocally();
    await pulling;
    expect(await db.notifications.count()).toBe(0);
    fake.api.requests.length = 0;
    expect(await pullNotifications({ force: true })).toBe('fresh');
    expect(fake.api.requests).toHaveLength(0);
  });

  it('fetches, once each, the class and the appointment named by notifications new to the device; a first pull only what the device holds', async () => {
    const classOf = (id: number, classId: number) => note(id, { type: 'class_cancelled', params: { class: { id: classId, name: 'HIIT', start_date: '2026-11-23T06:00:00Z' } } });
    const moved = (id: number) => note(id, { type: 'appointment', params: { appointment: { id: 40 } } });
    const held = { id: 40, start_at: '2026-11-23T08:00:00.000Z', service: { name: 'PT' }, staff: { full_name: 'Jo' }, status: 'booked' as const, facility_guid: 'fac-1' };
    await db.appointments.put(held);
    const session = (id: number) => ({ ...sessionRow, id });
    await db.sessions.put(session(201));
    const fetched = () => fake.api.requests.filter((r) => r.method === 'GET' && r.path !== '/notifications').map((r) => r.path).sort();
    fake.api.handle((r) => {
      if (r.path === '/notifications') return { body: { data: list } };
      if (r.path === '/appointments/40') return { body: { ...held, start_at: '2026-11-23T09:00:00.000Z' } };
      const one = /^\/sessions\/(\d+)$/.exec(r.path);
      return one ? { body: session(Number(one[1])) } : answers(r);
    });
    // First pull on this device: the whole history. The class it holds and the appointment it holds
    // are fetched (the live channel may have missed a change made since); class 202 is not.
    let list = [classOf(1, 201), classOf(2, 202), moved(3), moved(4)];
    await pullNotifications({ force: true });
    await waitFor(async () => (await db.appointments.get(40))?.start_at === '2026-11-23T09:00:00.000Z');
    await waitFor(() => fetched().length === 2);
    expect(fetched()).toEqual(['/appointments/40', '/sessions/201']);
    // Later pulls: every class new to the device, whether it holds it or not (Confirm works from the notification).
    fake.api.requests.length = 0;
    list = [...list, classOf(5, 203), classOf(6, 203)];
    await pullNotifications({ force: true });
    await waitFor(() => fetched().length === 1);
    expect(fetched()).toEqual(['/sessions/203']);
  });

  it('reports offline without touching the table', async () => {
    await db.notifications.put(note(1));
    resetModules('http://127.0.0.1:9/api/v1');
    expect(await pullNotifications({ force: true })).toBe('offline');
    expect(await db.notifications.count()).toBe(1);
  });
});

describe('live rows', () => {
  it('upserts, keeps a queued read, and removes on removed_at or removal', async () => {
    await receiveNotification(note(1));
    await db.notifications.put(note(2));
    await markNotificationRead(2);
    await receiveNotification(note(2, { message: 'Edited', read_at: null }));
    expect(await db.notifications.get(2)).toMatchObject({ message: 'Edited', read_at: READ_AT });
    await receiveNotification(note(1, { removed_at: '2026-11-22T10:01:00.000Z' }));
    expect(await db.notifications.get(1)).toBeUndefined();
    await removeNotification(2);
    expect(await db.notifications.count()).toBe(0);
  });

  it('stores nothing while signed out', async () => {
    await signedOutLocally();
    expect(await receiveNotification(note(1))).toBe(false);
    expect(await db.notifications.count()).toBe(0);
  });
});

describe('a notifications list answered before a mark-read and applied after its confirmation', () => {
  it('keeps the notification read', async () => {
    await db.notifications.bulkPut([note(1), note(2)]);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const stale = { body: { data: [note(1), note(2)] } };
    fake.api.handle(async (r) => {
      if (r.method === 'GET' && r.path.startsWith('/notifications')) {
        await gate;
        return stale;
      }
      return answers(r);
    });
    const pulling = pullNotifications({ force: true });
    await new Promise<void>((resolve) => {
      const check = () => (fake.api.requests.some((r) => r.method === 'GET') ? resolve() : setTimeout(check, 5));
      check();
    });
    await markNotificationRead(1);
    expect(await flushOutbox()).toMatchObject({ sent: 1 });
    release();
    expect(await pulling).toBe('fetched');
    expect((await db.notifications.get(1))?.read_at).toBe('2026-11-22T10:00:05.000Z');
    expect((await db.notifications.get(2))?.read_at).toBeNull();
  });
});
