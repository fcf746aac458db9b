import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Visit } from '../../../core/contract/types';
import type { Database } from '../../db/schema';
import { LATE_CANCEL_MESSAGE } from './rules';
import { asVisit, expectError, facilityGuid, HOUR, post, profileIdOf, put, seededClasses, visitOf } from '../../testing/booking-helpers';
import { ALEX, json, KAI, manualClock, SAM, signedIn, startTestServer, type Browser, type TestServer } from '../../testing/helpers';

describe('visits: lists and detail', () => {
  let server: TestServer;
  let db: Kysely<Database>;
  let alex: Browser;
  let alexId: number;
  let wellington: Record<string, string>;
  let tallinn: Record<string, string>;
  const seededAt = new Date();
  let classes: ReturnType<typeof seededClasses>;

  beforeAll(async () => {
    server = await startTestServer({ now: () => seededAt });
    db = server.running.db;
    alex = await signedIn(server, ALEX);
    alexId = await profileIdOf(db, ALEX);
    wellington = { 'X-Facility-Id': await facilityGuid(db, 'Wellington') };
    tallinn = { 'X-Facility-Id': await facilityGuid(db, 'Tallinn Old Town') };
    classes = seededClasses(db, seededAt);
  });
  afterAll(() => server.close());

  it('lists the member’s visits at the selected organisation, newest class first', async () => {
    const list = await json<Visit[]>(await alex.get('/api/v1/visits', { headers: wellington }));
    const expected = await db
      .selectFrom('visits')
      .innerJoin('sessions', 'sessions.id', 'visits.session_id')
      .innerJoin('facilities', 'facilities.id', 'sessions.facility_id')
      .select('visits.id')
      .where('visits.profile_id', '=', alexId)
      .where('facilities.org_id', '=', 1)
      .orderBy('sessions.start_at', 'desc')
      .orderBy('visits.id', 'desc')
      .execute();
    expect(list.map((v) => v.id)).toEqual(expected.map((v) => v.id));
    // Both Harbour facilities: the organisation, not just the facility.
    expect(new Set(list.map((v) => v.session.facility_guid)).size).toBe(2);
    for (const v of list) expect(v.session_id).toBe(v.session.id);
    const starts = list.map((v) => v.session.start_date);
    expect([...starts].sort().reverse()).toEqual(starts);

    const tallinnList = await json<Visit[]>(await alex.get('/api/v1/visits', { headers: tallinn }));
    expect(tallinnList.length).toBeGreaterThan(0);
    expect(tallinnList.every((v) => v.session.facility_guid === tallinn['X-Facility-Id'])).toBe(true);
    // X-Club-Id alone names the organisation too.
    expect((await json<Visit[]>(await alex.get('/api/v1/visits', { headers: { 'X-Club-Id': '1' } }))).length).toBe(list.length);
  });

  it('filters by state and limits; validates both', async () => {
    const attended = await json<Visit[]>(await alex.get('/api/v1/visits?state=attended', { headers: wellington }));
    expect(attended.length).toBeGreaterThanOrEqual(2);
    expect(attended.every((v) => v.state === 'attended')).toBe(true);
    expect(await json<Visit[]>(await alex.get('/api/v1/visits?limit=2', { headers: wellington }))).toHaveLength(2);
    await expectError(await alex.get('/api/v1/visits?state=gone', { headers: wellington }), 422, 'validation_failed');
    await expectError(await alex.get('/api/v1/visits?limit=501', { headers: wellington }), 422, 'validation_failed');
    await expectError(await alex.get('/api/v1/visits?limit=0', { headers: wellington }), 422, 'validation_failed');
    await expectError(await alex.get('/api/v1/visits'), 400, 'facility_required');
    await expectError(await alex.get('/api/v1/visits/bookings'), 400, 'facility_required');
  });

  it('lists upcoming bookings, waitlist places and offers in start order', async () => {
    const list = await json<Visit[]>(await alex.get('/api/v1/visits/bookings', { headers: wellington }));
    const ids = {
      late: (await visitOf(db, alexId, await classes.lateCancelWindow('Wellington'))).id,
      latePetone: (await visitOf(db, alexId, await classes.lateCancelWindow('Petone'))).id,
      offer: (await visitOf(db, alexId, await classes.offeredToAlex())).id,
      early: (await visitOf(db, alexId, await classes.tomorrowEarly('Wellington'))).id,
      waitlisted: (await visitOf(db, alexId, await classes.fullWithWaitlist('Wellington'))).id,
    };
    expect(list.map((v) => v.id).sort()).toEqual(Object.values(ids).sort());
    expect(list.map((v) => v.state).sort()).toEqual(['booked', 'booked', 'booked', 'pending', 'waitlisted']);
    const starts = list.map((v) => v.session.start_date);
    expect([...starts].sort()).toEqual(starts);
    const offer = list.find((v) => v.state === 'pending');
    expect(offer?.offer_expires_at).toBe(classes.at(HOUR));
  });

  it('shows one visit, 404 for unknown ids', async () => {
    const id = (await visitOf(db, alexId, await classes.fullWithWaitlist('Wellington'))).id;
    const visit = await asVisit(await alex.get(`/api/v1/visits/${id}`));
    expect(visit).toMatchObject({ id, state: 'waitlisted', session: { name: 'CrossFit', full: true, visit: { id, state: 'waitlisted' } } });
    await expectError(await alex.get('/api/v1/visits/999999'), 404, 'not_found');
    await expectError(await alex.get('/api/v1/visits/x1'), 404, 'not_found');
  });

  it('gives the attendance history across all accounts as /client_visits', async () => {
    const list = await json<Visit[]>(await alex.get('/api/v1/client_visits'));
    // Alex attended classes at all four facilities, the hidden Summit account included.
    expect(new Set(list.map((v) => v.session.facility_guid)).size).toBe(4);
    expect(list.every((v) => v.state === 'attended' || (v.state === 'booked' && v.session.end_date <= seededAt.toISOString()))).toBe(true);
    const starts = list.map((v) => v.session.start_date);
    expect([...starts].sort().reverse()).toEqual(starts);
    expect(await json<Visit[]>(await alex.get('/api/v1/client_visits?limit=3'))).toHaveLength(3);
    await expectError(await alex.get('/api/v1/client_visits?limit=1000'), 422, 'validation_failed');

    const first = list[0] as Visit;
    expect(await asVisit(await alex.get(`/api/v1/client_visits/${first.id}`))).toMatchObject({ id: first.id, state: 'attended' });
    // A booking for a class still to come is not attendance (yet).
    const upcoming = (await visitOf(db, alexId, await classes.tomorrowEarly('Wellington'))).id;
    await expectError(await alex.get(`/api/v1/client_visits/${upcoming}`), 404, 'not_found');
    await expectError(await alex.get('/api/v1/client_visits/999999'), 404, 'not_found');

    // A booked visit whose class has finished counts as attended.
    const finished = await classes.finishedYesterday('Wellington');
    const visit = await visitOf(db, alexId, finished);
    await db.updateTable('visits').set({ state: 'booked' }).where('id', '=', visit.id).execute();
    expect(await asVisit(await alex.get(`/api/v1/client_visits/${visit.id}`))).toMatchObject({ id: visit.id, state: 'booked' });
    await db.updateTable('visits').set({ state: 'attended' }).where('id', '=', visit.id).execute();
  });
});

