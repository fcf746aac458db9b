// @vitest-environment happy-dom
// The booking hooks as screens use them: live Dexie reads that update when a command commits,
// and refresh hooks that pull in the background (again on focus) without blocking the render.
import { cleanup, act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Session } from '../../../core/contract/types';
import { book } from "./commands";
import { registerCommandOps } from "../ops";
import { configureBookingClock } from './commands';
import { db } from '../../data/db';
import { useIsPending, usePendingTouches } from '../../data/hooks/pending';
import { useRefreshSessions, useRevalidate, useSession, useSessions } from './hooks/sessions';
import { useBookings, useVisit } from './hooks/visits';
import { makeProfile, resetDb, resetModules, signedInLocally, withFakeApi } from '../../../tests/support/data-helpers';

// Hooks rendered here are unmounted after each test: a live query answering after the file ended
// would otherwise make React work in a torn-down environment.
afterEach(cleanup);

const HOUR = 3_600_000;
const BASE = Date.parse('2030-03-02T00:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
const fake = withFakeApi();

function session(id: number, startMs: number, over: Partial<Session> = {}): Session {
  return {
    id, facility_guid: 'fac-1', name: `Class ${id}`, description: null, location: null,
    start_date: iso(startMs), end_date: iso(startMs + HOUR), booking_open_date: iso(startMs - 7 * 24 * HOUR), booking_close_date: iso(startMs),
    cancellation_close_date: iso(startMs - 2 * HOUR), cancelled: false, full: false, capacity: 10, booked_count: 2, waitlist_count: 0,
    waitlists_on: true, dropin_spaces: 0, droppedin_count: 0, online_url: null, instructors: [], whiteboard_items: [],
    whiteboard_visibility: 'public', visit: null, ...over,
  };
}

registerCommandOps();

beforeEach(async () => {
  fake.api.handle(() => ({ status: 503, body: { message: 'Busy', code: 'unavailable' } }));
  await resetDb();
  await signedInLocally(makeProfile(1));
  configureBookingClock(() => new Date(BASE - 24 * HOUR));
});
afterEach(() => configureBookingClock(() => new Date()));

describe('reading hooks', () => {
  it('useSessions lists the range and follows a booking at once; the pending hooks say it waits', async () => {
    await db.sessions.bulkPut([session(2, BASE + 2 * HOUR), session(1, BASE + HOUR), session(3, BASE + 30 * HOUR)]);
    const { result } = renderHook(() => ({
      sessions: useSessions('fac-1', iso(BASE), iso(BASE + 24 * HOUR)),
      touches: usePendingTouches(),
      pending: useIsPending('sessions:1'),
      one: useSession(1),
      missing: useSession(99),
      bookings: useBookings('fac-1'),
    }));
    await waitFor(() => expect(result.current.sessions?.map((s) => s.id)).toEqual([1, 2]));
    await waitFor(() => expect(result.current.missing).toBeNull());
    // Each live query answers on its own schedule: wait for the bookings list as well.
    await waitFor(() => expect(result.current.bookings).toEqual([]));
    expect(result.current.pending).toBe(false);

    await act(() => book(1));
    await waitFor(() => expect(result.current.one?.visit?.state).toBe('booked'));
    await waitFor(() => expect(result.current.pending).toBe(true));
    const tempId = result.current.one!.visit!.id;
    // The touches query answers on its own schedule too.
    await waitFor(() => expect(result.current.touches.has(`visits:${tempId}`)).toBe(true));
    await waitFor(() => expect(result.current.bookings?.map((v) => v.id)).toEqual([tempId]));
  });

  it('useVisit is null once loaded when the device does not have the visit', async () => {
    const { result } = renderHook(() => useVisit(5));
    await waitFor(() => expect(result.current).toBeNull());
  });

  it('without a facility the list hooks stay undefined (still loading)', async () => {
    const { result } = renderHook(() => useSessions(undefined, iso(BASE), iso(BASE + HOUR)));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(result.current).toBeUndefined();
  });
});

describe('refresh hooks', () => {
  it('useRefreshSessions says when the range’s first pull has answered: not before, and also when it failed', async () => {
    let answer: (() => void) | null = null;
    resetModules(fake.api.baseUrl, async () => {
      await new Promise<void>((resolve) => (answer = resolve));
      return new Response(JSON.stringify([session(1, BASE + HOUR)]), { status: 200, headers: { 'Content-Type': 'application/json' } });
    });
    // Ranges of this test only: a pull left hanging must not be joined by another test's.
    const from = iso(BASE + 30 * 24 * HOUR);
    const { result, rerender } = renderHook(({ to }) => useRefreshSessions('fac-1', from, iso(to)), { initialProps: { to: BASE + 31 * 24 * HOUR } });
    await waitFor(() => expect(answer).not.toBeNull());
    expect(result.current).toBe(false);
    answer!();
    await waitFor(() => expect(result.current).toBe(true));

    // Another range: unanswered again until its own pull settles, here with the studio unreachable.
    resetModules(fake.api.baseUrl, () => Promise.reject(new TypeError('Failed to fetch')));
    rerender({ to: BASE + 32 * 24 * HOUR });
    expect(result.current).toBe(false);
    await waitFor(() => expect(result.current).toBe(true));
  });

  it('pull on mount and again on focus once stale, never blocking the readers', async () => {
    // In-process answers: happy-dom's fetch would apply a same-origin policy to the loopback API.
    const calls: string[] = [];
    resetModules(fake.api.baseUrl, async (input) => {
      calls.push(String(input));
      return new Response(JSON.stringify([session(1, BASE + HOUR, { name: 'From the server' })]), { status: 200, headers: { 'Content-Type': 'application/json' } });
    });
    const { result, unmount } = renderHook(() => {
      useRefreshSessions('fac-1', iso(BASE), iso(BASE + 24 * HOUR));
      return useSession(1);
    });
    await waitFor(() => expect(result.current?.name).toBe('From the server'));
    expect(calls).toHaveLength(1);
    window.dispatchEvent(new Event('focus'));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(calls).toHaveLength(1); // fresh for two minutes
    await db.pulls.clear();
    window.dispatchEvent(new Event('focus'));
    await waitFor(() => expect(calls).toHaveLength(2));
    unmount();
    await db.pulls.clear();
    window.dispatchEvent(new Event('focus'));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(calls).toHaveLength(2);
  });

  it('starts the first refresh in a task after the mount, not in it, and not at all once unmounted', async () => {
    // The refresh loads its chunk (and the chunk's preload links): that is not the work of the
    // task that mounts the screen, which a first tap on its rows waits behind.
    const runs: string[] = [];
    const { unmount } = renderHook(() => useRevalidate('week', async () => void runs.push('week')));
    expect(runs).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(runs).toEqual(['week']);
    unmount();

    const gone = renderHook(() => useRevalidate('gone', async () => void runs.push('gone')));
    gone.unmount();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(runs).toEqual(['week']);
  });
});
