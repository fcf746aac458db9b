// The service worker's push and notification-click handlers with a fake worker scope: what goes
// into Dexie, what is shown, the app badge, and where a tap leads. The handlers are loaded by
// path so the page's type check does not take in the WebWorker lib they are written against.
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppNotification, NotificationPushPayload, Session, Visit, VisitState } from '../../../core/contract/types';
import { registerCommandOps } from "../ops";
import { db } from '../../data/db';
import { NOTIFICATION_NAVIGATE_MESSAGE } from '../../../core/rules/notifications';
import { makeProfile, resetDb, signedInLocally, signedOutLocally, withFakeApi } from '../../../tests/support/data-helpers';

interface Shown {
  title: string;
  options: { body?: string; tag?: string; icon?: string; badge?: string; data?: unknown; actions?: { action: string; title: string }[] };
  closed: boolean;
}

interface FakeWindow {
  focused: boolean;
  visibilityState: 'visible' | 'hidden';
  focus: () => Promise<FakeWindow>;
  navigate: (url: string) => Promise<FakeWindow | null>;
  postMessage: (message: unknown) => void;
}

function fakeScope(windows: FakeWindow[] = []) {
  const shown: Shown[] = [];
  const badge: (number | 'clear')[] = [];
  const opened: string[] = [];
  return {
    shown,
    badge,
    opened,
    registration: {
      showNotification: async (title: string, options: Shown['options']) => {
        for (const s of shown) if (s.options.tag === options.tag) s.closed = true;
        shown.push({ title, options, closed: false });
      },
      getNotifications: async ({ tag }: { tag: string }) =>
        shown.filter((s) => s.options.tag === tag && !s.closed).map((s) => ({ close: () => void (s.closed = true) })),
    },
    navigator: {
      setAppBadge: async (count: number) => void badge.push(count),
      clearAppBadge: async () => void badge.push('clear'),
    },
    clients: {
      matchAll: async () => windows,
      openWindow: async (url: string) => {
        opened.push(url);
        return null;
      },
    },
  };
}

type Scope = ReturnType<typeof fakeScope>;

interface PushModule {
  handlePush(self: Scope, data: { json(): unknown } | null): Promise<void>;
}
interface ClickModule {
  handleNotificationClick(self: Scope, notification: { data: unknown; close(): void }, action?: string): Promise<void>;
}

function fakeWindow(over: Partial<FakeWindow> = {}): FakeWindow {
  const win: FakeWindow = {
    focused: true,
    visibilityState: 'visible',
    focus: vi.fn(async () => win),
    navigate: vi.fn(async () => win),
    postMessage: vi.fn(),
    ...over,
  };
  return win;
}

function note(id: number, over: Partial<AppNotification> = {}): AppNotification {
  return {
    id, type: 'class_cancelled', message: 'Your HIIT class was cancelled. No charge was made.',
    params: { class: { id: 40 + id, name: 'HIIT', start_date: '2026-11-23T06:00:00Z' } }, avatar_url: null,
    read_at: null, removed_at: null, expires_at: null, created_at: '2026-11-22T00:00:00.000Z', updated_at: '2026-11-22T00:00:00.000Z', ...over,
  };
}

const payload = (body: Partial<NotificationPushPayload> | unknown) => ({ json: () => body });

const fake = withFakeApi();
let push: PushModule;
let click: ClickModule;

registerCommandOps();

beforeAll(async () => {
  const pushPath = '../../../sw/push';
  const clickPath = '../../../sw/notification-click';
  push = (await import(/* @vite-ignore */ pushPath)) as PushModule;
  click = (await import(/* @vite-ignore */ clickPath)) as ClickModule;
});
beforeEach(async () => {
  fake.api.handle((r) => {
    const read = /^\/notifications\/(\d+)\/mark_as_read$/.exec(r.path);
    if (read) return { body: note(Number(read[1]), { read_at: '2026-11-22T10:00:00.000Z' }) };
    if (r.path === '/notifications') return { body: { data: [note(3, { message: 'The whole message. It is long.' })] } };
    return { status: 404, body: { message: 'No handler', code: 'not_found' } };
  });
  await resetDb();
  await signedInLocally(makeProfile(1));
  vi.restoreAllMocks();
});

