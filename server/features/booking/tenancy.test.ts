import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session, Visit } from '../../../core/contract/types';
import type { Database } from '../../db/schema';
import { expectError, facilityGuid, post, profileIdOf, put, seededClasses, visitOf } from '../../testing/booking-helpers';
import { ALEX, Browser, json, KAI, SAM, signedIn, startTestServer, type TestServer } from '../../testing/helpers';

// Classes of other organisations and visits of other members answer 404 exactly like ids that
// do not exist (same body), so nothing can be learnt by probing ids. A facility header naming
// someone else's facility is refused with 403 before any route runs.

describe('booking tenant isolation', () => {
  let server: TestServer;
  let db: Kysely<Database>;
  let alex: Browser;
  let sam: Browser;
  let kai: Browser;
  const seededAt = new Date();
  let classes: ReturnType<typeof seededClasses>;
  let alexId: number;

  beforeAll(async () => {
    server = await startTestServer({ now: () => seededAt });
    db = server.running.db;
    [alex, sam, kai] = await Promise.all([signedIn(server, ALEX), signedIn(server, SAM), signedIn(server, KAI)]);
    classes = seededClasses(db, seededAt);
    alexId = await profileIdOf(db, ALEX);
  });
  afterAll(() => server.close());

  async function notFoundLikeUnknown(res: Response): Promise<void> {
    const body = await expectError(res, 404, 'not_found');
    expect(['The class was not found.', 'The visit was not found.']).toContain(body.message);
  }

  const visitCount = async () => Number((await db.selectFrom('visits').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

  it('Kai (Tallinn only) cannot see or book Harbour classes', async () => {
    const wellington = { 'X-Facility-Id': await facilityGuid(db, 'Wellington') };
    await expectError(await kai.get('/api/v1/sessions', { headers: wellington }), 403, 'forbidden_facility');
    await expectError(await kai.get('/api/v1/visits', { headers: wellington }), 403, 'forbidden_facility');
    await expectError(await kai.get('/api/v1/visits/bookings', { headers: { 'X-Club-Id': '1' } }), 403, 'forbidden_facility');
    // A club id past what the database holds names no club: refused, never a failed query (500 on PostgreSQL).
    for (const club of ['999999999999999', '2147483648', 'abc']) await expectError(await kai.get('/api/v1/visits/bookings', { headers: { 'X-Club-Id': club } }), 403, 'forbidden_facility');

    const before = await visitCount();
    for (const id of [await classes.barbellBasics('Wellington'), await classes.dropinUnlimited('Petone'), await classes.fullWithWaitlist('Wellington')]) {
      const unknown = await (await kai.get('/api/v1/sessions/99999999')).text();
      const foreign = await kai.get(`/api/v1/sessions/${id}`);
      expect(foreign.status).toBe(404);
      expect(await foreign.text()).toBe(unknown);
      for (const action of ['book', 'dropin', 'waitlist']) await notFoundLikeUnknown(await post(kai, `/api/v1/sessions/${id}/${action}`, {}));
    }
    expect(await visitCount()).toBe(before);
  });

  it('Kai cannot read or change Alex’s visits, at Harbour or at their shared Tallinn club', async () => {
    const harbourVisit = (await visitOf(db, alexId, await classes.lateCancelWindow('Wellington'))).id;
    const tallinnVisit = (await visitOf(db, alexId, await classes.lateCancelWindow('Tallinn Old Town'))).id;
    const attended = (await visitOf(db, alexId, await classes.finishedToday('Tallinn Old Town'))).id;
    for (const id of [harbourVisit, tallinnVisit]) {
      await notFoundLikeUnknown(await kai.get(`/api/v1/visits/${id}`));
      for (const action of ['cancel', 'latecancel', 'confirm', 'decline']) await notFoundLikeUnknown(await put(kai, `/api/v1/visits/${id}/${action}`));
      expect((await visitOf(db, alexId, (await db.selectFrom('visits').select('session_id').where('id', '=', id).executeTakeFirstOrThrow()).session_id)).state).toBe('booked');
    }
    await notFoundLikeUnknown(await kai.get(`/api/v1/client_visits/${attended}`));
    const kaiHistory = await json<Visit[]>(await kai.get('/api/v1/client_visits'));
    expect(kaiHistory.length).toBeGreaterThan(0);
    expect(kaiHistory.some((v) => v.id === attended)).toBe(false);
  });

  it('Sam (same club as Alex) cannot read or change Alex’s visits', async () => {
    const waitlisted = (await visitOf(db, alexId, await classes.fullWithWaitlist('Wellington'))).id;
    const offer = (await visitOf(db, alexId, await classes.offeredToAlex())).id;
    const booked = (await visitOf(db, alexId, await classes.tomorrowEarly('Wellington'))).id;
    const attended = (await visitOf(db, alexId, await classes.finishedYesterday('Wellington'))).id;
    for (const id of [waitlisted, offer, booked, attended]) {
      await notFoundLikeUnknown(await sam.get(`/api/v1/visits/${id}`));
      for (const action of ['cancel', 'latecancel', 'confirm', 'decline']) await notFoundLikeUnknown(await put(sam, `/api/v1/visits/${id}/${action}`));
    }
    await notFoundLikeUnknown(await sam.get(`/api/v1/client_visits/${attended}`));
    expect((await db.selectFrom('visits').select('state').where('id', 'in', [waitlisted, offer, booked]).orderBy('id').execute()).map((v) => v.state).sort()).toEqual(['booked', 'pending', 'waitlisted']);

    const samId = await profileIdOf(db, SAM);
    const wellington = { 'X-Facility-Id': await facilityGuid(db, 'Wellington') };
    const lists = [
      ...(await json<Visit[]>(await sam.get('/api/v1/visits', { headers: wellington }))),
      ...(await json<Visit[]>(await sam.get('/api/v1/visits/bookings', { headers: wellington }))),
      ...(await json<Visit[]>(await sam.get('/api/v1/client_visits'))),
    ];
    const samVisits = new Set((await db.selectFrom('visits').select('id').where('profile_id', '=', samId).execute()).map((v) => v.id));
    expect(lists.length).toBeGreaterThan(3);
    expect(lists.every((v) => samVisits.has(v.id))).toBe(true);

    // In a class they share, each sees their own visit.
    const full = await classes.fullWithWaitlist('Wellington');
    expect((await json<Session>(await sam.get(`/api/v1/sessions/${full}`))).visit).toMatchObject({ state: 'booked' });
    expect((await json<Session>(await alex.get(`/api/v1/sessions/${full}`))).visit).toMatchObject({ id: waitlisted, state: 'waitlisted' });
    const samList = await json<Session[]>(await sam.get('/api/v1/sessions?start_date=2000-01-01T00:00:00Z&end_date=2000-01-02T00:00:00Z', { headers: wellington }));
    expect(samList).toEqual([]);
  });

  it('Sam cannot see Tallinn or Summit classes; Alex sees his hidden Summit account’s', async () => {
    for (const id of [await classes.barbellBasics('Tallinn Old Town'), await classes.barbellBasics('Summit Sydney')]) {
      await notFoundLikeUnknown(await sam.get(`/api/v1/sessions/${id}`));
      await notFoundLikeUnknown(await post(sam, `/api/v1/sessions/${id}/book`, {}));
    }
    await expectError(await sam.get('/api/v1/sessions', { headers: { 'X-Facility-Id': await facilityGuid(db, 'Summit Sydney') } }), 403, 'forbidden_facility');
    const summit = await json<Session[]>(await alex.get('/api/v1/sessions', { headers: { 'X-Facility-Id': await facilityGuid(db, 'Summit Sydney') } }));
    expect(summit.length).toBeGreaterThan(0);
    expect((await alex.get(`/api/v1/sessions/${await classes.barbellBasics('Summit Sydney')}`)).status).toBe(200);
  });

  it('answers 401 on every route when signed out', async () => {
    const anonymous = new Browser(server.url);
    const id = await classes.barbellBasics('Wellington');
    const visit = (await visitOf(db, alexId, await classes.tomorrowEarly('Wellington'))).id;
    const calls: Promise<Response>[] = [
      anonymous.get('/api/v1/sessions'),
      anonymous.get(`/api/v1/sessions/${id}`),
      post(anonymous, `/api/v1/sessions/${id}/book`, {}),
      post(anonymous, `/api/v1/sessions/${id}/dropin`, {}),
      post(anonymous, `/api/v1/sessions/${id}/waitlist`, {}),
      anonymous.get('/api/v1/visits'),
      anonymous.get('/api/v1/visits/bookings'),
      anonymous.get(`/api/v1/visits/${visit}`),
      ...['cancel', 'latecancel', 'confirm', 'decline'].map((a) => put(anonymous, `/api/v1/visits/${visit}/${a}`)),
      anonymous.get('/api/v1/client_visits'),
      anonymous.get(`/api/v1/client_visits/${visit}`),
    ];
    for (const res of await Promise.all(calls)) await expectError(res, 401, 'unauthenticated');
  });
});
