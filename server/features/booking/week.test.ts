import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../../core/contract/types';
import type { Database } from '../../db/schema';
import { addWaitlisted, DAY, facilityGuid, profileIdOf } from '../../testing/booking-helpers';
import { ALEX, json, SAM, signedIn, startTestServer, type Browser, type TestServer } from '../../testing/helpers';
import { onPostgres } from '../../db/index';
import { sample } from '../../testing/metrics';
import { presentSessions, sessionsQuery } from './present';
import { sessionRange } from './range';

// GET /sessions presents a facility's week once per data version and adds each member's own part
// (week.ts, issue 30). What must hold: each member gets exactly what presenting the week for them
// alone gives (their own visit, place in line, whiteboard, course), never another member's; any
// write that changes what a class shows (through a route or straight into the database) shows in
// the very next answer; the ETag names the answer.

describe('GET /sessions: one shared week per data version, each member’s own part added', () => {
  let server: TestServer;
  let db: Kysely<Database>;
  let alex: Browser;
  let sam: Browser;
  let headers: Record<string, string>;
  let facilityId: number;
  // Two weeks from yesterday: this week's classes and the first of the courses (from next week).
  const from = new Date(Date.now() - DAY).toISOString().slice(0, 10);
  const to = new Date(Date.now() + 14 * DAY).toISOString().slice(0, 10);
  const path = `/api/v1/sessions?start_date=${from}&end_date=${to}`;

  beforeAll(async () => {
    server = await startTestServer();
    db = server.running.db;
    [alex, sam] = await Promise.all([signedIn(server, ALEX), signedIn(server, SAM)]);
    headers = { 'X-Facility-Id': await facilityGuid(db, 'Wellington') };
    facilityId = (await db.selectFrom('facilities').select('id').where('name', '=', 'Wellington').executeTakeFirstOrThrow()).id;
  });
  afterAll(() => server.close());

  const get = (who: Browser, extra: Record<string, string> = {}) => who.get(path, { headers: { ...headers, ...extra } });
  const week = async (who: Browser) => {
    const res = await get(who);
    expect(res.status).toBe(200);
    return json<Session[]>(res);
  };
  /** The same classes presented for one member alone, without the shared week. */
  async function alone(email: string): Promise<Session[]> {
    const facility = await db.selectFrom('facilities').select('time_zone').where('id', '=', facilityId).executeTakeFirstOrThrow();
    const range = sessionRange({ start_date: from, end_date: to }, facility.time_zone, new Date());
    if (!range.ok) throw new Error(range.message);
    const rows = await sessionsQuery(db)
      .where('sessions.facility_id', '=', facilityId)
      .where('sessions.start_at', '>=', range.from.toISOString())
      .where('sessions.start_at', '<', range.to.toISOString())
      .orderBy('sessions.start_at')
      .orderBy('sessions.id')
      .execute();
    return presentSessions(db, rows, await profileIdOf(db, email));
  }
  const byId = (list: Session[], id: number) => list.find((s) => s.id === id)!;

  it('gives two members their own visits from one presentation of the week, the same text as presenting it for each alone', async () => {
    const presented = server.running.weeks.presented;
    const alexRes = await get(alex);
    const samRes = await get(sam);
    const [alexText, samText] = [await alexRes.text(), await samRes.text()];
    // Presented for the first of them, found for the second.
    expect(server.running.weeks.presented).toBe(presented + 1);

    const [alexAlone, samAlone] = [await alone(ALEX), await alone(SAM)];
    expect(alexText).toBe(JSON.stringify(alexAlone));
    expect(samText).toBe(JSON.stringify(samAlone));
    // The week has what makes this meaningful: visits of both, classes only one of them has a
    // visit of, courses.
    const alexWeek = JSON.parse(alexText) as Session[];
    const samWeek = JSON.parse(samText) as Session[];
    expect(alexWeek.some((s) => s.visit !== null && byId(samWeek, s.id).visit === null)).toBe(true);
    expect(samWeek.some((s) => s.visit !== null)).toBe(true);
    expect(alexWeek.some((s) => s.course)).toBe(true);
    for (const s of alexWeek) {
      const other = byId(samWeek, s.id);
      if (s.visit && other.visit) expect(s.visit.id).not.toBe(other.visit.id);
    }
  });

  it('a booking by one member changes the places the other sees at once; each keeps their own visit', async () => {
    const alexWeek = await week(alex);
    const samWeek = await week(sam);
    const target = alexWeek.find((s) => s.visit === null && byId(samWeek, s.id).visit === null && !s.full && !s.cancelled && s.booked_count + 1 < s.capacity && Date.parse(s.start_date) > Date.now() + DAY && Date.parse(s.booking_open_date) < Date.now());
    expect(target).toBeDefined();
    const presented = server.running.weeks.presented;
    const booked = await alex.request(`/api/v1/sessions/${target!.id}/book`, { method: 'POST', json: {}, headers });
    expect(booked.status).toBe(201);

    const samAfter = byId(await week(sam), target!.id);
    expect(samAfter.booked_count).toBe(target!.booked_count + 1);
    expect(samAfter.visit).toBeNull();
    const alexAfter = byId(await week(alex), target!.id);
    expect(alexAfter.booked_count).toBe(target!.booked_count + 1);
    expect(alexAfter.visit?.state).toBe('booked');
    // The write made a new version: presented again, once for both.
    expect(server.running.weeks.presented).toBe(presented + 1);

    // Sam takes the second-to-last place: Alex sees one place left, then none once Sam has it.
    const samBooked = await sam.request(`/api/v1/sessions/${target!.id}/book`, { method: 'POST', json: {}, headers });
    expect(samBooked.status).toBe(201);
    expect(byId(await week(alex), target!.id).booked_count).toBe(target!.booked_count + 2);
    expect(byId(await week(sam), target!.id).visit?.state).toBe('booked');
  });

  it('shows every write to what a class shows in the next answer, also one made straight in the database', async () => {
    const [first, second] = (await week(alex)).filter((s) => !s.cancelled && Date.parse(s.start_date) > Date.now() + DAY);
    const id = first!.id;

    await db.updateTable('sessions').set({ capacity: first!.capacity + 7, name: 'Renamed class' }).where('id', '=', id).execute();
    expect(byId(await week(sam), id)).toMatchObject({ capacity: first!.capacity + 7, name: 'Renamed class' });

    await db.updateTable('session_instructors').set({ full_name: 'Stand-in Coach', substituted: 1 }).where('session_id', '=', id).execute();
    expect(byId(await week(sam), id).instructors.every((i) => i.full_name === 'Stand-in Coach' && i.substituted)).toBe(true);

    await db.insertInto('session_instructors').values({ session_id: id, position: 9, full_name: 'Second Coach', substituted: 0 }).execute();
    expect(byId(await week(sam), id).instructors.map((i) => i.full_name)).toContain('Second Coach');

    const waitlisted = byId(await week(sam), second!.id).waitlist_count;
    await addWaitlisted(db, second!.id, new Date(), 1);
    expect(byId(await week(sam), second!.id).waitlist_count).toBe(waitlisted + 1);

    await db.updateTable('sessions').set({ cancelled: 1 }).where('id', '=', id).execute();
    expect(byId(await week(sam), id).cancelled).toBe(true);

    // The member's own visit, changed straight in the database, in the next answer (their visits
    // are kept per data version on SQLite, and a visit's write makes a new one).
    const samsVisit = (await week(sam)).find((s) => s.visit?.state === 'booked')!;
    expect(byId(await week(sam), samsVisit.id).visit?.state).toBe('booked');
    await db.updateTable('visits').set({ state: 'cancelled' }).where('id', '=', samsVisit.visit!.id).execute();
    expect(byId(await week(sam), samsVisit.id).visit?.state).toBe('cancelled');
    await db.updateTable('visits').set({ state: 'booked' }).where('id', '=', samsVisit.visit!.id).execute();
    expect(byId(await week(sam), samsVisit.id).visit?.state).toBe('booked');

    const withCourse = (await week(sam)).find((s) => s.course);
    await db.updateTable('courses').set({ name: 'Renamed course' }).where('id', '=', withCourse!.course!.id).execute();
    expect(byId(await week(sam), withCourse!.id).course?.name).toBe('Renamed course');

    const definition = await db.selectFrom('workout_definitions').select('id').executeTakeFirstOrThrow();
    await db.updateTable('sessions').set({ whiteboard_visibility: 'public' }).where('id', '=', second!.id).execute();
    await db.insertInto('whiteboard_items').values({ session_id: second!.id, definition_id: definition.id, position: 99 }).execute();
    expect(byId(await week(sam), second!.id).whiteboard_items.map((i) => i.definition.id)).toContain(definition.id);
    await db.updateTable('workout_definitions').set({ name: 'Renamed workout' }).where('id', '=', definition.id).execute();
    expect(byId(await week(sam), second!.id).whiteboard_items.find((i) => i.definition.id === definition.id)?.definition.name).toBe('Renamed workout');

    // A class added, then taken away.
    const { id: _id, ...row } = await db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const added = await db.insertInto('sessions').values({ ...row, name: 'Added class', cancelled: 0 }).returning('id').executeTakeFirstOrThrow();
    expect(byId(await week(sam), added.id)?.name).toBe('Added class');
    await db.deleteFrom('sessions').where('id', '=', added.id).execute();
    expect((await week(sam)).some((s) => s.id === added.id)).toBe(false);
  });

  it('names the answer by what it shows: a 304 for a member whose week came back the same, a new tag for one whose did not', async () => {
    const samFirst = await get(sam);
    const samTag = samFirst.headers.get('etag') ?? '';
    expect(samTag).toMatch(/^W\/"[\w-]+"$/);
    const alexTag = (await get(alex)).headers.get('etag') ?? '';
    const samWeek = await json<Session[]>(samFirst);
    // No one waiting: a cancel there offers the place to the first in line, and the class shows it.
    const target = samWeek.find((s) => s.visit === null && !s.full && !s.cancelled && s.waitlist_count === 0 && Date.parse(s.start_date) > Date.now() + DAY && Date.parse(s.booking_open_date) < Date.now());
    // Alex books and cancels: the places are back as they were, but Alex now has a cancelled visit.
    const booked = await alex.request(`/api/v1/sessions/${target!.id}/book`, { method: 'POST', json: {}, headers });
    expect(booked.status).toBe(201);
    expect((await alex.request(`/api/v1/visits/${(await json<{ id: number }>(booked)).id}/cancel`, { method: 'PUT', headers })).status).toBe(200);

    const samAgain = await get(sam, { 'If-None-Match': samTag });
    expect(samAgain.status).toBe(304);
    expect(samAgain.headers.get('etag')).toBe(samTag);
    const alexAgain = await get(alex, { 'If-None-Match': alexTag });
    expect(alexAgain.status).toBe(200);
    expect(byId(await json<Session[]>(alexAgain), target!.id).visit?.state).toBe('cancelled');
    // One member's tag never answers 304 for another whose answer differs.
    expect((await get(sam, { 'If-None-Match': alexAgain.headers.get('etag') ?? '' })).status).toBe(200);
  });

  /** Queries and transactions the server has run so far (each waited for a connection once). */
  const queries = async () => {
    const res = await fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${server.running.adminToken}` } });
    return sample(await res.text(), 'member_pwa_db_connection_wait_seconds_count') ?? 0;
  };

  it('asks PostgreSQL once per answer: the session, its facility and the member’s part in one query', async () => {
    await week(alex); // from here on this process knows the facility's zone
    // A scrape reads figures from the database too: its own count is taken off.
    const first = await queries();
    const before = await queries();
    const scrape = before - first;
    const answers: Session[][] = [];
    for (let i = 0; i < 5; i += 1) answers.push(await week(alex));
    const asked = (await queries()) - before - scrape;
    // PostgreSQL: one per answer (it was two: the session, then the member's part), give or take
    // the offer sweep's check, at most once a second. SQLite: the session, the version and the
    // enrolments, each in-process; the member's visits once, kept for the data version (week.ts).
    if (onPostgres(db)) expect(asked).toBeGreaterThanOrEqual(5);
    if (onPostgres(db)) expect(asked).toBeLessThan(10);
    else expect(asked).toBeGreaterThanOrEqual(15);
    if (!onPostgres(db)) expect(asked).toBeLessThan(20);
    const expected = await alone(ALEX);
    for (const answer of answers) expect(answer).toEqual(expected);
  });

  it('answers for the facility’s zone as it is now, also when it changed since this process last answered', async () => {
    await week(sam);
    const { time_zone } = await db.selectFrom('facilities').select('time_zone').where('id', '=', facilityId).executeTakeFirstOrThrow();
    // A zone whose midnight is hours from Auckland's: the week starts at another instant.
    await db.updateTable('facilities').set({ time_zone: 'Pacific/Honolulu' }).where('id', '=', facilityId).execute();
    try {
      expect(await week(sam)).toEqual(await alone(SAM));
      expect(await week(sam)).toEqual(await alone(SAM));
    } finally {
      await db.updateTable('facilities').set({ time_zone }).where('id', '=', facilityId).execute();
    }
    expect(await week(sam)).toEqual(await alone(SAM));
  });
});