describe('push', () => {
  it('stores the notification, shows it and sets the badge to the unread count', async () => {
    const self = fakeScope();
    await db.notifications.put(note(1));
    await push.handlePush(self, payload({ notification: note(2), unread_count: 9 }));
    expect(await db.notifications.get(2)).toEqual(note(2));
    expect(self.shown).toEqual([
      {
        title: 'Your HIIT class was cancelled.',
        options: { body: 'No charge was made.', tag: 'n-2', icon: '/icon-192.png', badge: '/icon-maskable-192.png', data: { id: 2, path: '/classes/42' } },
        closed: false,
      },
    ]);
    // Dexie's count, the one the bell shows.
    expect(self.badge).toEqual([2]);
  });

  it('closes instead of showing when it was removed or read elsewhere', async () => {
    const self = fakeScope();
    await push.handlePush(self, payload({ notification: note(2), unread_count: 1 }));
    await push.handlePush(self, payload({ notification: note(2, { removed_at: '2026-11-22T01:00:00.000Z' }), unread_count: 0 }));
    expect(self.shown.map((s) => s.closed)).toEqual([true]);
    expect(await db.notifications.get(2)).toBeUndefined();
    expect(self.badge).toEqual([1, 'clear']);

    await push.handlePush(self, payload({ notification: note(3), unread_count: 1 }));
    await push.handlePush(self, payload({ notification: note(3, { read_at: '2026-11-22T01:00:00.000Z' }), unread_count: 0 }));
    expect(self.shown.filter((s) => s.options.tag === 'n-3').map((s) => s.closed)).toEqual([true]);
  });

  it('fetches the whole list when the payload was shortened', async () => {
    const self = fakeScope();
    await push.handlePush(self, payload({ notification: note(3, { message: 'The whole…' }), unread_count: 1, truncated: true }));
    expect(fake.api.requests.map((r) => r.path)).toEqual(['/notifications']);
    expect(self.shown[0]).toMatchObject({ title: 'The whole message.', options: { body: 'It is long.' } });
  });

  it('shows but keeps nothing while nobody is signed in', async () => {
    await signedOutLocally();
    const self = fakeScope();
    await push.handlePush(self, payload({ notification: note(2), unread_count: 1 }));
    expect(self.shown).toHaveLength(1);
    expect(await db.notifications.count()).toBe(0);
  });

  it('ignores a payload without a notification', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const self = fakeScope();
    await push.handlePush(self, payload({ hello: 1 }));
    await push.handlePush(self, { json: () => JSON.parse('not json') as unknown });
    await push.handlePush(self, null);
    // A notification without the fields the list relies on is neither stored nor shown.
    const { message: _message, updated_at: _updated, ...broken } = note(4);
    await push.handlePush(self, payload({ notification: broken, unread_count: 1 }));
    await push.handlePush(self, payload({ notification: note(5), unread_count: 'one' }));
    expect(self.shown).toEqual([]);
    expect(await db.notifications.count()).toBe(0);
    expect(warn).toHaveBeenCalledTimes(5);
  });
});

