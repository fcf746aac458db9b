// Pulls of classes and visits against a programmable fake API: scope, bulk writes, deletions,
// and rule 5 (a pull never overwrites or deletes a row a queued write touched).
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { selectFacility } from '../../data/auth';
import type { Session, Visit, VisitState } from '../../../core/contract/types';
import { book } from "./commands";
import { registerCommandOps } from "../ops";
import { configureBookingClock } from './commands';
import { db, type AuthState } from '../../data/db';
import { getStatus } from '../../data/sync/status';
import { bookingsOf, visitsOf } from './hooks/visits';
import { sessionsBetween } from './hooks/sessions';
import {
  markBookingsStale, pullBookings, pullSession, pullSessions, pullVisit, pullVisits,
} from './pull';
import { sessionsResource } from './resources';
import type { RecordedRequest } from '../../../tests/support/fake-api';
import { makeAccount, makeProfile, resetDb, resetModules, signedInLocally, withFakeApi } from '../../../tests/support/data-helpers';

const fake = withFakeApi();
const HOUR = 3_600_000;
const BASE = Date.parse('2030-03-02T00:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
const FROM = iso(BASE);
const TO = iso(BASE + 7 * 24 * HOUR);

function session(id: number, startMs: number, over: Partial<Session> = {}): Session {
  return {
    id, facility_guid: 'fac-1', name: `Class ${id}`, description: null, location: null,
    start_date: iso(startMs), end_date: iso(startMs + HOUR), booking_open_date: iso(startMs - 7 * 24 * HOUR), booking_close_date: iso(startMs),
    cancellation_close_date: iso(startMs - 2 * HOUR), cancelled: false, full: false, capacity: 10, booked_count: 2, waitlist_count: 0,
    waitlists_on: true, dropin_spaces: 0, droppedin_count: 0, online_url: null, instructors: [], whiteboard_items: [],
    whiteboard_visibility: 'public', visit: null, ...over,
  };
}

function visit(id: number, state: VisitState, s: Session): Visit {
  return { id, state, late_cancelled: false, offer_expires_at: null, created_at: iso(BASE - HOUR), updated_at: iso(BASE - HOUR), session: { ...s, visit: { id, state, late_cancelled: false, offer_expires_at: null } } };
}

const path = (request: RecordedRequest) => request.path.split('?')[0];
const query = (request: RecordedRequest) => new URLSearchParams(request.path.split('?')[1] ?? '');

registerCommandOps();
// Test files share modules (isolate: false): give the next file the real clock back.
afterAll(() => configureBookingClock(() => new Date()));

beforeEach(async () => {
  await resetDb();
  // Org 1 has fac-1 and fac-2; org 2 has fac-9.
  const profile = makeProfile(1, {
    accounts: [
      makeAccount(1, { facilities: [{ id: 1, guid: 'fac-1', name: 'One' }, { id: 2, guid: 'fac-2', name: 'Two' }] }),
      makeAccount(2, { facilities: [{ id: 9, guid: 'fac-9', name: 'Nine' }] }),
    ],
  });
  await signedInLocally(profile);
  configureBookingClock(() => new Date(BASE - 24 * HOUR));
});

describe('pullSessions', () => {
  it("fetches in the facility's own scope and writes the range in bulk", async () => {
    // Another facility is selected now.
    const elsewhere: AuthState = { key: 'auth', status: 'authenticated', profileId: 1, accountOrgId: 2, facilityGuid: 'fac-9', reason: null };
    await db.meta.put(elsewhere);
    fake.api.handle(() => ({ body: [session(1, BASE + HOUR), session(2, BASE + 2 * HOUR)] }));
    expect(await pullSessions('fac-1', FROM, TO)).toBe('fetched');
    const [request] = fake.api.requests;
    expect(path(request!)).toBe('/sessions');
    expect(request!.headers['x-facility-id']).toBe('fac-1');
    expect(request!.headers['x-club-id']).toBeUndefined();
    expect(Object.fromEntries(query(request!))).toEqual({ start_date: FROM, end_date: TO });
    expect((await db.sessions.toArray()).map((s) => s.id)).toEqual([1, 2]);
    expect(await db.pulls.get(sessionsResource('fac-1', FROM, TO))).toBeDefined();
    // Fresh for two minutes: no second request.
    expect(await pullSessions('fac-1', FROM, TO)).toBe('fresh');
    expect(fake.api.requests).toHaveLength(1);
  });

  it('deletes classes of that facility in that range the server no longer lists, nothing else', async () => {
    await db.sessions.bulkPut([
      session(1, BASE + HOUR),
      session(3, BASE + 3 * HOUR), // gone from the server
      session(4, BASE - HOUR), // before the range
      session(5, BASE + 8 * 24 * HOUR), // after the range
      session(6, BASE + HOUR, { facility_guid: 'fac-2' }), // another facility
    ]);
    fake.api.handle(() => ({ body: [session(1, BASE + HOUR, { name: 'Renamed' })] }));
    await pullSessions('fac-1', FROM, TO);
    expect((await db.sessions.toCollection().primaryKeys()).sort()).toEqual([1, 4, 5, 6]);
    expect((await db.sessions.get(1))?.name).toBe('Renamed');
  });

  it('never overwrites nor deletes a class a queued booking touched', async () => {
    await db.sessions.bulkPut([session(1, BASE + HOUR), session(2, BASE + 2 * HOUR)]);
    await book(1);
    await book(2);
    const mine = await db.sessions.get(1);
    fake.api.handle(() => ({ body: [session(1, BASE + HOUR, { booked_count: 9, name: 'Server' })] }));
    await pullSessions('fac-1', FROM, TO);
    expect(await db.sessions.get(1)).toEqual(mine);
    expect((await db.sessions.get(2))?.visit?.state).toBe('booked');
  });

  it('splits ranges longer than the server allows into windows', async () => {
    fake.api.handle((request) => ({ body: [session(Date.parse(query(request).get('start_date')!) / HOUR, Date.parse(query(request).get('start_date')!))] }));
    await pullSessions('fac-1', FROM, iso(BASE + 90 * 24 * HOUR));
    expect(fake.api.requests.map((r) => [query(r).get('start_date'), query(r).get('end_date')])).toEqual([
      [FROM, iso(BASE + 60 * 24 * HOUR)],
      [iso(BASE + 60 * 24 * HOUR), iso(BASE + 90 * 24 * HOUR)],
    ]);
    expect(await db.sessions.count()).toBe(2);
  });

  it('an offset in the range means the same instant (keys compare as UTC text)', async () => {
    fake.api.handle(() => ({ body: [session(1, BASE + HOUR)] }));
    await pullSessions('fac-1', '2030-03-02T13:00:00+13:00', '2030-03-09T13:00:00+13:00');
    expect(query(fake.api.requests[0]!).get('start_date')).toBe(FROM);
    expect(await sessionsBetween('fac-1', '2030-03-02T13:00:00+13:00', '2030-03-02T15:00:00+13:00')).toHaveLength(1);
  });

  it('records an offline failure and leaves the rows', async () => {
    await db.sessions.put(session(1, BASE + HOUR));
    resetModules(fake.api.baseUrl, () => Promise.reject(new TypeError('fetch failed')));
    expect(await pullSessions('fac-1', FROM, TO)).toBe('offline');
    expect(await db.sessions.count()).toBe(1);
  });
});

describe('an answer that breaks the contract', () => {
  it('keeps the last good rows and says the app needs an update; a good answer clears it', async () => {
    fake.api.handle(() => ({ body: [session(1, BASE + HOUR), session(2, BASE + 2 * HOUR)] }));
    expect(await pullSessions('fac-1', FROM, TO)).toBe('fetched');
    expect((await getStatus()).updateRequired ?? null).toBeNull();

    // A newer server renamed start_date and sends capacity as text.
    const { start_date: _renamed, ...moved } = session(1, BASE + HOUR, { name: 'Renamed' });
    fake.api.handle(() => ({ body: [{ ...moved, starts_at: moved.end_date, capacity: '10' }] }));
    expect(await pullSessions('fac-1', FROM, TO, { force: true })).toBe('error');
    const rows = await db.sessions.toArray();
    expect(rows.map((s) => [s.id, s.name])).toEqual([[1, 'Class 1'], [2, 'Class 2']]);
    expect((await getStatus()).updateRequired).toBe(sessionsResource('fac-1', FROM, TO));

    fake.api.handle(() => ({ body: [session(1, BASE + HOUR)] }));
    expect(await pullSessions('fac-1', FROM, TO, { force: true })).toBe('fetched');
    expect((await getStatus()).updateRequired).toBeNull();
  });

  it('accepts fields it does not know and keeps them', async () => {
    fake.api.handle(() => ({ body: [{ ...session(1, BASE + HOUR), room_colour: 'teal' }] }));
    expect(await pullSessions('fac-1', FROM, TO)).toBe('fetched');
    expect(await db.sessions.get(1)).toMatchObject({ id: 1, room_colour: 'teal' });
    expect((await getStatus()).updateRequired ?? null).toBeNull();
  });
});

describe('pullSession / pullVisit', () => {
  it('refreshes one class in its facility scope; a 404 removes it', async () => {
    await db.sessions.put(session(1, BASE + HOUR, { facility_guid: 'fac-2' }));
    fake.api.handle(() => ({ body: session(1, BASE + HOUR, { facility_guid: 'fac-2', name: 'Fresh' }) }));
    await pullSession(1);
    expect(fake.api.requests[0]?.headers['x-facility-id']).toBe('fac-2');
    expect((await db.sessions.get(1))?.name).toBe('Fresh');
    fake.api.handle(() => ({ status: 404, body: { message: 'The class was not found.', code: 'not_found' } }));
    expect(await pullSession(1, { force: true })).toBe('fetched');
    expect(await db.sessions.get(1)).toBeUndefined();
  });

  it('asks for a class not on the device in the facility selected when the pull started, though the member switches before it is sent', async () => {
    fake.api.handle((request) => (path(request) === '/sessions/7' ? { body: session(7, BASE + HOUR) } : { status: 404, body: { message: 'Not here.', code: 'not_found' } }));
    let switched = false;
    // Holding the classes table keeps the pull from sending until the switch is done.
    const held = db.transaction('rw', db.sessions, async () => {
      while (!switched) await db.sessions.get(0);
    });
    const pull = pullSession(7);
    await selectFacility('fac-2');
    switched = true;
    await held;
    expect(await pull).toBe('fetched');
    const request = fake.api.requests.find((r) => path(r) === '/sessions/7');
    expect(request?.headers['x-facility-id']).toBe('fac-1');
    expect(request?.headers['x-club-id']).toBe('1');
    expect((await db.sessions.get(7))?.name).toBe('Class 7');
  });

  it('refreshes one visit and mirrors its class; temporary ids are never asked for', async () => {
    fake.api.handle(() => ({ body: visit(40, 'booked', session(1, BASE + HOUR)) }));
    await pullVisit(40);
    expect(await db.visits.get(40)).toMatchObject({ state: 'booked', session_id: 1 });
    expect((await db.sessions.get(1))?.visit?.id).toBe(40);
    expect(await pullVisit(-5)).toBe('fresh');
    expect(fake.api.requests).toHaveLength(1);
  });
});

describe('pullBookings / pullVisits', () => {
  it('writes upcoming visits, mirrors their classes and drops upcoming ones the server no longer lists', async () => {
    const soon = session(1, BASE + HOUR);
    const other = session(2, BASE + 2 * HOUR, { facility_guid: 'fac-2' });
    const elsewhere = session(3, BASE + 3 * HOUR, { facility_guid: 'fac-9' });
    const stale = session(4, BASE + 4 * HOUR);
    await db.visits.bulkPut([
      { ...visit(30, 'booked', elsewhere), session_id: 3 }, // another organisation: kept
      { ...visit(31, 'booked', stale), session_id: 4 }, // cancelled on another device: dropped
    ]);
    fake.api.handle(() => ({ body: [visit(10, 'booked', soon), visit(11, 'waitlisted', other)] }));
    configureBookingClock(() => new Date(BASE - 24 * HOUR));
    await pullBookings('fac-1');
    expect(fake.api.requests[0]?.headers['x-facility-id']).toBe('fac-1');
    expect((await db.visits.toCollection().primaryKeys()).sort()).toEqual([10, 11, 30]);
    expect((await db.sessions.toCollection().primaryKeys()).sort()).toEqual([1, 2]);
    // Upcoming in this organisation, soonest first, joined with the sessions rows.
    await db.sessions.update(1, { name: 'From the timetable' });
    const bookings = await bookingsOf('fac-1', BASE - 24 * HOUR);
    expect(bookings.map((b) => [b.id, b.session.name])).toEqual([[10, 'From the timetable'], [11, 'Class 2']]);
    expect((await bookingsOf('fac-9', BASE - 24 * HOUR)).map((b) => b.id)).toEqual([30]);
  });

  it('keeps a visit (and its class) a queued write touched', async () => {
    const soon = session(1, BASE + HOUR);
    await db.sessions.put(soon);
    await book(1);
    const tempId = (await db.sessions.get(1))!.visit!.id;
    fake.api.handle(() => ({ body: [] }));
    await pullBookings('fac-1');
    expect(await db.visits.get(tempId)).toBeDefined();
    fake.api.handle(() => ({ body: [visit(10, 'booked', soon)] }));
    await pullBookings('fac-1', { force: true });
    expect(await db.visits.get(10)).toBeUndefined(); // its class is touched: the queued book decides
    expect((await db.sessions.get(1))?.visit?.id).toBe(tempId);
  });

  it('pullVisits writes the history; visitsOf lists it newest first', async () => {
    fake.api.handle(() => ({ body: [visit(21, 'attended', session(2, BASE - 2 * HOUR)), visit(20, 'cancelled', session(1, BASE - 30 * HOUR))] }));
    await pullVisits('fac-2');
    expect(fake.api.requests[0]?.headers['x-facility-id']).toBe('fac-2');
    expect((await visitsOf('fac-1')).map((v) => v.id)).toEqual([21, 20]);
  });
});

describe('markBookingsStale', () => {
  it("forgets the facility's class ranges, bookings, visits and the class", async () => {
    await db.pulls.bulkPut(['sessions:fac-1:a:b', 'sessions:fac-2:a:b', 'bookings:fac-1', 'visits:fac-1', 'session:5', 'session:6', 'profile'].map((resource) => ({ resource, fetchedAt: 1 })));
    await db.transaction('rw', db.pulls, () => markBookingsStale('fac-1', 5));
    expect((await db.pulls.toCollection().primaryKeys()).sort()).toEqual(['profile', 'session:6', 'sessions:fac-2:a:b']);
  });
});

describe('useSessions query', () => {
  it('returns the right slice of 10,000 classes, in start order, from the compound index', async () => {
    const rows: Session[] = [];
    for (let i = 0; i < 10_000; i++) rows.push(session(i + 1, BASE + (i % 5000) * HOUR, { facility_guid: i < 5000 ? 'fac-1' : 'fac-2' }));
    await db.sessions.bulkPut(rows);
    const slice = await sessionsBetween('fac-1', iso(BASE + 100 * HOUR), iso(BASE + 148 * HOUR));
    expect(slice.map((s) => s.id)).toEqual(Array.from({ length: 48 }, (_, i) => 101 + i));
    expect(slice.every((s) => s.facility_guid === 'fac-1')).toBe(true);
    expect(await sessionsBetween('fac-2', iso(BASE), iso(BASE + 2 * HOUR))).toHaveLength(2);
    expect(await sessionsBetween('fac-3', iso(BASE), iso(BASE + 9999 * HOUR))).toEqual([]);
    expect(await sessionsBetween('fac-1', iso(BASE + HOUR), iso(BASE))).toEqual([]);
  });
});
