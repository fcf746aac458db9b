import { TZDate } from '@date-fns/tz';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../../core/contract/types';
import type { Database } from '../../db/schema';
import { isWhiteboardVisible } from '../../../core/rules/session';
import { asSession, asVisit, DAY, expectError, facilityGuid, HOUR, post, profileIdOf, put, seededClasses } from '../../testing/booking-helpers';
import { ALEX, json, SAM, signedIn, startTestServer, type Browser, type TestServer } from '../../testing/helpers';

const SESSION_KEYS = [
  'booked_count', 'booking_close_date', 'booking_open_date', 'cancellation_close_date', 'cancelled', 'capacity', 'course', 'description', 'droppedin_count', 'dropin_spaces',
  'end_date', 'facility_guid', 'full', 'id', 'instructors', 'location', 'name', 'offered_count', 'online_url', 'start_date', 'visit', 'waitlist_count', 'waitlists_on',
  'whiteboard_items', 'whiteboard_visibility',
].sort();

describe('classes: GET /sessions', () => {
  let server: TestServer;
  let db: Kysely<Database>;
  let alex: Browser;
  let wellington: Record<string, string>;
  const seededAt = new Date();
  let classes: ReturnType<typeof seededClasses>;

  beforeAll(async () => {
    server = await startTestServer({ now: () => seededAt });
    db = server.running.db;
    alex = await signedIn(server, ALEX);
    wellington = { 'X-Facility-Id': await facilityGuid(db, 'Wellington') };
    classes = seededClasses(db, seededAt);
  });
  afterAll(() => server.close());

  it('lists the facility’s classes from the start of today (its time zone) for 7 days, ordered by start', async () => {
    const res = await alex.get('/api/v1/sessions', { headers: wellington });
    expect(res.status).toBe(200);
    const list = await json<Session[]>(res);
    const local = new TZDate(seededAt.getTime(), 'Pacific/Auckland');
    const from = new TZDate(local.getFullYear(), local.getMonth(), local.getDate(), 0, 0, 0, 'Pacific/Auckland');
    const to = new TZDate(local.getFullYear(), local.getMonth(), local.getDate() + 7, 0, 0, 0, 'Pacific/Auckland');
    const expected = await db
      .selectFrom('sessions')
      .select('id')
      .where('facility_id', '=', 1)
      .where('start_at', '>=', new Date(from.getTime()).toISOString())
      .where('start_at', '<', new Date(to.getTime()).toISOString())
      .orderBy('start_at')
      .orderBy('id')
      .execute();
    expect(list.map((s) => s.id)).toEqual(expected.map((s) => s.id));
    expect(list.length).toBeGreaterThan(20);
    const starts = list.map((s) => s.start_date);
    expect([...starts].sort()).toEqual(starts);
    const guid = wellington['X-Facility-Id'];
    for (const s of list) {
      expect(Object.keys(s).sort()).toEqual(SESSION_KEYS);
      expect(s.facility_guid).toBe(guid);
      if (!isWhiteboardVisible(s)) expect(s.whiteboard_items).toEqual([]);
      expect(s.instructors.length).toBeGreaterThanOrEqual(1);
    }
  });

  it('gives every field of a class, with the member’s own visit', async () => {
    const id = await classes.fullWithWaitlist('Wellington');
    const s = await asSession(await alex.get(`/api/v1/sessions/${id}`));
    const alexId = await profileIdOf(db, ALEX);
    const visit = await db.selectFrom('visits').selectAll().where('session_id', '=', id).where('profile_id', '=', alexId).executeTakeFirstOrThrow();
    expect(s).toMatchObject({
      id,
      name: 'CrossFit',
      facility_guid: wellington['X-Facility-Id'],
      start_date: classes.at(30 * HOUR),
      end_date: classes.at(31 * HOUR),
      booking_open_date: classes.at(30 * HOUR - 7 * DAY),
      booking_close_date: classes.at(30 * HOUR),
      cancellation_close_date: classes.at(28 * HOUR),
      cancelled: false,
      full: true,
      capacity: 6,
      booked_count: 6,
      offered_count: 0,
      waitlist_count: 1,
      waitlists_on: true,
      dropin_spaces: 2,
      droppedin_count: 0,
      online_url: null,
      whiteboard_items: [],
      whiteboard_visibility: 'attending',
      visit: { id: visit.id, state: 'waitlisted', late_cancelled: false, offer_expires_at: null, dropin: false, offer_expired: false },
    });
    expect(s.instructors).toEqual([{ full_name: expect.any(String), substituted: true }]);

    const stream = await asSession(await alex.get(`/api/v1/sessions/${await classes.freeWithStream('Wellington')}`));
    expect(stream).toMatchObject({ online_url: 'https://meet.example.com/harbour-wellington-mobility', full: false, visit: null });
    const cancelled = await asSession(await alex.get(`/api/v1/sessions/${await classes.cancelled('Wellington')}`));
    expect(cancelled).toMatchObject({ cancelled: true, booked_count: 0 });
    const oly = await asSession(await alex.get(`/api/v1/sessions/${await classes.finishedYesterday('Wellington')}`));
    expect(oly.instructors).toHaveLength(2);
  });

  it('takes start_date and end_date as dates (facility midnight) or date-times', async () => {
    const local = new TZDate(seededAt.getTime(), 'Pacific/Auckland');
    const ymd = (d: TZDate) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    const day = (n: number) => new TZDate(local.getFullYear(), local.getMonth(), local.getDate() + n, 0, 0, 0, 'Pacific/Auckland');
    const oneDay = await json<Session[]>(await alex.get(`/api/v1/sessions?start_date=${ymd(day(2))}&end_date=${ymd(day(3))}`, { headers: wellington }));
    expect(oneDay.length).toBeGreaterThanOrEqual(4);
    for (const s of oneDay) {
      expect(s.start_date >= new Date(day(2).getTime()).toISOString()).toBe(true);
      expect(s.start_date < new Date(day(3).getTime()).toISOString()).toBe(true);
    }
    // Date-times are exact: [start, end).
    const target = oneDay[1] as Session;
    const exact = await json<Session[]>(await alex.get(`/api/v1/sessions?start_date=${encodeURIComponent(target.start_date)}&end_date=${encodeURIComponent(new Date(Date.parse(target.start_date) + 1).toISOString())}`, { headers: wellington }));
    expect(exact.map((s) => s.start_date)).toEqual(exact.map(() => target.start_date));
    expect(exact.some((s) => s.id === target.id)).toBe(true);
    const offset = await alex.get(`/api/v1/sessions?start_date=${encodeURIComponent('2030-01-01T00:00:00+13:00')}`, { headers: wellington });
    expect(offset.status).toBe(200);
    // Only a start: 7 days from it. Yesterday's classes are reachable.
    const fromYesterday = await json<Session[]>(await alex.get(`/api/v1/sessions?start_date=${ymd(day(-1))}`, { headers: wellington }));
    expect(fromYesterday.some((s) => s.start_date < new Date(day(0).getTime()).toISOString())).toBe(true);
    expect(fromYesterday.every((s) => s.start_date < new Date(day(6).getTime()).toISOString())).toBe(true);
  });

  it('refuses bad ranges with 422 and a missing facility with 400', async () => {
    await expectError(await alex.get('/api/v1/sessions?start_date=2026-01-01&end_date=2026-03-05', { headers: wellington }), 422, 'range_too_long');
    expect((await alex.get('/api/v1/sessions?start_date=2026-01-01&end_date=2026-03-04', { headers: wellington })).status).toBe(200);
    await expectError(await alex.get('/api/v1/sessions?start_date=2026-01-05&end_date=2026-01-05', { headers: wellington }), 422, 'invalid_range');
    const bad = await expectError(await alex.get('/api/v1/sessions?start_date=tomorrow', { headers: wellington }), 422, 'validation_failed');
    expect(bad.errors?.[0]?.path).toBe('start_date');
    await expectError(await alex.get('/api/v1/sessions?start_date=2026-01-05T10:00:00', { headers: wellington }), 422, 'validation_failed');
    await expectError(await alex.get('/api/v1/sessions'), 400, 'facility_required');
    // A club alone does not say which facility's timetable.
    await expectError(await alex.get('/api/v1/sessions', { headers: { 'X-Club-Id': '1' } }), 400, 'facility_required');
    expect((await alex.get('/api/v1/sessions', { headers: wellington, appId: true })).status).toBe(200);
  });

  it('answers 404 for unknown or malformed class ids, 401 when signed out', async () => {
    await expectError(await alex.get('/api/v1/sessions/999999'), 404, 'not_found');
    await expectError(await alex.get('/api/v1/sessions/abc'), 404, 'not_found');
    await expectError(await post(alex, '/api/v1/sessions/999999/book', {}), 404, 'not_found');
    const anonymous = new (alex.constructor as new (url: string) => Browser)(server.url);
    await expectError(await anonymous.get('/api/v1/sessions', { headers: wellington }), 401, 'unauthenticated');
    await expectError(await post(anonymous, `/api/v1/sessions/${await classes.barbellBasics('Wellington')}/book`, {}), 401, 'unauthenticated');
  });
});