describe('notification click', () => {
  const shownNotification = (data: unknown) => ({ data, close: vi.fn() });

  it('marks read through the outbox and navigates the open window to the class', async () => {
    const win = fakeWindow();
    const self = fakeScope([fakeWindow({ focused: false, visibilityState: 'hidden' }), win]);
    await db.notifications.put(note(2));
    const tapped = shownNotification({ id: 2, path: '/classes/42' });
    await click.handleNotificationClick(self, tapped);
    expect(tapped.close).toHaveBeenCalled();
    expect(win.focus).toHaveBeenCalled();
    expect(win.navigate).toHaveBeenCalledWith('/classes/42');
    expect(fake.api.requests.map((r) => [r.method, r.path])).toEqual([['PUT', '/notifications/2/mark_as_read']]);
    expect(fake.api.requests[0]?.headers['idempotency-key']).toBeTruthy();
    expect(await db.outbox.count()).toBe(0);
    expect((await db.notifications.get(2))?.read_at).toBe('2026-11-22T10:00:00.000Z');
    expect(self.badge).toEqual(['clear']);
  });

  it('opens a window when none is open', async () => {
    const self = fakeScope();
    await click.handleNotificationClick(self, shownNotification({ id: 7, path: '/appointments/7' }));
    expect(self.opened).toEqual(['/appointments/7']);
    expect(fake.api.requests.map((r) => r.path)).toEqual(['/notifications/7/mark_as_read']);
  });

  it('asks the page to navigate when the window cannot be navigated from here', async () => {
    const win = fakeWindow({ navigate: vi.fn(() => Promise.reject(new TypeError('not controlled'))) });
    await click.handleNotificationClick(fakeScope([win]), shownNotification({ id: 2, path: '/classes/42' }));
    expect(win.postMessage).toHaveBeenCalledWith({ type: NOTIFICATION_NAVIGATE_MESSAGE, path: '/classes/42' });
  });

  it('an unknown type is logged and only brings the app forward', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await db.notifications.bulkPut([note(5, { type: 'birthday', params: {} }), note(6, { type: 'birthday', params: {} })]);
    const win = fakeWindow();
    await click.handleNotificationClick(fakeScope([win]), shownNotification({ id: 5, path: null }));
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('"birthday"'));
    expect(win.focus).toHaveBeenCalled();
    expect(win.navigate).not.toHaveBeenCalled();
    const self = fakeScope();
    await click.handleNotificationClick(self, shownNotification({ id: 6, path: null }));
    expect(self.opened).toEqual(['/']);
  });

  it('never follows a path to another site', async () => {
    const self = fakeScope();
    await click.handleNotificationClick(self, shownNotification({ id: 8, path: '//evil.example/' }));
    expect(self.opened).toEqual(['/']);
  });
});

