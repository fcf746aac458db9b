// Booking commands against a programmable fake API: optimistic rows, the outbox entry, success,
// rejection, temp-id resolution and rollback when later entries touched the same class.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Session, Visit, VisitState } from '../../../core/contract/types';
import { book, BOOKING_OPS, cancelBooking, CommandRefused, confirmOffer, joinWaitlist, lateCancel, removeFromWaitlist, dropIn, declineOffer, type BookingArgs } from "./commands";
import { registerCommandOps } from "../ops";
import { configureBookingClock } from './commands';
import { newTempId } from '../../data/transaction';
import { db, type StoredVisit } from '../../data/db';
import { configureOutbox, pendingTouches } from '../../data/sync/outbox';
import { flushOutbox } from '../../data/sync/replay';
import { getStatus } from '../../data/sync/status';
import { startSync } from '../../data/sync/triggers';
import type { RecordedRequest } from '../../../tests/support/fake-api';
import { makeProfile, resetDb, signedInLocally, signedOutLocally, withFakeApi, waitFor } from '../../../tests/support/data-helpers';

const NOW = new Date('2026-11-22T10:00:00.000Z');
const min = (m: number) => new Date(NOW.getTime() + m * 60_000).toISOString();
const fake = withFakeApi();

function session(over: Partial<Session> = {}, state?: VisitState, visitId = 77): Session {
  return {
    id: 5, facility_guid: 'fac-1', name: 'CrossFit', description: null, location: null,
    start_date: min(180), end_date: min(240), booking_open_date: min(-7 * 24 * 60), booking_close_date: min(180),
    cancellation_close_date: min(60), cancelled: false, full: false, capacity: 10, booked_count: 4, waitlist_count: 0,
    waitlists_on: true, dropin_spaces: 2, droppedin_count: 0, online_url: null, instructors: [], whiteboard_items: [],
    whiteboard_visibility: 'public', visit: state ? { id: visitId, state, late_cancelled: false, offer_expires_at: null } : null, ...over,
  };
}

function visit(id: number, state: VisitState, s: Session, over: Partial<Visit> = {}): Visit {
  return { id, state, late_cancelled: false, offer_expires_at: null, created_at: min(-60), updated_at: min(-60), session: s, ...over };
}

const stored = (v: Visit): StoredVisit => ({ ...v, session_id: v.session.id });

/** The server: books as visit 900 with 7 booked (others booked meanwhile), cancels 900. */
function serverAnswers(request: RecordedRequest) {
  if (request.method === 'POST' && request.path === '/sessions/5/book') {
    return { status: 201, body: visit(900, 'booked', session({ booked_count: 7 }, 'booked', 900)) };
  }
  if (request.method === 'POST' && request.path === '/sessions/5/dropin') {
    return { status: 201, body: visit(901, 'booked', session({ booked_count: 7, droppedin_count: 1 }, 'booked', 901)) };
  }
  if (request.method === 'POST' && request.path === '/sessions/5/waitlist') {
    return { status: 201, body: visit(902, 'waitlisted', session({ full: true, booked_count: 10, waitlist_count: 3 }, 'waitlisted', 902)) };
  }
  const match = /^\/visits\/(\d+)\/(cancel|latecancel|confirm|decline)$/.exec(request.path);
  if (request.method === 'PUT' && match) {
    const id = Number(match[1]);
    const state: VisitState = match[2] === 'confirm' ? 'booked' : 'cancelled';
    return { body: visit(id, state, session({ booked_count: 6 }, state, id), { late_cancelled: match[2] === 'latecancel' }) };
  }
  return { status: 404, body: { message: 'No handler', code: 'not_found' } };
}

const classFull = { status: 409, body: { message: 'This class is full. You can join the waitlist instead.', code: 'class_full' } };

async function seed(s: Session, v?: Visit): Promise<void> {
  await db.sessions.put(s);
  if (v) await db.visits.put(stored(v));
}

registerCommandOps();

beforeEach(async () => {
  fake.api.handle(serverAnswers);
  configureOutbox({ now: () => NOW.getTime(), random: () => 0.5 });
  configureBookingClock(() => NOW);
  await resetDb();
  await signedInLocally(makeProfile(1));
  // The outbox clears every pull mark only when an undo failed: this one must survive each test.
  await db.pulls.put({ resource: 'sentinel', fetchedAt: 1 });
});
afterEach(async () => {
  vi.unstubAllGlobals();
  configureBookingClock(() => new Date());
  expect(await db.pulls.get('sentinel')).toBeDefined();
});

