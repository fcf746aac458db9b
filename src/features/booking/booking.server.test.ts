// Booking offline-first against the real reference server on loopback (real SQLite file, cookie
// jar playing the browser): optimistic rows, replay, idempotency, rejection, 401, concurrency.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedUuid } from '../../../server/db/seed';
import { signIn } from '../../data/sign-in';
import { book, BOOKING_OPS, cancelBooking, confirmOffer, joinWaitlist, lateCancel, removeFromWaitlist } from "./commands";
import { registerCommandOps } from "../ops";
import { configureBookingClock } from './commands';
import { db } from '../../data/db';
import { getAuthState } from '../../data/sync/auth-row';
import { configureOutbox } from '../../data/sync/outbox';
import { flushOutbox } from '../../data/sync/replay';
import { orgIdOf, pullBookings, pullSessions } from './pull';
import { getStatus } from '../../data/sync/status';
import { pullConcessions } from '../account/public-sync';
import { bookingsOf } from './hooks/visits';
import { createCookieFetch } from '../../../tests/support/cookie-fetch';
import { resetDb } from '../../../tests/support/data-helpers';
import { isWrite, withRealServer, type TrafficWatch } from '../../../tests/support/real-server';
import { onPostgres } from '../../../server/db/index';
import { overlapping } from '../../../server/testing/outbox-writes';

const PASSWORD = 'demo1234';
const WELLINGTON = seedUuid('facility:harbour-wellington');
const PETONE = seedUuid('facility:harbour-petone');
const TALLINN = seedUuid('facility:tallinn-old-town');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const seededAt = Date.now();
const real = withRealServer('booking', { now: () => new Date(seededAt), offerSweepIntervalMs: 3_600_000 });
const browser = real.browser;
/** Writes that reached the server: method, path and Idempotency-Key. */
const sent: { method: string; path: string; key: string | null }[] = [];
const replayed: string[] = [];
const watch: TrafficWatch = {
  write: (method, path, init) => sent.push({ method, path, key: new Headers(init?.headers).get('Idempotency-Key') }),
  answer: (url, response) => {
    if (response.headers.get('Idempotent-Replayed')) replayed.push(new URL(url).pathname);
  },
};

registerCommandOps();

async function signInSettled(email = 'demo@example.com') {
  const auth = await signIn(email, PASSWORD);
  await flushOutbox();
  return auth;
}

/** A seeded class by facility and name (the latest row when names repeat), optionally by start. */
async function classId(facilityGuid: string, name: string, start?: number): Promise<number> {
  let query = real.server.db
    .selectFrom('sessions')
    .innerJoin('facilities', 'facilities.id', 'sessions.facility_id')
    .select('sessions.id')
    .where('facilities.guid', '=', facilityGuid)
    .where('sessions.name', '=', name);
  if (start !== undefined) query = query.where('sessions.start_at', '=', new Date(start).toISOString());
  return (await query.orderBy('sessions.id', 'desc').executeTakeFirstOrThrow()).id;
}

const storyAt = (ms: number) => Math.floor(seededAt / (5 * MINUTE)) * 5 * MINUTE + ms;

