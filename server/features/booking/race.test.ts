// The last places of a class under concurrency: 50 members book at the same moment, each through
// their own signed-in browser, and exactly as many as there are places get one (on SQLite and,
// under npm run test:pg, on PostgreSQL, where the write runs SERIALIZABLE and is retried).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, startTestServer, type Browser, type TestServer } from '../../testing/helpers';
import { bookedCount, lastPlacesRace, type LastPlaces } from '../../testing/booking-helpers';

const RACERS = 50;
const PLACES_LEFT = 5;

describe('booking the last places at once', () => {
  let server: TestServer;
  let racers: Browser[];
  let race: LastPlaces;

  beforeAll(async () => {
    server = await startTestServer();
    race = await lastPlacesRace(server.running.db, 'race', RACERS, PLACES_LEFT);
    racers = await Promise.all(race.emails.map((email) => signedIn(server, email)));
  }, 120_000);
  afterAll(() => server.close());

  it(`gives ${PLACES_LEFT} of ${RACERS} members a place and tells the others the class is full; never overbooks`, async () => {
    const answers = await Promise.all(racers.map((racer, i) => racer.request(`/api/v1/sessions/${race.sessionId}/book`, { method: 'POST', json: {}, headers: { ...race.headers, 'Idempotency-Key': `race-${i}` } })));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(PLACES_LEFT);
    expect(statuses.filter((status) => status !== 201).every((status) => status === 409)).toBe(true);
    const { db } = server.running;
    const session = await db.selectFrom('sessions').select('capacity').where('id', '=', race.sessionId).executeTakeFirstOrThrow();
    expect(await bookedCount(db, race.sessionId)).toBe(session.capacity);
  }, 120_000);
});
