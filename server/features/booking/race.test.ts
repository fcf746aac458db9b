// The last places of a class under concurrency: 50 members book at the same moment, each through
// their own signed-in browser, and exactly as many as there are places get one (on SQLite and,
// under npm run test:pg, on PostgreSQL, where the write runs SERIALIZABLE and is retried).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, startTestServer, ALEX, type Browser, type TestServer } from '../../testing/helpers';

const RACERS = 50;
const PLACES_LEFT = 5;

describe('booking the last places at once', () => {
  let server: TestServer;
  let racers: Browser[];
  let sessionId: number;
  let headers: Record<string, string>;

  beforeAll(async () => {
    server = await startTestServer();
    const { db } = server.running;
    const alex = await db.selectFrom('members_profiles').selectAll().where('email', '=', ALEX).executeTakeFirstOrThrow();
    const account = await db.selectFrom('accounts').selectAll().where('profile_id', '=', alex.id).orderBy('org_id').executeTakeFirstOrThrow();
    const facility = await db.selectFrom('facilities').select(['id', 'guid']).where('org_id', '=', account.org_id).orderBy('id').executeTakeFirstOrThrow();
    headers = { 'X-Facility-Id': facility.guid };
    // Members of the same organisation, with Alex's password.
    const stamp = new Date().toISOString();
    for (let i = 0; i < RACERS; i += 1) {
      const profile = await db
        .insertInto('members_profiles')
        .values({ ...alex, id: undefined, guid: `race-${i}`, email: `race${i}@example.com`, full_name: `Racer ${i}`, first_name: 'Racer', last_name: String(i), calendar_token: null, created_at: stamp, updated_at: stamp })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db.insertInto('accounts').values({ ...account, id: undefined, profile_id: profile.id, short_id: `race-${i}`, first_name: 'Racer', last_name: String(i), created_at: stamp }).execute();
    }
    // A class tomorrow with room for exactly PLACES_LEFT more.
    const tomorrow = new Date(Date.now() + 24 * 3_600_000).toISOString();
    const session = await db
      .selectFrom('sessions')
      .selectAll()
      .where('facility_id', '=', facility.id)
      .where('start_at', '>', tomorrow)
      .where('cancelled', '=', 0)
      .orderBy('start_at')
      .executeTakeFirstOrThrow();
    sessionId = session.id;
    const booked = await db.selectFrom('visits').select((eb) => eb.fn.countAll<number>().as('n')).where('session_id', '=', sessionId).where('state', '=', 'booked').executeTakeFirstOrThrow();
    await db.updateTable('sessions').set({ capacity: Number(booked.n) + PLACES_LEFT, booking_open_at: new Date(Date.now() - 3_600_000).toISOString() }).where('id', '=', sessionId).execute();
    racers = await Promise.all(Array.from({ length: RACERS }, (_, i) => signedIn(server, `race${i}@example.com`)));
  }, 120_000);
  afterAll(() => server.close());

  it(`gives ${PLACES_LEFT} of ${RACERS} members a place and tells the others the class is full; never overbooks`, async () => {
    const answers = await Promise.all(racers.map((racer, i) => racer.request(`/api/v1/sessions/${sessionId}/book`, { method: 'POST', json: {}, headers: { ...headers, 'Idempotency-Key': `race-${i}` } })));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(PLACES_LEFT);
    expect(statuses.filter((status) => status !== 201).every((status) => status === 409)).toBe(true);
    const { db } = server.running;
    const session = await db.selectFrom('sessions').select('capacity').where('id', '=', sessionId).executeTakeFirstOrThrow();
    const booked = await db.selectFrom('visits').select((eb) => eb.fn.countAll<number>().as('n')).where('session_id', '=', sessionId).where('state', '=', 'booked').executeTakeFirstOrThrow();
    expect(Number(booked.n)).toBe(session.capacity);
  }, 120_000);
});