describe('book', () => {
  it('shows at once: class row, a visit with a temporary negative id, and one outbox entry that touches both', async () => {
    await seed(session());
    await book(5);
    const row = await db.sessions.get(5);
    expect(row).toMatchObject({ booked_count: 5, visit: { state: 'booked' } });
    const tempId = row!.visit!.id;
    expect(tempId).toBeLessThan(0);
    expect(await db.visits.get(tempId)).toMatchObject({ id: tempId, state: 'booked', session_id: 5, created_at: NOW.toISOString(), session: { id: 5, booked_count: 5 } });
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ op: BOOKING_OPS.book, touches: ['sessions:5', `visits:${tempId}`], args: { action: 'book', sessionId: 5, facilityGuid: 'fac-1', visitId: tempId } });
    expect((entry!.args as unknown as BookingArgs).before).toEqual({ session: session(), visit: null });
    expect((await getStatus()).pending).toBe(1);
  });

  it('on success the server visit replaces the optimistic rows and the temporary row goes', async () => {
    await seed(session());
    await book(5);
    const tempId = (await db.sessions.get(5))!.visit!.id;
    expect(await flushOutbox()).toMatchObject({ outcome: 'idle', sent: 1 });
    const request = fake.api.requests[0]!;
    expect(request).toMatchObject({ method: 'POST', path: '/sessions/5/book', body: {} });
    expect(request.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(request.headers['x-facility-id']).toBe('fac-1');
    expect(await db.sessions.get(5)).toMatchObject({ booked_count: 7, visit: { id: 900, state: 'booked' } });
    expect(await db.visits.get(tempId)).toBeUndefined();
    expect(await db.visits.get(900)).toMatchObject({ state: 'booked', session_id: 5, session: { visit: { id: 900 } } });
    expect(await db.outbox.count()).toBe(0);
  });

  it('is sent in the scope of the class facility even when another one is selected now', async () => {
    await seed(session({ facility_guid: 'fac-other' }));
    await book(5);
    await flushOutbox();
    expect(fake.api.requests[0]?.headers['x-facility-id']).toBe('fac-other');
    expect(fake.api.requests[0]?.headers['x-club-id']).toBeUndefined();
  });

  it('a rejection restores the rows exactly, leaves the server message and marks the pulls stale', async () => {
    await seed(session({ booked_count: 9 }));
    await db.pulls.bulkPut([{ resource: 'sessions:fac-1:a:b', fetchedAt: 1 }, { resource: 'bookings:fac-1', fetchedAt: 1 }, { resource: 'profile', fetchedAt: 1 }]);
    fake.api.handle(() => classFull);
    await book(5);
    expect((await db.sessions.get(5))?.full).toBe(true);
    expect(await flushOutbox()).toMatchObject({ rejected: 1 });
    expect(await db.sessions.get(5)).toEqual(session({ booked_count: 9 }));
    expect(await db.visits.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.notices.toArray()).toMatchObject([{ op: BOOKING_OPS.book, message: 'This class is full. You can join the waitlist instead.' }]);
    expect(await db.pulls.toCollection().primaryKeys()).toEqual(['profile', 'sentinel']);
  });
});

describe('local rules refuse before anything is queued', () => {
  it('with the BookingBlock reason and other typed reasons', async () => {
    await seed(session({ full: true, booked_count: 10 }));
    const refused = (await book(5).catch((e: unknown) => e)) as CommandRefused;
    expect(refused).toBeInstanceOf(CommandRefused);
    expect(refused.reason).toBe('full');
    await expect(dropIn(5)).rejects.toMatchObject({ reason: 'full' });
    await expect(cancelBooking(5)).rejects.toMatchObject({ reason: 'not_cancelable' });
    await expect(removeFromWaitlist(5)).rejects.toMatchObject({ reason: 'not_removable' });
    await expect(confirmOffer(5)).rejects.toMatchObject({ reason: 'not_pending' });
    await expect(book(6)).rejects.toMatchObject({ reason: 'unknown_session' });
    expect(await db.outbox.count()).toBe(0);
    expect(await db.sessions.get(5)).toEqual(session({ full: true, booked_count: 10 }));
  });

  it('a cancel inside the late window needs the explicit late cancel', async () => {
    const late = session({ cancellation_close_date: min(-10) }, 'booked', 900);
    await seed(late, visit(900, 'booked', late));
    await expect(cancelBooking(5)).rejects.toMatchObject({ reason: 'late_cancel_required' });
    await lateCancel(5);
    expect(await db.visits.get(900)).toMatchObject({ state: 'cancelled', late_cancelled: true });
    await flushOutbox();
    expect(fake.api.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['PUT /visits/900/latecancel']);
  });

  it('refuses when signed out', async () => {
    await seed(session());
    await signedOutLocally();
    await expect(book(5)).rejects.toMatchObject({ reason: 'signed_out' });
  });
});