describe('a waitlist offer answered from its notification', () => {
  const at = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
  const expires = at(30);
  const offered = (state: VisitState = 'pending'): Session => ({
    id: 70, facility_guid: 'fac-1', name: 'HIIT', description: null, location: null,
    start_date: at(180), end_date: at(240), booking_open_date: at(-7 * 24 * 60), booking_close_date: at(180),
    cancellation_close_date: at(60), cancelled: false, full: true, capacity: 10, booked_count: 10, offered_count: 1, waitlist_count: 0,
    waitlists_on: true, dropin_spaces: 0, droppedin_count: 0, online_url: null, instructors: [], whiteboard_items: [],
    whiteboard_visibility: 'public', visit: { id: 500, state, late_cancelled: false, offer_expires_at: state === 'pending' ? expires : null },
  });
  const answered = (state: VisitState): Visit => ({ id: 500, state, late_cancelled: false, offer_expires_at: null, created_at: at(-60), updated_at: at(0), session: offered(state) });
  const offer = note(9, {
    type: 'waitlist', message: 'A place opened up in HIIT on Sun 22 Nov at 1:00 PM. Confirm it before 10:30 AM.',
    params: { class: { id: 70, name: 'HIIT', start_date: at(180) }, visit: { id: 500 } }, expires_at: expires,
  });
  let online = true;
  const server = (r: { method: string; path: string }) => {
    if (!online) return { status: 503, body: { message: 'Unavailable', code: 'unavailable' } };
    if (r.method === 'PUT' && r.path === '/visits/500/confirm') return { body: answered('booked') };
    if (r.method === 'PUT' && r.path === '/visits/500/decline') return { body: answered('cancelled') };
    if (r.path === '/notifications/9/mark_as_read') return { body: { ...offer, read_at: at(0) } };
    if (r.path === '/sessions/70') return { body: offered() };
    return { status: 404, body: { message: 'No handler', code: 'not_found' } };
  };
  beforeEach(async () => {
    online = true;
    fake.api.handle(server);
    await db.sessions.put(offered());
  });

  it('shows Confirm and Decline in the member\'s language, with the class in the data', async () => {
    await db.profiles.update(1, { locale: 'fr' });
    const self = fakeScope();
    await push.handlePush(self, payload({ notification: offer, unread_count: 1 }));
    expect(self.shown[0]).toMatchObject({
      title: 'A place opened up in HIIT on Sun 22 Nov at 1:00 PM.',
      options: { body: 'Confirm it before 10:30 AM.', data: { id: 9, path: '/classes/70', offerClassId: 70 }, actions: [{ action: 'confirm', title: 'Confirmer' }, { action: 'decline', title: 'Refuser' }] },
    });
    // The offered class is fetched while the push is handled, so the buttons work offline later.
    expect(fake.api.requests.map((r) => r.path)).toContain('/sessions/70');
    // Other notifications have no buttons.
    await push.handlePush(self, payload({ notification: note(2), unread_count: 2 }));
    expect(self.shown[1]?.options.actions).toBeUndefined();
  });

  it('shows the offer before the class is fetched: a network that is slow to answer does not hold it back', async () => {
    let answer: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (answer = resolve));
    fake.api.handle(async (r) => {
      if (r.path === '/sessions/70') await held;
      return server(r);
    });
    const self = fakeScope();
    const handled = push.handlePush(self, payload({ notification: offer, unread_count: 1 }));
    // Up with its buttons while the class's request is still out.
    await vi.waitFor(() => expect(self.shown[0]?.options.actions).toHaveLength(2));
    await vi.waitFor(() => expect(fake.api.requests.map((r) => r.path)).toContain('/sessions/70'));
    expect(self.badge).toEqual([]);
    answer();
    // The push is done only once the class is on the device (the worker may stop right after).
    await handled;
    expect(self.badge).toEqual([1]);
  });

  it('Confirm queues the class page\'s command and sends it, opening no window', async () => {
    await db.notifications.put(offer);
    const self = fakeScope();
    const shown = { data: { id: 9, path: '/classes/70', offerClassId: 70 }, close: vi.fn() };
    await click.handleNotificationClick(self, shown, 'confirm');
    expect(shown.close).toHaveBeenCalled();
    expect(self.opened).toEqual([]);
    expect(fake.api.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['PUT /visits/500/confirm', 'PUT /notifications/9/mark_as_read']);
    expect(await db.outbox.count()).toBe(0);
    expect((await db.sessions.get(70))?.visit?.state).toBe('booked');
    expect(self.shown).toEqual([]);
  });

  it('offline, Confirm waits in the outbox (the member is told), then is sent once with its key', async () => {
    await db.notifications.put(offer);
    online = false;
    const self = fakeScope();
    await click.handleNotificationClick(self, { data: { id: 9, path: '/classes/70', offerClassId: 70 }, close: vi.fn() }, 'confirm');
    expect((await db.outbox.toArray()).map((e) => e.op).sort()).toEqual(['booking.confirm', 'notifications.markRead'].sort());
    expect((await db.sessions.get(70))?.visit?.state).toBe('booked');
    expect(self.shown).toMatchObject([{ title: 'Place confirmed. It will be sent when you are back online.', options: { tag: 'n-9' } }]);
    expect(self.opened).toEqual([]);

    online = true;
    fake.api.requests.length = 0;
    const { flushOutbox } = await import('../../data/sync/replay');
    await flushOutbox({ ignoreBackoff: true });
    const confirms = fake.api.requests.filter((r) => r.path === '/visits/500/confirm');
    expect(confirms).toHaveLength(1);
    expect(confirms[0]?.headers['idempotency-key']).toBeTruthy();
    expect(await db.outbox.count()).toBe(0);
  });

  it('Decline answers through the outbox too', async () => {
    const self = fakeScope();
    await click.handleNotificationClick(self, { data: { id: 9, path: '/classes/70', offerClassId: 70 }, close: vi.fn() }, 'decline');
    expect(fake.api.requests.map((r) => `${r.method} ${r.path}`)).toContain('PUT /visits/500/decline');
    expect((await db.sessions.get(70))?.visit?.state).toBe('cancelled');
  });

  it('an offer the device cannot answer (already answered) opens the class page instead', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await db.sessions.put(offered('booked'));
    fake.api.handle((r) => (r.path === '/sessions/70' ? { body: offered('booked') } : server(r)));
    const self = fakeScope();
    await click.handleNotificationClick(self, { data: { id: 9, path: '/classes/70', offerClassId: 70 }, close: vi.fn() }, 'confirm');
    expect(self.opened).toEqual(['/classes/70']);
    expect(await db.outbox.count()).toBe(0);
    expect(warn).toHaveBeenCalled();
  });
});
