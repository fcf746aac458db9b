// The service worker's push and notification-click handlers with a fake worker scope: what goes
// into Dexie, what is shown, the app badge, and where a tap leads. The handlers are loaded by
// path so the page's type check does not take in the WebWorker lib they are written against.
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppNotification, NotificationPushPayload } from '../../../core/contract/types';
import { registerCommandOps } from "../ops";
import { db } from '../../data/db';
import { NOTIFICATION_NAVIGATE_MESSAGE } from '../../../core/rules/notifications';
import { makeProfile, resetDb, signedInLocally, signedOutLocally, withFakeApi } from '../../../tests/support/data-helpers';

interface Shown {
  title: string;
  options: { body?: string; tag?: string; icon?: string; badge?: string; data?: unknown };
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
  handleNotificationClick(self: Scope, notification: { data: unknown; close(): void }): Promise<void>;
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