describe('actions on a visit', () => {
  it('waitlist, remove, confirm, decline and drop-in each call their endpoint with the real id', async () => {
    await seed(session({ full: true, booked_count: 10, waitlist_count: 2 }));
    await joinWaitlist(5);
    expect(await db.sessions.get(5)).toMatchObject({ waitlist_count: 3, visit: { state: 'waitlisted' } });
    await flushOutbox();
    await removeFromWaitlist(5);
    await flushOutbox();

    const offer = session({ full: true, booked_count: 10 }, 'pending', 950);
    offer.visit!.offer_expires_at = min(30);
    await seed(offer, visit(950, 'pending', offer));
    await confirmOffer(5);
    await flushOutbox();

    await seed(offer, visit(950, 'pending', offer));
    await declineOffer(5);
    await flushOutbox();

    await seed(session());
    await dropIn(5);
    expect(await db.sessions.get(5)).toMatchObject({ droppedin_count: 1 });
    await flushOutbox();
    expect(fake.api.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /sessions/5/waitlist', 'PUT /visits/902/cancel', 'PUT /visits/950/confirm', 'PUT /visits/950/decline', 'POST /sessions/5/dropin',
    ]);
    expect(await db.sessions.get(5)).toMatchObject({ droppedin_count: 1, visit: { id: 901 } });
  });

  it('a rejected cancel brings the booking back', async () => {
    const booked = session({}, 'booked', 900);
    await seed(booked, visit(900, 'booked', booked));
    fake.api.handle(() => ({ status: 409, body: { message: 'This class has already started.', code: 'class_started' } }));
    await cancelBooking(5);
    expect(await db.visits.get(900)).toMatchObject({ state: 'cancelled' });
    await flushOutbox();
    expect(await db.sessions.get(5)).toEqual(booked);
    expect(await db.visits.get(900)).toEqual(stored(visit(900, 'booked', booked)));
  });
});

