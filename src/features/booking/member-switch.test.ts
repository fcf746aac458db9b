// @vitest-environment happy-dom
// Member A books and signs out; member B signs in in the same tab (same module instance). No value
// the class list yields for B may carry A's booking: the in-memory range cache is wiped with the tables.
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Profile, Session } from '../../../core/contract/types';
import { book, configureBookingClock } from './commands';
import { registerCommandOps } from '../ops';
import { signOut } from '../../data/auth';
import { signIn } from '../../data/sign-in';
import { db, type StoredSession } from '../../data/db';
import { flushOutbox } from '../../data/sync/replay';
import { useSessionsProgressive } from './hooks/sessions';
import type { FakeHandler } from '../../../tests/support/fake-api';
import { makeProfile, resetDb, resetModules } from '../../../tests/support/data-helpers';

// Hooks rendered here are unmounted after each test: a live query answering after the file ended
// would otherwise make React work in a torn-down environment.
afterEach(cleanup);

const HOUR = 3_600_000;
const BASE = Date.parse('2030-03-02T00:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
const FROM = iso(BASE);
const TO = iso(BASE + 24 * HOUR);

const memberA = makeProfile(1, { email: 'a@example.com' });
const memberB = makeProfile(2, { email: 'b@example.com' });

function session(visit: Session['visit'] = null): Session {
  return {
    id: 5, facility_guid: 'fac-1', name: 'CrossFit', description: null, location: null,
    start_date: iso(BASE + 9 * HOUR), end_date: iso(BASE + 10 * HOUR), booking_open_date: iso(BASE - 7 * 24 * HOUR), booking_close_date: iso(BASE + 9 * HOUR),
    cancellation_close_date: iso(BASE + 7 * HOUR), cancelled: false, full: false, capacity: 10, booked_count: visit ? 3 : 2, waitlist_count: 0,
    waitlists_on: true, dropin_spaces: 0, droppedin_count: 0, online_url: null, instructors: [], whiteboard_items: [],
    whiteboard_visibility: 'public', visit,
  };
}

const bookedByA = { id: 900, state: 'booked' as const, late_cancelled: false, offer_expires_at: null };

const server: FakeHandler = (request) => {
  if (request.method === 'POST' && request.path === '/authentication') {
    const email = (request.body as { email?: string } | undefined)?.email;
    const profile: Profile | undefined = [memberA, memberB].find((p) => p.email === email);
    return profile ? { body: profile } : { status: 401, body: { message: 'Wrong', code: 'unauthorized' } };
  }
  if (request.method === 'DELETE' && request.path === '/authentication') return { status: 204 };
  if (request.method === 'POST' && request.path === '/sessions/5/book') {
    return { status: 201, body: { ...bookedByA, created_at: FROM, updated_at: FROM, session: session(bookedByA) } };
  }
  return { status: 503, body: { message: 'Busy', code: 'unavailable' } };
};

/** In-process answers: happy-dom's fetch would apply a same-origin policy to a loopback API. */
function answerWith(handler: FakeHandler): void {
  resetModules('http://api.test/api/v1', async (input, init) => {
    const url = new URL(String(input));
    const path = url.pathname.replace('/api/v1', '') + url.search;
    const reply = await handler({ method: init?.method ?? 'GET', path, headers: {}, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const status = reply.status ?? 200;
    return new Response(status === 204 ? null : JSON.stringify(reply.body), { status, headers: { 'Content-Type': 'application/json' } });
  });
}

const carriesAsBooking = (rows: StoredSession[] | undefined) => (rows ?? []).some((row) => row.visit?.id === bookedByA.id);

registerCommandOps();
// Test files share modules (isolate: false): give the next file the real clock back.
afterAll(() => configureBookingClock(() => new Date()));

beforeEach(async () => {
  answerWith(server);
  configureBookingClock(() => new Date(BASE - 24 * HOUR));
  await resetDb();
});

describe('sign-out, then another member signs in in the same tab', () => {
  it("never shows member A's booking to member B, from the first render on", async () => {
    await signIn(memberA.email, 'secret');
    await db.sessions.put(session());
    await book(5);
    expect(await flushOutbox()).toMatchObject({ sent: 1 });
    const forA = renderHook(() => useSessionsProgressive('fac-1', FROM, TO, 5));
    await waitFor(() => expect(carriesAsBooking(forA.result.current)).toBe(true));
    forA.unmount();

    expect(await signOut({ force: true })).toEqual({ status: 'signed-out' });
    await signIn(memberB.email, 'secret');
    // B's own copy of the class, as B's pull would store it.
    await db.sessions.put(session());

    const seen: (StoredSession[] | undefined)[] = [];
    const forB = renderHook(() => {
      const rows = useSessionsProgressive('fac-1', FROM, TO, 5);
      seen.push(rows);
      return rows;
    });
    await waitFor(() => expect(forB.result.current?.map((row) => [row.id, row.visit])).toEqual([[5, null]]));
    forB.unmount();
    expect(seen.length).toBeGreaterThan(0);
    for (const rows of seen) expect(carriesAsBooking(rows)).toBe(false);
  });

  it('a wipe while a mounted list is open empties it, and it never shows the old rows again', async () => {
    await signIn(memberA.email, 'secret');
    await db.sessions.put(session(bookedByA));
    const seen: (StoredSession[] | undefined)[] = [];
    const list = renderHook(() => {
      const rows = useSessionsProgressive('fac-1', FROM, TO, 5);
      seen.push(rows);
      return rows;
    });
    await waitFor(() => expect(carriesAsBooking(list.result.current)).toBe(true));
    await signOut({ force: true });
    await waitFor(() => expect(list.result.current).toEqual([]));
    const afterWipe = seen.slice(seen.findIndex((rows) => rows?.length === 0));
    list.unmount();
    for (const rows of afterWipe) expect(carriesAsBooking(rows)).toBe(false);
  });
});
