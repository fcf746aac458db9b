// The server answers every read in the shape of core/contract, the schemas the app checks its
// pulls with: a change here that the app would refuse fails on the server's side first.
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as contract from '../core/contract/index';
import type { Database } from './db/schema';
import { ALEX, Browser, json, signedIn, startTestServer, type TestServer } from './testing/helpers';
import { facilityHeaders, movementId, publicBoardClass, type Headers } from './testing/training-helpers';

type Schema = { safeParse(data: unknown): { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } };

describe('answers match the contract', () => {
  let server: TestServer;
  let db: Kysely<Database>;
  let alex: Browser;
  let wellington: Headers;

  beforeAll(async () => {
    server = await startTestServer();
    db = server.running.db;
    alex = await signedIn(server, ALEX);
    wellington = await facilityHeaders(db, 'Wellington');
  });
  afterAll(() => server.close());

  async function expectShape(path: string, schema: Schema, headers: Headers = wellington): Promise<unknown> {
    const res = await alex.get(`/api/v1${path}`, { headers });
    expect(res.status, path).toBe(200);
    const body = await json<unknown>(res);
    const result = schema.safeParse(body);
    expect(result.error?.issues.slice(0, 3).map((i) => `${i.path.join('.')}: ${i.message}`) ?? [], path).toEqual([]);
    return body;
  }

  it('profile, member, facility and time zones', async () => {
    const login = await new Browser(server.url).login(ALEX);
    expect(contract.profile.safeParse(await json<unknown>(login)).success).toBe(true);
    await expectShape('/profile', contract.profile);
    await expectShape('/member', contract.member);
    await expectShape(`/facilities/${wellington['X-Facility-Id']}`, contract.facility);
    await expectShape('/timezones', contract.timezoneList);
  });

  it('classes and visits', async () => {
    const sessions = (await expectShape('/sessions', contract.sessionList)) as { id: number }[];
    expect(sessions.length).toBeGreaterThan(0);
    await expectShape(`/sessions/${sessions[0]!.id}`, contract.session);
    await expectShape('/visits', contract.visitList);
    await expectShape('/visits/bookings', contract.visitList);
    await expectShape('/client_visits', contract.visitList);
  });

  it('notifications', async () => {
    await expectShape('/notifications', contract.notificationList, {});
  });

  it('the training log, lifts, movements and a class leaderboard', async () => {
    const workouts = (await expectShape('/workouts', contract.workoutList)) as { data: unknown[] };
    expect(workouts.data.length).toBeGreaterThan(0);
    await expectShape('/lifts', contract.liftSummaryList);
    await expectShape(`/lifts/${await movementId(db, 'Back Squat')}`, contract.liftDetail);
    await expectShape('/movements', contract.movementList);
    await expectShape(`/leaderboard?session_id=${await publicBoardClass(db)}`, contract.leaderboard);
  });

  it('the card gateways', async () => {
    await expectShape('/gateways', contract.gatewayList, {});
  });
});