describe('booking: POST /sessions/{id}/book, /dropin, /waitlist', () => {
  let server: TestServer;
  let db: Kysely<Database>;
  let alex: Browser;
  let sam: Browser;
  const seededAt = new Date();
  let classes: ReturnType<typeof seededClasses>;

  beforeAll(async () => {
    server = await startTestServer({ now: () => seededAt });
    db = server.running.db;
    alex = await signedIn(server, ALEX);
    sam = await signedIn(server, SAM);
    classes = seededClasses(db, seededAt);
  });
  afterAll(() => server.close());

  it('books, cancels and books again, keeping the history', async () => {
    const id = await classes.barbellBasics('Wellington');
    const before = await asSession(await alex.get(`/api/v1/sessions/${id}`));
    expect(before).toMatchObject({ visit: null, full: false, booked_count: 2 });

    const booked = await post(alex, `/api/v1/sessions/${id}/book`, {});
    expect(booked.status).toBe(201);
    const visit = await asVisit(booked);
    expect(visit).toMatchObject({ session_id: id, state: 'booked', late_cancelled: false, dropin: false, offer_expires_at: null, offer_expired: false, charge: { kind: 'visit', against: 'membership', name: 'Unlimited Membership' }, created_at: seededAt.toISOString() });
    expect(visit.session).toMatchObject({ id, booked_count: 3, visit: { id: visit.id, state: 'booked' } });

    await expectError(await post(alex, `/api/v1/sessions/${id}/book`, {}), 409, 'already_booked');
    await expectError(await post(alex, `/api/v1/sessions/${id}/dropin`, {}), 409, 'already_booked');
    await expectError(await post(alex, `/api/v1/sessions/${id}/waitlist`, {}), 409, 'already_booked');

    const cancelled = await asVisit(await put(alex, `/api/v1/visits/${visit.id}/cancel`));
    expect(cancelled).toMatchObject({ id: visit.id, state: 'cancelled', late_cancelled: false });
    expect(cancelled.session).toMatchObject({ booked_count: 2, visit: { id: visit.id, state: 'cancelled' } });

    const again = await post(alex, `/api/v1/sessions/${id}/book`, { visit: {} });
    expect(again.status).toBe(201);
    const second = await asVisit(again);
    expect(second.id).not.toBe(visit.id);
    expect(second.session.visit).toMatchObject({ id: second.id, state: 'booked' });
    const rows = await db.selectFrom('visits').select(['id', 'state']).where('session_id', '=', id).where('profile_id', '=', await profileIdOf(db, ALEX)).orderBy('id').execute();
    expect(rows).toEqual([
      { id: visit.id, state: 'cancelled' },
      { id: second.id, state: 'booked' },
    ]);
    // The old visit still reads as cancelled; its class shows the current booking.
    expect(await asVisit(await alex.get(`/api/v1/visits/${visit.id}`))).toMatchObject({ state: 'cancelled', session: { visit: { id: second.id } } });
  });

  it('accepts an empty body, {} or {visit:{…}} with unknown keys; refuses other shapes', async () => {
    const id = await classes.barbellBasics('Petone');
    const empty = await alex.request(`/api/v1/sessions/${id}/book`, { method: 'POST' });
    expect(empty.status).toBe(201);
    const visitId = (await asVisit(empty)).id;
    await put(alex, `/api/v1/visits/${visitId}/cancel`);
    expect((await post(alex, `/api/v1/sessions/${id}/book`, { visit: { note: 'hi', dropin: true }, extra: 1 })).status).toBe(201);
    await expectError(await post(sam, `/api/v1/sessions/${id}/book`, []), 422, 'validation_failed');
    await expectError(await post(sam, `/api/v1/sessions/${id}/book`, { visit: 'yes' }), 422, 'validation_failed');
    await expectError(await sam.request(`/api/v1/sessions/${id}/book`, { method: 'POST', body: '{not json', headers: { 'Content-Type': 'application/json' } }), 400, 'invalid_json');
    expect(await db.selectFrom('visits').select('id').where('session_id', '=', id).where('profile_id', '=', await profileIdOf(db, SAM)).execute()).toEqual([]);
  });

  it('answers every broken booking rule with 409 and a stable code', async () => {
    await expectError(await post(alex, `/api/v1/sessions/${await classes.offeredToAlex()}/book`, {}), 409, 'offer_pending');
    await expectError(await post(alex, `/api/v1/sessions/${await classes.offeredToAlex()}/waitlist`, {}), 409, 'offer_pending');
    await expectError(await post(alex, `/api/v1/sessions/${await classes.fullWithWaitlist('Wellington')}/book`, {}), 409, 'already_waitlisted');
    await expectError(await post(alex, `/api/v1/sessions/${await classes.fullWithWaitlist('Wellington')}/waitlist`, {}), 409, 'already_waitlisted');
    await expectError(await post(alex, `/api/v1/sessions/${await classes.cancelled('Wellington')}/book`, {}), 409, 'class_cancelled');
    await expectError(await post(sam, `/api/v1/sessions/${await classes.finishedToday('Wellington')}/book`, {}), 409, 'class_finished');
    await expectError(await post(alex, `/api/v1/sessions/${await classes.finishedToday('Wellington')}/book`, {}), 409, 'already_booked');
    await expectError(await post(alex, `/api/v1/sessions/${await classes.inProgress('Wellington')}/book`, {}), 409, 'class_started');
    await expectError(await post(alex, `/api/v1/sessions/${await classes.inProgress('Wellington')}/dropin`, {}), 409, 'class_started');
    await expectError(await post(alex, `/api/v1/sessions/${await classes.bookingClosed('Wellington')}/book`, {}), 409, 'booking_closed');
    const notOpen = await expectError(await post(alex, `/api/v1/sessions/${await classes.notYetOpen('Wellington')}/book`, {}), 409, 'booking_not_open');
    expect(notOpen.message).toBe(`Booking for this class opens at ${classes.at(9 * DAY - 7 * DAY)}.`);
    await expectError(await post(alex, `/api/v1/sessions/${await classes.fullNoWaitlist('Wellington')}/book`, {}), 409, 'class_full');
    const full = await expectError(await post(alex, `/api/v1/sessions/${await classes.fullWithWaitlist('Petone')}/book`, {}), 409, 'class_full');
    expect(full.message).toMatch(/waitlist/);
    await expectError(await post(alex, `/api/v1/sessions/${await classes.freeWithStream('Wellington')}/dropin`, {}), 409, 'no_dropin_space');
    await expectError(await post(alex, `/api/v1/sessions/${await classes.fullNoWaitlist('Wellington')}/waitlist`, {}), 409, 'waitlist_unavailable');
    const notFull = await expectError(await post(alex, `/api/v1/sessions/${await classes.barbellBasics('Tallinn Old Town')}/waitlist`, {}), 409, 'waitlist_unavailable');
    expect(notFull.message).toMatch(/free places/);
    await expectError(await post(alex, `/api/v1/sessions/${await classes.notYetOpen('Wellington')}/waitlist`, {}), 409, 'booking_not_open');
    await expectError(await post(alex, `/api/v1/sessions/${await classes.cancelled('Wellington')}/waitlist`, {}), 409, 'class_cancelled');
    // Nothing was written by any of them.
    expect(await db.selectFrom('visits').select('id').where('created_at', '=', seededAt.toISOString()).where('session_id', 'in', [await classes.fullNoWaitlist('Wellington'), await classes.freeWithStream('Wellington')]).execute()).toEqual([]);
  });

  it('joins the waitlist of a full class at the back of the line', async () => {
    const id = await classes.fullWithWaitlist('Petone');
    const res = await post(alex, `/api/v1/sessions/${id}/waitlist`, {});
    expect(res.status).toBe(201);
    const visit = await asVisit(res);
    expect(visit).toMatchObject({ state: 'waitlisted', session: { full: true, booked_count: 6, waitlist_count: 2, visit: { id: visit.id, state: 'waitlisted' } } });
  });

  it('drops in while drop-in spaces remain, and counts them', async () => {
    const limited = await classes.dropinLimited('Wellington');
    expect(await asSession(await alex.get(`/api/v1/sessions/${limited}`))).toMatchObject({ dropin_spaces: 3, droppedin_count: 1, booked_count: 4 });
    // Two spaces in all: one is taken, one left.
    await db.updateTable('sessions').set({ dropin_spaces: 2 }).where('id', '=', limited).execute();
    const res = await post(alex, `/api/v1/sessions/${limited}/dropin`, {});
    expect(res.status).toBe(201);
    expect(await asVisit(res)).toMatchObject({ state: 'booked', dropin: true, session: { droppedin_count: 2, booked_count: 5, visit: { dropin: true } } });
    const none = await expectError(await post(sam, `/api/v1/sessions/${limited}/dropin`, {}), 409, 'no_dropin_space');
    expect(none.message).toMatch(/no drop-in places left/);
    // A regular booking does not need a drop-in space.
    expect((await post(sam, `/api/v1/sessions/${limited}/book`, {})).status).toBe(201);

    const unlimited = await classes.dropinUnlimited('Wellington');
    const a = await asVisit(await post(alex, `/api/v1/sessions/${unlimited}/dropin`, {}));
    const s = await asVisit(await post(sam, `/api/v1/sessions/${unlimited}/dropin`, {}));
    expect([a.session.droppedin_count, s.session.droppedin_count]).toEqual([1, 2]);
    expect(s.session.dropin_spaces).toBe(-1);
  });
});