describe('visits: cancel, late cancel, confirm, decline', () => {
  let server: TestServer;
  let db: Kysely<Database>;
  let alex: Browser;
  let sam: Browser;
  let kai: Browser;
  let alexId: number;
  const clock = manualClock();
  const seededAt = clock.now();
  let classes: ReturnType<typeof seededClasses>;

  beforeAll(async () => {
    server = await startTestServer({ now: clock.now });
    db = server.running.db;
    [alex, sam, kai] = await Promise.all([signedIn(server, ALEX), signedIn(server, SAM), signedIn(server, KAI)]);
    alexId = await profileIdOf(db, ALEX);
    classes = seededClasses(db, seededAt);
  });
  afterAll(() => server.close());

  const alexVisit = async (sessionId: Promise<number>) => (await visitOf(db, alexId, await sessionId)).id;

  it('asks for a late cancel inside the window instead of cancelling', async () => {
    const id = await alexVisit(classes.lateCancelWindow('Wellington'));
    const res = await expectError(await put(alex, `/api/v1/visits/${id}/cancel`), 409, 'late_cancel_required');
    expect(res.message).toBe(LATE_CANCEL_MESSAGE);
    expect(res.message).toBe('Cancelling now is a late cancel and counts against your membership or pass.');
    expect((await db.selectFrom('visits').select('state').where('id', '=', id).executeTakeFirstOrThrow()).state).toBe('booked');
  });

  it('late-cancels inside the window against the unlimited membership', async () => {
    const id = await alexVisit(classes.lateCancelWindow('Wellington'));
    const res = await put(alex, `/api/v1/visits/${id}/latecancel`);
    expect(res.status).toBe(200);
    const visit = await asVisit(res);
    const membership = await db.selectFrom('memberships').select(['id', 'name']).where('profile_id', '=', alexId).where('org_id', '=', 1).executeTakeFirstOrThrow();
    expect(visit).toMatchObject({ state: 'cancelled', late_cancelled: true, charge: { kind: 'late_cancel', against: 'membership', id: membership.id, name: 'Unlimited Membership' } });
    expect(visit.session.visit).toMatchObject({ id, state: 'cancelled', late_cancelled: true });
    const charges = await db.selectFrom('visit_charges').selectAll().where('visit_id', '=', id).execute();
    expect(charges).toEqual([{ id: expect.any(Number), visit_id: id, membership_id: membership.id, pass_id: null, kind: 'late_cancel', created_at: clock.now().toISOString() }]);
    await expectError(await put(alex, `/api/v1/visits/${id}/latecancel`), 409, 'not_cancelable');
    await expectError(await put(alex, `/api/v1/visits/${id}/cancel`), 409, 'not_cancelable');
  });

  it('counts a late cancel against a pass with visits left (Tallinn), and casually where there is none (Summit)', async () => {
    const pass = await db.selectFrom('passes').selectAll().where('profile_id', '=', alexId).where('org_id', '=', 2).executeTakeFirstOrThrow();
    expect(pass.visits_used).toBe(3);
    const id = await alexVisit(classes.lateCancelWindow('Tallinn Old Town'));
    const visit = await asVisit(await put(alex, `/api/v1/visits/${id}/latecancel`));
    // The expired Summer Membership at Tallinn is skipped.
    expect(visit.charge).toMatchObject({ against: 'pass', id: pass.id, name: '10-Visit Pass' });
    expect((await db.selectFrom('passes').select('visits_used').where('id', '=', pass.id).executeTakeFirstOrThrow()).visits_used).toBe(4);
    expect(await db.selectFrom('visit_charges').select(['membership_id', 'pass_id']).where('visit_id', '=', id).execute()).toEqual([{ membership_id: null, pass_id: pass.id }]);

    const summit = await alexVisit(classes.lateCancelWindow('Summit Sydney'));
    const casual = await asVisit(await put(alex, `/api/v1/visits/${summit}/latecancel`));
    expect(casual.charge).toMatchObject({ against: 'casual', id: null, name: null });
    expect(await db.selectFrom('visit_charges').select(['membership_id', 'pass_id']).where('visit_id', '=', summit).execute()).toEqual([{ membership_id: null, pass_id: null }]);
  });

  it('falls back from a used-up pass to a casual charge', async () => {
    const kaiId = await profileIdOf(db, KAI);
    await db.updateTable('passes').set({ visits_used: 10 }).where('profile_id', '=', kaiId).execute();
    const session = await classes.lateCancelWindow('Tallinn Old Town');
    const booked = await asVisit(await post(kai, `/api/v1/sessions/${session}/book`, {}));
    expect(booked.state).toBe('booked');
    const visit = await asVisit(await put(kai, `/api/v1/visits/${booked.id}/latecancel`));
    expect(visit.charge).toMatchObject({ against: 'casual' });
    expect((await db.selectFrom('passes').select('visits_used').where('profile_id', '=', kaiId).executeTakeFirstOrThrow()).visits_used).toBe(10);
  });

  it('refuses a late cancel outside the window, so nothing is charged by mistake', async () => {
    const id = await alexVisit(classes.tomorrowEarly('Wellington'));
    const res = await expectError(await put(alex, `/api/v1/visits/${id}/latecancel`), 409, 'late_cancel_not_needed');
    expect(res.message).toMatch(/free cancellation/);
    expect(await db.selectFrom('visit_charges').select('id').where('visit_id', '=', id).execute()).toEqual([]);
    const cancelled = await asVisit(await put(alex, `/api/v1/visits/${id}/cancel`));
    expect(cancelled).toMatchObject({ state: 'cancelled', late_cancelled: false, charge: null });
  });

  it('removes a waitlist place with the cancel call', async () => {
    const id = await alexVisit(classes.fullWithWaitlist('Wellington'));
    const visit = await asVisit(await put(alex, `/api/v1/visits/${id}/cancel`));
    expect(visit).toMatchObject({ state: 'cancelled', late_cancelled: false, session: { waitlist_count: 0, full: true } });
    await expectError(await put(alex, `/api/v1/visits/${id}/cancel`), 409, 'not_cancelable');
  });

  it('refuses transitions from the wrong state', async () => {
    const attended = await alexVisit(classes.finishedToday('Wellington'));
    await expectError(await put(alex, `/api/v1/visits/${attended}/cancel`), 409, 'not_cancelable');
    await expectError(await put(alex, `/api/v1/visits/${attended}/latecancel`), 409, 'not_cancelable');
    await expectError(await put(alex, `/api/v1/visits/${attended}/confirm`), 409, 'not_pending');
    await expectError(await put(alex, `/api/v1/visits/${attended}/decline`), 409, 'not_pending');
    const offer = await alexVisit(classes.offeredToAlex());
    const pendingCancel = await expectError(await put(alex, `/api/v1/visits/${offer}/cancel`), 409, 'not_cancelable');
    expect(pendingCancel.message).toMatch(/confirm or decline/);
    await expectError(await put(alex, `/api/v1/visits/${offer}/latecancel`), 409, 'not_cancelable');
    await expectError(await put(alex, '/api/v1/visits/999999/cancel'), 404, 'not_found');
  });

  it('confirms an offered place before it lapses', async () => {
    const offer = await alexVisit(classes.offeredToAlex());
    const visit = await asVisit(await put(alex, `/api/v1/visits/${offer}/confirm`));
    expect(visit).toMatchObject({ id: offer, state: 'booked', offer_expires_at: null, session: { full: true, booked_count: 8, offered_count: 0, visit: { state: 'booked' } } });
    await expectError(await put(alex, `/api/v1/visits/${offer}/confirm`), 409, 'not_pending');
    await expectError(await put(alex, `/api/v1/visits/${offer}/decline`), 409, 'not_pending');
  });

  it('refuses to cancel or leave the waitlist once the class has started', async () => {
    // Sam's booking and a fresh waitlist place, then the clock passes the start.
    const full = await classes.fullWithWaitlist('Wellington');
    const samId = await profileIdOf(db, SAM);
    const samVisit = (await visitOf(db, samId, full)).id;
    const rejoined = await asVisit(await post(alex, `/api/v1/sessions/${full}/waitlist`, {}));
    expect(rejoined.state).toBe('waitlisted');
    clock.advance(30 * HOUR + 1000);
    const started = await expectError(await put(sam, `/api/v1/visits/${samVisit}/cancel`), 409, 'not_cancelable');
    expect(started.message).toMatch(/started/);
    await expectError(await put(sam, `/api/v1/visits/${samVisit}/latecancel`), 409, 'not_cancelable');
    const removable = await expectError(await put(alex, `/api/v1/visits/${rejoined.id}/cancel`), 409, 'not_removable');
    expect(removable.message).toMatch(/started/);
  });
});