async function profileId(email: string): Promise<number> {
  return (await real.server.db.selectFrom('members_profiles').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
}

async function serverVisits(email: string, sessionId: number) {
  return real.server.db
    .selectFrom('visits')
    .select(['id', 'state', 'late_cancelled'])
    .where('profile_id', '=', await profileId(email))
    .where('session_id', '=', sessionId)
    .orderBy('id')
    .execute();
}

/** The timetable the member sees: yesterday to two weeks ahead. */
function pullTimetable(facilityGuid: string) {
  return pullSessions(facilityGuid, new Date(seededAt - DAY).toISOString(), new Date(seededAt + 14 * DAY).toISOString(), { force: true });
}

beforeEach(async () => {
  await flushOutbox().catch(() => undefined);
  await resetDb();
  sent.length = 0;
  replayed.length = 0;
  real.connect(watch);
  configureOutbox({ now: () => Date.now(), random: () => 0.5, baseMs: 1_000, capMs: 300_000 });
  configureBookingClock(() => new Date(seededAt));
});

afterEach(async () => {
  browser.unreachable = null;
  await flushOutbox({ ignoreBackoff: true }).catch(() => undefined);
  configureBookingClock(() => new Date());
});

describe('booking against the server', () => {
  it('shows at once, then survives the round trip as the server visit', async () => {
    await signInSettled();
    await pullTimetable(WELLINGTON);
    const id = await classId(WELLINGTON, 'Barbell Basics');
    const before = (await db.sessions.get(id))!;
    expect(before.visit).toBeNull();

    browser.unreachable = isWrite; // hold the write so the optimistic state can be seen
    await book(id);
    const optimistic = (await db.sessions.get(id))!;
    expect(optimistic).toMatchObject({ booked_count: before.booked_count + 1, visit: { state: 'booked' } });
    expect(optimistic.visit!.id).toBeLessThan(0);
    expect((await bookingsOf(WELLINGTON, seededAt)).some((v) => v.session_id === id && v.id === optimistic.visit!.id)).toBe(true);

    browser.unreachable = null;
    expect(await flushOutbox({ ignoreBackoff: true })).toMatchObject({ outcome: 'idle', sent: 1 });
    const [row] = await serverVisits('demo@example.com', id);
    expect(row).toMatchObject({ state: 'booked' });
    expect(await db.sessions.get(id)).toMatchObject({ booked_count: before.booked_count + 1, visit: { id: row!.id, state: 'booked' } });
    expect(await db.visits.get(optimistic.visit!.id)).toBeUndefined();
    expect(await db.visits.get(row!.id)).toMatchObject({ state: 'booked', session_id: id });

    // A later pull agrees with what the device shows.
    await pullTimetable(WELLINGTON);
    expect((await db.sessions.get(id))?.visit).toMatchObject({ id: row!.id, state: 'booked' });
    await pullBookings(WELLINGTON, { force: true });
    expect((await bookingsOf(WELLINGTON, seededAt)).find((v) => v.session_id === id)?.id).toBe(row!.id);
  });

  it('booked offline, the studio cancels the class: the refusal leaves the class cancelled on the device, with a notice naming it', async () => {
    await signInSettled();
    await pullTimetable(PETONE);
    const id = await classId(PETONE, 'Barbell Basics');
    browser.unreachable = () => true;
    await book(id);
    expect(await flushOutbox()).toMatchObject({ outcome: 'retry', sent: 0 });
    // The studio cancels the class while the member is offline.
    await real.server.db.updateTable('sessions').set({ cancelled: 1, updated_at: new Date(seededAt).toISOString() }).where('id', '=', id).execute();

    browser.unreachable = null;
    expect(await flushOutbox({ ignoreBackoff: true })).toMatchObject({ outcome: 'idle', rejected: 1 });
    expect(await serverVisits('demo@example.com', id)).toEqual([]);
    // Not the pre-booking row (which offered Book and Drop in): the server's cancelled class.
    expect(await db.sessions.get(id)).toMatchObject({ cancelled: true, visit: null });
    const [notice] = await db.notices.toArray();
    expect(notice).toMatchObject({ op: BOOKING_OPS.book, code: 'class_cancelled', refused: { action: 'actions.book', subject: { name: 'Barbell Basics' } } });
    // The server is shared by this file's tests: the next ones book this class.
    await real.server.db.updateTable('sessions').set({ cancelled: 0 }).where('id', '=', id).execute();
  });

  it('queued while offline, replayed after reconnecting', async () => {
    await signInSettled();
    await pullTimetable(PETONE);
    const id = await classId(PETONE, 'Barbell Basics');
    browser.unreachable = () => true;
    await book(id);
    expect(await flushOutbox()).toMatchObject({ outcome: 'retry', sent: 0 });
    expect(await getStatus()).toMatchObject({ pending: 1, online: false });
    expect(await serverVisits('demo@example.com', id)).toEqual([]);

    browser.unreachable = null;
    expect(await flushOutbox({ ignoreBackoff: true })).toMatchObject({ outcome: 'idle', sent: 1 });
    expect(await serverVisits('demo@example.com', id)).toMatchObject([{ state: 'booked' }]);
    expect(await getStatus()).toMatchObject({ pending: 0, online: true });
  });

  it('a class booked offline uses a pass visit: once it syncs, the device shows one visit fewer left', async () => {
    await signInSettled();
    await pullTimetable(TALLINN);
    const orgId = (await orgIdOf(TALLINN))!;
    await pullConcessions(TALLINN, orgId, { force: true });
    const [pass] = await db.passes.where('org_id').equals(orgId).filter((p) => p.status === 'active').toArray();
    const left = pass!.visits_left!;
    const id = await classId(TALLINN, 'CrossFit Early');
    browser.unreachable = () => true;
    await book(id);
    expect(await flushOutbox()).toMatchObject({ outcome: 'retry', sent: 0 });
    // Offline, the pass still shows the server's count (the class says what booking will use).
    expect((await db.passes.get(pass!.id))?.visits_left).toBe(left);

    browser.unreachable = null;
    expect(await flushOutbox({ ignoreBackoff: true })).toMatchObject({ outcome: 'idle', sent: 1 });
    expect((await db.visits.where('session_id').equals(id).first())?.charge).toMatchObject({ kind: 'visit', against: 'pass', id: pass!.id });
    await expect.poll(async () => (await db.passes.get(pass!.id))?.visits_left).toBe(left - 1);

    // Cancelled in time, the visit comes back (and the next tests find the class free).
    await cancelBooking(id);
    expect(await flushOutbox({ ignoreBackoff: true })).toMatchObject({ outcome: 'idle', sent: 1 });
    await expect.poll(async () => (await db.passes.get(pass!.id))?.visits_left).toBe(left);
  });

  it('a lost answer is replayed with the same key and books once', async () => {
    await signInSettled();
    await pullTimetable(TALLINN);
    const id = await classId(TALLINN, 'Barbell Basics');
    browser.dropAnswer = (url, init) => url.endsWith(`/sessions/${id}/book`) && init?.method === 'POST';
    await book(id);
    const key = (await db.outbox.toArray())[0]!.id;
    expect((await flushOutbox()).outcome).toBe('retry');
    expect(await serverVisits('demo@example.com', id)).toHaveLength(1); // applied; only the answer was lost

    expect(await flushOutbox({ ignoreBackoff: true })).toMatchObject({ outcome: 'idle', sent: 1 });
    expect(sent.filter((s) => s.path === `/sessions/${id}/book`).map((s) => s.key)).toEqual([key, key]);
    expect(replayed).toEqual([`/api/v1/sessions/${id}/book`]);
    const rows = await serverVisits('demo@example.com', id);
    expect(rows).toHaveLength(1);
    expect((await db.sessions.get(id))?.visit?.id).toBe(rows[0]!.id);
  });

  it('a class filled meanwhile: 409 rolls the optimistic row back and leaves the server message', async () => {
    await signInSettled();
    const id = await classId(WELLINGTON, 'Mobility', storyAt(5 * HOUR));
    await pullTimetable(WELLINGTON);
    const stale = (await db.sessions.get(id))!;
    expect(stale.full).toBe(false);

    // Sam takes the last place on the server (the class shrinks to what is taken plus one).
    await real.server.db.updateTable('sessions').set({ capacity: stale.booked_count + 1 }).where('id', '=', id).execute();
    const sam = createCookieFetch();
    const headers = { 'Content-Type': 'application/json', 'X-App-Id': 'member-pwa' };
    await sam.fetch(`${real.server.url}/api/v1/authentication`, { method: 'POST', headers, body: JSON.stringify({ email: 'sam@example.com', password: PASSWORD }) });
    const taken = await sam.fetch(`${real.server.url}/api/v1/sessions/${id}/book`, { method: 'POST', headers: { ...headers, 'X-Facility-Id': WELLINGTON }, body: '{}' });
    expect(taken.status).toBe(201);

    await book(id);
    expect((await db.sessions.get(id))?.visit?.state).toBe('booked');
    expect(await flushOutbox()).toMatchObject({ rejected: 1 });
    // Rolled back, then refreshed from the server: the device shows the class as it now is, full.
    expect(await db.sessions.get(id)).toMatchObject({ id, visit: null, full: true, booked_count: stale.booked_count + 1 });
    expect(await db.visits.where('session_id').equals(id).count()).toBe(0);
    // Mobility has no waitlist: the server says just that.
    expect(await db.notices.toArray()).toMatchObject([{ op: BOOKING_OPS.book, message: 'This class is full.' }]);
    expect(await serverVisits('demo@example.com', id)).toEqual([]);
    // A later refresh agrees.
    await pullSessions(WELLINGTON, new Date(seededAt - DAY).toISOString(), new Date(seededAt + 14 * DAY).toISOString());
    expect((await db.sessions.get(id))?.full).toBe(true);
  });

  it('a 401 pauses the queue and keeps the entry; signing in again as the same member sends it', async () => {
    await signInSettled();
    await pullTimetable(WELLINGTON);
    const id = await classId(WELLINGTON, 'Open Gym', storyAt(74 * HOUR));
    browser.jar.cookies.clear(); // the session expired on the server
    await book(id);
    expect(await flushOutbox()).toMatchObject({ outcome: 'blocked' });
    expect(await getAuthState()).toMatchObject({ status: 'signed-out', reason: 'expired' });
    expect(await getStatus()).toMatchObject({ blocked: 'auth', pending: 1 });
    expect((await db.sessions.get(id))?.visit?.state).toBe('booked');
    expect(await serverVisits('demo@example.com', id)).toEqual([]);

    await signInSettled();
    expect(await db.outbox.count()).toBe(0);
    expect(await serverVisits('demo@example.com', id)).toMatchObject([{ state: 'booked' }]);
    expect((await db.sessions.get(id))?.visit?.id).toBeGreaterThan(0);
  });

  it('concurrent flushes never send an entry twice', async () => {
    await signInSettled();
    await pullTimetable(PETONE);
    const ids = [await classId(PETONE, 'Open Gym', storyAt(74 * HOUR)), await classId(PETONE, 'Mobility', storyAt(5 * HOUR))];
    browser.unreachable = isWrite;
    for (const id of ids) await book(id);
    const keys = (await db.outbox.orderBy('seq').toArray()).map((e) => e.id);
    browser.unreachable = null;
    sent.length = 0;
    await Promise.all([flushOutbox({ ignoreBackoff: true }), flushOutbox({ ignoreBackoff: true }), flushOutbox({ ignoreBackoff: true })]);
    expect(sent.map((s) => s.key)).toEqual(keys);
    for (const id of ids) expect(await serverVisits('demo@example.com', id)).toMatchObject([{ state: 'booked' }]);
  });

  it('book then cancel while offline: after reconnecting the server has a cancelled visit and no booking', async () => {
    await signInSettled();
    await pullTimetable(WELLINGTON);
    const id = await classId(WELLINGTON, 'Open Gym', storyAt(26 * HOUR));
    const before = (await db.sessions.get(id))!;
    sent.length = 0;
    browser.unreachable = () => true;
    await book(id);
    await cancelBooking(id);
    expect(await db.sessions.get(id)).toMatchObject({ booked_count: before.booked_count, visit: { state: 'cancelled' } });
    await flushOutbox();
    expect(await db.outbox.count()).toBe(2);

    browser.unreachable = null;
    expect(await flushOutbox({ ignoreBackoff: true })).toMatchObject({ outcome: 'idle', sent: 2 });
    const rows = await serverVisits('demo@example.com', id);
    expect(rows).toMatchObject([{ state: 'cancelled' }]);
    expect(sent.map((s) => `${s.method} ${s.path}`)).toEqual([`POST /sessions/${id}/book`, `PUT /visits/${rows[0]!.id}/cancel`]);
    expect(await db.sessions.get(id)).toMatchObject({ booked_count: before.booked_count, visit: { id: rows[0]!.id, state: 'cancelled' } });
    expect(await db.notices.count()).toBe(0);
  });

  it('a pull never overwrites a class with a queued booking', async () => {
    await signInSettled();
    await pullTimetable(TALLINN);
    const id = await classId(TALLINN, 'Mobility', storyAt(5 * HOUR));
    browser.unreachable = isWrite;
    await book(id);
    const optimistic = await db.sessions.get(id);
    expect(await pullTimetable(TALLINN)).toBe('fetched');
    await pullBookings(TALLINN, { force: true });
    expect(await db.sessions.get(id)).toEqual(optimistic);
    expect(await db.visits.get(optimistic!.visit!.id)).toBeDefined();
    browser.unreachable = null;
    await flushOutbox({ ignoreBackoff: true });
    expect((await db.sessions.get(id))?.visit?.id).toBeGreaterThan(0);
  });
});

describe('visit actions against the server', () => {
  it('confirms the place offered from the waitlist', async () => {
    await signInSettled();
    await pullTimetable(PETONE);
    const id = await classId(PETONE, 'HIIT', storyAt(6 * HOUR));
    expect((await db.sessions.get(id))?.visit?.state).toBe('pending');
    await confirmOffer(id);
    await flushOutbox();
    expect(await serverVisits('demo@example.com', id)).toMatchObject([{ state: 'booked' }]);
    expect((await db.sessions.get(id))?.visit?.state).toBe('booked');
  });

  it('leaves the waitlist, then joins it again (a new visit)', async () => {
    await signInSettled();
    await pullTimetable(WELLINGTON);
    const id = await classId(WELLINGTON, 'CrossFit', storyAt(30 * HOUR));
    expect((await db.sessions.get(id))?.visit?.state).toBe('waitlisted');
    await removeFromWaitlist(id);
    await joinWaitlist(id);
    await flushOutbox();
    expect((await serverVisits('demo@example.com', id)).map((v) => v.state)).toEqual(['cancelled', 'waitlisted']);
    expect((await db.sessions.get(id))?.visit?.state).toBe('waitlisted');
  });

  it('late cancels inside the window only when asked explicitly', async () => {
    await signInSettled();
    await pullTimetable(WELLINGTON);
    const id = await classId(WELLINGTON, 'HIIT', storyAt(110 * MINUTE));
    await expect(cancelBooking(id)).rejects.toMatchObject({ reason: 'late_cancel_required' });
    await lateCancel(id);
    await flushOutbox();
    expect(await serverVisits('demo@example.com', id)).toMatchObject([{ state: 'cancelled', late_cancelled: 1 }]);
    expect((await db.visits.where('session_id').equals(id).first())?.late_cancelled).toBe(true);
  });
});

// Issue 28: the Book's answer never reaches the tab (it closed mid-send) and the service worker
// sends it again while the first is still under way; or the server refuses the Book because the
// place is already the member's. A Cancel queued behind it must still cancel that booking.
describe('a Book whose send overlaps or is refused, with a Cancel queued behind it', () => {
  const ALEX = 'demo@example.com';

  /** A class 3 to 10 days ahead at Wellington that Alex has nothing in, open, with places. */
  async function freeClass(): Promise<number> {
    const me = await profileId(ALEX);
    const row = await real.server.db
      .selectFrom('sessions')
      .innerJoin('facilities', 'facilities.id', 'sessions.facility_id')
      .select(['sessions.id', 'sessions.start_at'])
      .where('facilities.guid', '=', WELLINGTON)
      .where('sessions.start_at', '>', new Date(seededAt + 3 * DAY).toISOString())
      .where('sessions.start_at', '<', new Date(seededAt + 10 * DAY).toISOString())
      .where('sessions.cancelled', '=', 0)
      .where('sessions.course_id', 'is', null)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('visits').select('visits.id').whereRef('visits.session_id', '=', 'sessions.id').where('visits.profile_id', '=', me))))
      .orderBy('sessions.start_at')
      .executeTakeFirstOrThrow();
    await real.server.db
      .updateTable('sessions')
      .set({ capacity: 1_000, booking_open_at: new Date(seededAt - DAY).toISOString(), booking_close_at: row.start_at, cancellation_close_at: new Date(seededAt + 2 * DAY).toISOString() })
      .where('id', '=', row.id)
      .execute();
    return row.id;
  }

  /** Book, then Cancel, with no connection: two entries, the Cancel on the Book's temporary visit. */
  async function bookThenCancelOffline(id: number) {
    browser.unreachable = () => true;
    await book(id);
    await cancelBooking(id);
    browser.unreachable = null;
    const [bookEntry, cancelEntry] = await db.outbox.orderBy('seq').toArray();
    expect(bookEntry).toMatchObject({ op: BOOKING_OPS.book });
    expect(cancelEntry).toMatchObject({ op: BOOKING_OPS.cancel, args: { visitId: (bookEntry!.args as { visitId: number }).visitId } });
    return bookEntry!;
  }

  /** Another browser of the member's (another device), signed in. */
  async function otherDevice() {
    const other = createCookieFetch();
    const headers = { 'Content-Type': 'application/json', 'X-App-Id': 'member-pwa', 'X-Facility-Id': WELLINGTON };
    await other.fetch(`${real.server.url}/api/v1/authentication`, { method: 'POST', headers, body: JSON.stringify({ email: ALEX, password: PASSWORD }) });
    return { post: (path: string, extra: Record<string, string> = {}) => other.fetch(`${real.server.url}/api/v1${path}`, { method: 'POST', headers: { ...headers, ...extra }, body: '{}' }) };
  }

  it('the tab’s send of the Book is still under way when the service worker sends it again: booked once, then cancelled, nothing left queued', async () => {
    await signInSettled();
    const id = await freeClass();
    await pullTimetable(WELLINGTON);
    const bookEntry = await bookThenCancelOffline(id);
    // The tab had sent the Book (same request, same key) and closed before its answer came back.
    const tab = await otherDevice();
    const tabSend = () => tab.post(`/sessions/${id}/book`, { 'Idempotency-Key': bookEntry.id });
    // On PostgreSQL both copies are held at Alex's row until both are under way, the tab's first.
    const serverDb = real.server.db;
    const [tabAnswer, flushed] = await overlapping<unknown>(serverDb, onPostgres(serverDb), [tabSend, () => flushOutbox({ ignoreBackoff: true })]);
    expect((tabAnswer as Response).status).toBe(201);
    expect(flushed).toMatchObject({ outcome: 'idle', sent: 2, rejected: 0 });
    const rows = await serverVisits(ALEX, id);
    expect(rows).toMatchObject([{ state: 'cancelled' }]);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.notices.count()).toBe(0);
    expect((await db.sessions.get(id))?.visit).toMatchObject({ id: rows[0]!.id, state: 'cancelled' });
  });

  it('the Book’s answer is lost: its retry is answered as the first, and the Cancel follows', async () => {
    await signInSettled();
    const id = await freeClass();
    await pullTimetable(WELLINGTON);
    await bookThenCancelOffline(id);
    browser.dropAnswer = (url, init) => url.endsWith(`/sessions/${id}/book`) && init?.method === 'POST';
    expect(await flushOutbox({ ignoreBackoff: true })).toMatchObject({ outcome: 'retry' });
    expect(await db.outbox.count()).toBe(2);
    expect(await flushOutbox({ ignoreBackoff: true })).toMatchObject({ outcome: 'idle', sent: 2, rejected: 0 });
    expect(replayed).toEqual([`/api/v1/sessions/${id}/book`]);
    expect(await serverVisits(ALEX, id)).toMatchObject([{ state: 'cancelled' }]);
    expect(await db.outbox.count()).toBe(0);
  });

  it('the Book is refused because the place is already the member’s (booked on another device): the Cancel behind it cancels that booking', async () => {
    await signInSettled();
    const id = await freeClass();
    await pullTimetable(WELLINGTON);
    await bookThenCancelOffline(id);
    expect((await (await otherDevice()).post(`/sessions/${id}/book`)).status).toBe(201);
    sent.length = 0;

    expect(await flushOutbox({ ignoreBackoff: true })).toMatchObject({ outcome: 'idle', sent: 1, rejected: 1 });
    const rows = await serverVisits(ALEX, id);
    expect(rows).toMatchObject([{ state: 'cancelled' }]);
    expect(sent.map((s) => `${s.method} ${s.path}`)).toEqual([`POST /sessions/${id}/book`, `PUT /visits/${rows[0]!.id}/cancel`]);
    expect(await db.outbox.count()).toBe(0);
    // The Book's refusal is still told; the class shows what the member last asked for.
    expect(await db.notices.toArray()).toMatchObject([{ op: BOOKING_OPS.book, code: 'already_booked' }]);
    expect((await db.sessions.get(id))?.visit).toMatchObject({ id: rows[0]!.id, state: 'cancelled' });
  });

  it('…and when that Cancel’s answer is lost, its retry is the same request, answered as the first', async () => {
    await signInSettled();
    const id = await freeClass();
    await pullTimetable(WELLINGTON);
    await bookThenCancelOffline(id);
    expect((await (await otherDevice()).post(`/sessions/${id}/book`)).status).toBe(201);
    sent.length = 0;
    browser.dropAnswer = (url, init) => url.endsWith('/cancel') && init?.method === 'PUT';

    expect(await flushOutbox({ ignoreBackoff: true })).toMatchObject({ outcome: 'retry', rejected: 1 });
    expect(await flushOutbox({ ignoreBackoff: true })).toMatchObject({ outcome: 'idle', sent: 1 });
    const rows = await serverVisits(ALEX, id);
    expect(rows).toMatchObject([{ state: 'cancelled' }]);
    const cancels = sent.filter((s) => s.method === 'PUT');
    expect(cancels.map((s) => s.path)).toEqual([`/visits/${rows[0]!.id}/cancel`, `/visits/${rows[0]!.id}/cancel`]);
    expect(cancels[1]!.key).toBe(cancels[0]!.key);
    expect(replayed).toEqual([`/api/v1/visits/${rows[0]!.id}/cancel`]);
    expect(await db.outbox.count()).toBe(0);
    expect((await db.sessions.get(id))?.visit).toMatchObject({ id: rows[0]!.id, state: 'cancelled' });
  });

  it('the Book is refused because the class filled: the Cancel behind it has nothing to cancel, is not sent, and says so', async () => {
    await signInSettled();
    const id = await freeClass();
    await pullTimetable(WELLINGTON);
    await bookThenCancelOffline(id);
    await real.server.db.updateTable('sessions').set({ capacity: 0, waitlists_on: 0 }).where('id', '=', id).execute();
    sent.length = 0;

    expect(await flushOutbox({ ignoreBackoff: true })).toMatchObject({ outcome: 'idle', sent: 0, rejected: 2 });
    expect(sent.map((s) => `${s.method} ${s.path}`)).toEqual([`POST /sessions/${id}/book`]);
    expect(await serverVisits(ALEX, id)).toEqual([]);
    expect(await db.outbox.count()).toBe(0);
    expect((await db.notices.toArray()).map((n) => n.code)).toEqual(['class_full', 'booking_not_made']);
  });
});
