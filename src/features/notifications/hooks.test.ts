// @vitest-environment happy-dom
// What the shell and the settings screen read: the notification list with its loading state,
// the app badge kept equal to the unread count, and whether this device can get push.
import { cleanup, act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppNotification } from '../../../core/contract/types';
import { showAppBadge, startAppBadge, type BadgeTarget } from './badge';
import { db } from '../../data/db';
import { useNotifications, useNotificationsLoaded, useUnreadCount } from './hooks';
import { usePushState } from './push-state';
import { classifyPushSupport, type PushEnvironment } from './push';
import { listenForNotificationNavigation } from './navigation';
import { NOTIFICATION_NAVIGATE_MESSAGE } from '../../../core/rules/notifications';
import { NOTIFICATIONS_RESOURCE } from './resource';
import { makeProfile, resetDb, signedInLocally } from '../../../tests/support/data-helpers';

// Hooks rendered here are unmounted after each test: a live query answering after the file ended
// would otherwise make React work in a torn-down environment.
afterEach(cleanup);

function note(id: number, over: Partial<AppNotification> = {}): AppNotification {
  return {
    id, type: 'appointment', message: `Message ${id}`, params: { appointment: { id } }, avatar_url: null,
    read_at: null, removed_at: null, expires_at: null, created_at: '2026-11-20T00:00:00.000Z', updated_at: `2026-11-2${id}T00:00:00.000Z`, ...over,
  };
}

beforeEach(async () => {
  await resetDb();
  await signedInLocally(makeProfile(1));
});

describe('useNotifications', () => {
  it('is undefined until the list was loaded once, then the visible rows newest first', async () => {
    const { result } = renderHook(() => ({ list: useNotifications(), loaded: useNotificationsLoaded(), unread: useUnreadCount() }));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(result.current.list).toBeUndefined();
    expect(result.current.loaded).toBe(false);

    await act(() => db.pulls.put({ resource: NOTIFICATIONS_RESOURCE, fetchedAt: Date.now() }));
    await waitFor(() => expect(result.current.list).toEqual([]));
    expect(result.current.loaded).toBe(true);

    await act(() => db.notifications.bulkPut([note(1), note(3, { read_at: '2026-11-23T00:00:00Z' }), note(2), note(4, { removed_at: '2026-11-23T00:00:00Z' })]));
    await waitFor(() => expect(result.current.list?.map((n) => n.id)).toEqual([3, 2, 1]));
    expect(result.current.unread).toBe(2);
  });

  it('counts as loaded when rows arrived live before any pull', async () => {
    await db.notifications.put(note(1));
    const { result } = renderHook(() => useNotifications());
    await waitFor(() => expect(result.current?.map((n) => n.id)).toEqual([1]));
  });
});

describe('the app badge', () => {
  const fakeBadge = () => {
    const calls: (number | 'clear')[] = [];
    const target: BadgeTarget = {
      setAppBadge: async (n) => void calls.push(n ?? 0),
      clearAppBadge: async () => void calls.push('clear'),
    };
    return { calls, target };
  };

  it('follows the unread count and clears at zero', async () => {
    const { calls, target } = fakeBadge();
    await db.notifications.bulkPut([note(1), note(2)]);
    const stop = startAppBadge(target);
    await waitFor(() => expect(calls).toEqual([2]));
    await db.notifications.update(1, { read_at: '2026-11-23T00:00:00Z' });
    await waitFor(() => expect(calls).toEqual([2, 1]));
    await db.notifications.clear();
    await waitFor(() => expect(calls).toEqual([2, 1, 'clear']));
    stop();
    await db.notifications.put(note(5));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(calls).toEqual([2, 1, 'clear']);
  });

  it('does nothing without the Badging API, and swallows a refusal', async () => {
    expect(await showAppBadge(3, {})).toBe(false);
    expect(startAppBadge({})).toBeTypeOf('function');
    expect(await showAppBadge(3, { setAppBadge: () => Promise.reject(new DOMException('Not allowed', 'NotAllowedError')) })).toBe(false);
  });
});

describe('push support', () => {
  const env = (over: Partial<PushEnvironment>): PushEnvironment => ({
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130', maxTouchPoints: 0, standalone: false, pushApis: true, permission: 'default', ...over,
  });

  it('reports the permission where push exists', () => {
    expect(classifyPushSupport(env({}))).toBe('default');
    expect(classifyPushSupport(env({ permission: 'granted' }))).toBe('granted');
    expect(classifyPushSupport(env({ permission: 'denied' }))).toBe('denied');
    expect(classifyPushSupport(env({ pushApis: false }))).toBe('unsupported');
    expect(classifyPushSupport(env({ permission: null }))).toBe('unsupported');
  });

  it('on iOS, asks for the Home Screen first', () => {
    const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile/15E148 Safari/604.1';
    const ipad = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/18.0 Safari/605.1.15';
    expect(classifyPushSupport(env({ userAgent: iphone, pushApis: false, permission: null }))).toBe('ios-needs-install');
    expect(classifyPushSupport(env({ userAgent: ipad, maxTouchPoints: 5, pushApis: false }))).toBe('ios-needs-install');
    expect(classifyPushSupport(env({ userAgent: iphone, standalone: true }))).toBe('default');
    // A Mac without a touch screen is a Mac.
    expect(classifyPushSupport(env({ userAgent: ipad, pushApis: false, permission: null }))).toBe('unsupported');
  });

  it('usePushState reads the device (no push in this test browser)', async () => {
    const { result } = renderHook(() => usePushState());
    await waitFor(() => expect(result.current).toEqual({ support: 'unsupported', subscribed: false }));
  });
});

describe('navigation asked by the service worker', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('opens same-origin paths only', () => {
    const container = new EventTarget();
    vi.stubGlobal('navigator', { ...navigator, serviceWorker: container });
    const navigate = vi.fn();
    const stop = listenForNotificationNavigation(navigate);
    const send = (data: unknown) => container.dispatchEvent(new MessageEvent('message', { data }));
    send({ type: NOTIFICATION_NAVIGATE_MESSAGE, path: '/classes/4' });
    send({ type: NOTIFICATION_NAVIGATE_MESSAGE, path: '//evil.example/x' });
    send({ type: NOTIFICATION_NAVIGATE_MESSAGE, path: 'https://evil.example/' });
    send({ type: NOTIFICATION_NAVIGATE_MESSAGE, path: '/\t/evil.example/' });
    send({ type: 'other', path: '/x' });
    stop();
    send({ type: NOTIFICATION_NAVIGATE_MESSAGE, path: '/classes/5' });
    expect(navigate.mock.calls).toEqual([['/classes/4']]);
  });
});
