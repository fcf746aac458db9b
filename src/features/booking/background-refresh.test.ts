// The periodic background refresh (issue 31): the service worker's handler pulls the week the
// timetable opens on, the bookings and the notifications into Dexie and sets the badge; signed out
// or with no facility chosen it asks nothing. And the page registers it only where the browser allows.
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppNotification, Session } from '../../../core/contract/types';
import { db } from '../../data/db';
import { BACKGROUND_REFRESH_INTERVAL_MS, BACKGROUND_REFRESH_TAG } from '../../data/sync/sync-tag';
import { keepFreshInBackground } from '../../app/pwa/background-refresh';
import type { RecordedRequest } from '../../../tests/support/fake-api';
import { makeProfile, resetDb, signedInLocally, signedOutLocally, withFakeApi } from '../../../tests/support/data-helpers';

interface RefreshModule {
  refreshInBackground(self: unknown, at?: Date): Promise<string[]>;
}

const fake = withFakeApi();
let sw: RefreshModule;
// Saturday 28 Nov 2026, 07:00 in Auckland (Friday 18:00 UTC): the week is Sat 28 Nov – Fri 4 Dec there.
const AT = new Date('2026-11-27T18:00:00.000Z');

const session = (id: number): Session => ({
  id, facility_guid: 'fac-1', name: 'Sunrise Mobility', description: null, location: null,
  start_date: '2026-11-28T20:00:00.000Z', end_date: '2026-11-28T21:00:00.000Z', booking_open_date: '2026-11-21T20:00:00.000Z', booking_close_date: '2026-11-28T20:00:00.000Z',
  cancellation_close_date: '2026-11-28T18:00:00.000Z', cancelled: false, full: false, capacity: 10, booked_count: 2, waitlist_count: 0,
  waitlists_on: true, dropin_spaces: 0, droppedin_count: 0, online_url: null, instructors: [], whiteboard_items: [], whiteboard_visibility: 'public', visit: null,
});
const note: AppNotification = {
  id: 7, type: 'post', message: 'The studio is open on the holiday.', params: {}, avatar_url: null,
  read_at: null, removed_at: null, expires_at: null, created_at: '2026-11-27T17:00:00.000Z', updated_at: '2026-11-27T17:00:00.000Z',
};

function scope() {
  const badge: (number | 'clear')[] = [];
  return { badge, navigator: { setAppBadge: async (n: number) => void badge.push(n), clearAppBadge: async () => void badge.push('clear') } };
}

beforeAll(async () => {
  const path = '../../../sw/periodic-refresh';
  sw = (await import(/* @vite-ignore */ path)) as RefreshModule;
});
beforeEach(async () => {
  fake.api.handle((r: RecordedRequest) => {
    const path = r.path.split('?')[0];
    if (path === '/sessions') return { body: [session(41)] };
    if (path === '/visits/bookings') return { body: [] };
    if (path === '/notifications') return { body: { data: [note] } };
    return { status: 404, body: { message: 'No handler', code: 'not_found' } };
  });
  await resetDb();
});

describe('the background refresh (service worker)', () => {
  it('pulls the week the timetable opens on in the facility’s zone, the bookings and the notifications, then sets the badge', async () => {
    await signedInLocally(makeProfile(1));
    await db.facilities.put({ guid: 'fac-1', name: 'Wellington', time_zone: 'Pacific/Auckland' } as never);
    const self = scope();
    expect((await sw.refreshInBackground(self, AT)).sort()).toEqual(['fetched', 'fetched', 'fetched']);
    const week = fake.api.requests.find((r) => r.path.startsWith('/sessions'))!;
    const query = new URLSearchParams(week.path.split('?')[1]);
    // Midnight to midnight in Auckland (UTC+13 in summer), seven days.
    expect([query.get('start_date'), query.get('end_date')]).toEqual(['2026-11-27T11:00:00.000Z', '2026-12-04T11:00:00.000Z']);
    expect(fake.api.requests.map((r) => r.path.split('?')[0]).sort()).toEqual(['/notifications', '/sessions', '/visits/bookings']);
    expect((await db.sessions.get(41))?.name).toBe('Sunrise Mobility');
    expect((await db.notifications.get(7))?.message).toBe('The studio is open on the holiday.');
    expect(self.badge).toEqual([1]);
  });

  it('without the facility on the device, skips the week (its days are the facility’s) but not the rest', async () => {
    await signedInLocally(makeProfile(1));
    expect(await sw.refreshInBackground(scope(), AT)).toEqual(['fetched', 'fetched']);
    expect(fake.api.requests.some((r) => r.path.startsWith('/sessions'))).toBe(false);
  });

  it('signed out, asks nothing', async () => {
    await signedOutLocally();
    expect(await sw.refreshInBackground(scope(), AT)).toEqual([]);
    expect(fake.api.requests).toEqual([]);
  });
});

describe('registering it (page)', () => {
  const registration = (periodicSync?: unknown) => ({ periodicSync }) as unknown as ServiceWorkerRegistration;
  // The project shares one global scope across files: the stand-in navigator goes afterwards.
  const original = Object.getOwnPropertyDescriptor(globalThis, 'navigator');
  afterEach(() => {
    if (original) Object.defineProperty(globalThis, 'navigator', original);
    else delete (globalThis as { navigator?: unknown }).navigator;
  });
  const withPermission = (state: PermissionState | 'throws') => {
    Object.defineProperty(globalThis, 'navigator', {
      configurable: true,
      value: { permissions: { query: async () => (state === 'throws' ? Promise.reject(new TypeError('unknown permission')) : { state }) } },
    });
  };

  it('registers the tag every 12 hours once the browser grants the permission', async () => {
    const registered: [string, { minInterval: number }][] = [];
    withPermission('granted');
    expect(await keepFreshInBackground(registration({ register: async (tag: string, options: { minInterval: number }) => void registered.push([tag, options]) }))).toBe(true);
    expect(registered).toEqual([[BACKGROUND_REFRESH_TAG, { minInterval: BACKGROUND_REFRESH_INTERVAL_MS }]]);
    expect(BACKGROUND_REFRESH_INTERVAL_MS).toBe(12 * 3_600_000);
  });

  it('does nothing where there is no periodic sync, no permission, or the browser does not know it', async () => {
    const register = async () => {
      throw new Error('must not be called');
    };
    withPermission('granted');
    expect(await keepFreshInBackground(registration())).toBe(false);
    for (const state of ['prompt', 'denied', 'throws'] as const) {
      withPermission(state);
      expect(await keepFreshInBackground(registration({ register }))).toBe(false);
    }
  });
});
