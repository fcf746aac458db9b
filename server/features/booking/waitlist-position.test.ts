import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session, Visit } from '../../../core/contract/types';
import type { Database } from '../../db/schema';
import { addWaitlisted, asSession, DAY, facilityGuid, MINUTE, profileIdOf, put, seededClasses, visitOf } from '../../testing/booking-helpers';
import { ALEX, json, manualClock, SAM, signedIn, startTestServer, type Browser, type TestServer } from '../../testing/helpers';

// The member's place in line (visit.waitlist_position), as people join, leave and get offered places.
describe('waitlist position', () => {
  let server: TestServer;
  let db: Kysely<Database>;
  let alex: Browser;
  let sam: Browser;
  const clock = manualClock();
  let classId: number;
  let wellington: Record<string, string>;

  beforeAll(async () => {
    server = await startTestServer({ now: clock.now });
    db = server.running.db;
    [alex, sam] = await Promise.all([signedIn(server, ALEX), signedIn(server, SAM)]);
    classId = await seededClasses(db, clock.now()).fullWithWaitlist('Wellington');
    wellington = { 'X-Facility-Id': await facilityGuid(db, 'Wellington') };
  });
  afterAll(() => server.close());

  const alexSees = async () => (await asSession(await alex.get(`/api/v1/sessions/${classId}`))).visit;
  const inMyBookings = async () => (await json<Visit[]>(await alex.get('/api/v1/visits/bookings', { headers: wellington }))).find((v) => v.session.id === classId)?.session.visit;

  it('counts only those who joined before, in the order places are offered', async () => {
    expect(await alexSees()).toMatchObject({ state: 'waitlisted', waitlist_position: 1 });
    const alexVisit = await visitOf(db, await profileIdOf(db, ALEX), classId);
    // One joined earlier (moves Alex back), one later (does not).
    await addWaitlisted(db, classId, new Date(Date.parse(alexVisit.created_at) - DAY), 0);
    await addWaitlisted(db, classId, new Date(Date.parse(alexVisit.created_at) + MINUTE), 1);
    expect(await alexSees()).toMatchObject({ state: 'waitlisted', waitlist_position: 2 });
    expect(await inMyBookings()).toMatchObject({ state: 'waitlisted', waitlist_position: 2 });
    // The class list carries it too.
    const day = new Date(clock.now().getTime()).toISOString();
    const list = await json<Session[]>(await alex.get(`/api/v1/sessions?start_date=${day}&end_date=${new Date(clock.now().getTime() + 3 * DAY).toISOString()}`, { headers: wellington }));
    expect(list.find((s) => s.id === classId)?.visit).toMatchObject({ waitlist_position: 2 });
  });

  it('moves up when someone ahead is offered the freed place, and is gone once Alex is offered one', async () => {
    const samVisit = await visitOf(db, await profileIdOf(db, SAM), classId);
    expect((await put(sam, `/api/v1/visits/${samVisit.id}/cancel`)).status).toBe(200);
    // The earlier filler holds the offer now: out of the line.
    expect(await alexSees()).toMatchObject({ state: 'waitlisted', waitlist_position: 1 });
    const offered = await db.selectFrom('visits').select('id').where('session_id', '=', classId).where('state', '=', 'pending').executeTakeFirstOrThrow();
    // The filler lets it go and the place passes to Alex, whose offer has no position.
    await db.updateTable('visits').set({ state: 'cancelled', offer_expires_at: null }).where('id', '=', offered.id).execute();
    const alexVisit = await visitOf(db, await profileIdOf(db, ALEX), classId);
    await db.updateTable('visits').set({ state: 'pending', offer_expires_at: new Date(clock.now().getTime() + 30 * MINUTE).toISOString() }).where('id', '=', alexVisit.id).execute();
    const summary = await alexSees();
    expect(summary).toMatchObject({ state: 'pending' });
    expect(summary?.waitlist_position).toBeUndefined();
  });

  it('moves up when someone ahead leaves the waitlist', async () => {
    const alexVisit = await visitOf(db, await profileIdOf(db, ALEX), classId);
    await db.updateTable('visits').set({ state: 'waitlisted', offer_expires_at: null }).where('id', '=', alexVisit.id).execute();
    const ahead = await addWaitlisted(db, classId, new Date(Date.parse(alexVisit.created_at) - DAY), 0);
    expect(await alexSees()).toMatchObject({ waitlist_position: 2 });
    await db.updateTable('visits').set({ state: 'cancelled' }).where('id', '=', ahead).execute();
    expect(await alexSees()).toMatchObject({ waitlist_position: 1 });
  });
});