describe('queued behind a booking (offline)', () => {
  it('book then cancel: the cancel is rewritten to the real id when the book succeeds, and sent', async () => {
    await seed(session());
    await book(5);
    const tempId = (await db.sessions.get(5))!.visit!.id;
    await cancelBooking(5);
    expect(await db.sessions.get(5)).toMatchObject({ booked_count: 4, visit: { id: tempId, state: 'cancelled' } });
    const cancelEntry = (await db.outbox.orderBy('seq').toArray())[1]!;
    expect(cancelEntry.touches).toEqual(['sessions:5', `visits:${tempId}`]);

    // The book goes through; the cancel meets a busy server and waits.
    fake.api.handle((request) => (request.method === 'PUT' ? { status: 503, body: { message: 'Busy', code: 'unavailable' } } : serverAnswers(request)));
    expect(await flushOutbox()).toMatchObject({ outcome: 'retry', sent: 1 });
    const waiting = (await db.outbox.toArray())[0]!;
    expect(waiting.touches).toEqual(['sessions:5', 'visits:900']);
    const args = waiting.args as unknown as BookingArgs;
    expect(args.visitId).toBe(900);
    // Its undo point is now the server's answer, and the cancel still shows over it.
    expect(args.before.session).toMatchObject({ booked_count: 7, visit: { id: 900, state: 'booked' } });
    expect(await db.sessions.get(5)).toMatchObject({ booked_count: 6, visit: { id: 900, state: 'cancelled' } });
    expect(await db.visits.get(tempId)).toBeUndefined();
    expect(await db.visits.get(900)).toMatchObject({ state: 'cancelled' });

    fake.api.handle(serverAnswers);
    expect(await flushOutbox({ ignoreBackoff: true })).toMatchObject({ outcome: 'idle', sent: 1 });
    expect(fake.api.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /sessions/5/book', 'PUT /visits/900/cancel', 'PUT /visits/900/cancel']);
    expect(await db.sessions.get(5)).toMatchObject({ visit: { id: 900, state: 'cancelled' } });
  });

  it('book refused, cancel queued behind it: the cancel is never sent, the class is as before, each leaves a notice', async () => {
    await seed(session({ booked_count: 9 }));
    await book(5);
    await cancelBooking(5);
    fake.api.handle((request) => {
      if (request.method === 'POST') return classFull;
      if (request.path === '/sessions/5') return { status: 200, body: session({ booked_count: 9 }) };
      return serverAnswers(request);
    });
    expect(await flushOutbox()).toMatchObject({ outcome: 'idle', sent: 0, rejected: 2 });
    // The refused writes are followed only by reads refreshing the class and the bookings.
    expect(fake.api.requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`)).toEqual(['POST /sessions/5/book']);
    expect(fake.api.requests.map((r) => `${r.method} ${r.path}`)).toContain('GET /sessions/5');
    expect(await db.sessions.get(5)).toEqual(session({ booked_count: 9 }));
    expect(await db.visits.count()).toBe(0);
    expect((await db.notices.toArray()).map((n) => n.op)).toEqual([BOOKING_OPS.book, BOOKING_OPS.cancel]);
    expect(await pendingTouches()).toEqual(new Set());
  });

  it('book, cancel, book again: a refused first book leaves the second one showing and queued', async () => {
    await seed(session());
    await book(5);
    await cancelBooking(5);
    await book(5);
    const second = (await db.sessions.get(5))!.visit!.id;
    expect((await db.outbox.toArray()).map((e) => e.op)).toEqual([BOOKING_OPS.book, BOOKING_OPS.cancel, BOOKING_OPS.book]);

    let posts = 0;
    fake.api.handle((request) => {
      if (request.method === 'POST') return posts++ === 0 ? classFull : { status: 503, body: { message: 'Busy', code: 'unavailable' } };
      return serverAnswers(request);
    });
    expect(await flushOutbox()).toMatchObject({ outcome: 'retry', rejected: 2 });
    // Rebased over the restored class: the second book still shows, with its own undo point.
    expect(await db.sessions.get(5)).toMatchObject({ booked_count: 5, visit: { id: second, state: 'booked' } });
    expect(await db.visits.toCollection().primaryKeys()).toEqual([second]);
    const [waiting] = await db.outbox.toArray();
    expect((waiting!.args as unknown as BookingArgs).before).toEqual({ session: session(), visit: null });

    fake.api.handle(() => classFull);
    await flushOutbox({ ignoreBackoff: true });
    expect(await db.sessions.get(5)).toEqual(session());
    expect(await db.visits.count()).toBe(0);
  });

  it('waitlist refused with a remove behind it: both undone, nothing sent for the remove', async () => {
    const fullClass = session({ full: true, booked_count: 10, waitlist_count: 2 });
    await seed(fullClass);
    await joinWaitlist(5);
    await removeFromWaitlist(5);
    fake.api.handle(() => ({ status: 409, body: { message: 'This class has no waitlist.', code: 'waitlist_unavailable' } }));
    await flushOutbox();
    expect(fake.api.requests.filter((r) => r.method !== 'GET')).toHaveLength(1);
    expect(await db.sessions.get(5)).toEqual(fullClass);
    expect(await db.visits.count()).toBe(0);
  });

  it('a rejected entry in front does not undo a later entry on another class', async () => {
    await seed(session());
    await seed(session({ id: 6 }));
    await book(5);
    await book(6);
    fake.api.handle((request) => (request.path === '/sessions/5/book' ? classFull : { status: 503, body: { message: 'Busy', code: 'unavailable' } }));
    await flushOutbox();
    expect(await db.sessions.get(5)).toEqual(session());
    expect(await db.sessions.get(6)).toMatchObject({ booked_count: 5, visit: { state: 'booked' } });
  });
});

describe('temporary ids', () => {
  it('are negative and unique even when made in the same millisecond', () => {
    const ids = Array.from({ length: 500 }, () => newTempId());
    expect(new Set(ids).size).toBe(500);
    expect(ids.every((id) => id < 0 && Number.isSafeInteger(id))).toBe(true);
  });
});

describe('Background Sync', () => {
  it('a booking made in the page registers the outbox sync tag', async () => {
    const register = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { onLine: false, serviceWorker: { getRegistration: () => Promise.resolve({ active: {}, sync: { register } }) } });
    fake.api.handle(() => ({ status: 503, body: { message: 'Offline', code: 'unavailable' } }));
    const stop = startSync({ window: new EventTarget(), document: Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState }) });
    try {
      await seed(session());
      await book(5);
      await waitFor(() => register.mock.calls.length > 0);
      expect(register).toHaveBeenCalledWith('outbox');
    } finally {
      stop();
      await flushOutbox().catch(() => undefined);
    }
  });
});
