// The member's memberships and passes: their own in the facility's organisation only, each with
// its status and what it pays for; passes active by default, all with active=0. On SQLite and,
// under npm run test:pg, PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Membership, Pass } from '../../../core/contract/types';
import { ALEX, json, KAI, signedIn, startTestServer, type Browser, type TestServer } from '../../testing/helpers';
import { facilityGuid, post, seededClasses } from '../../testing/booking-helpers';

describe('memberships and passes', () => {
  let server: TestServer;
  let alex: Browser;
  let kai: Browser;
  let wellington: Record<string, string>;
  let tallinn: Record<string, string>;

  beforeAll(async () => {
    server = await startTestServer();
    [alex, kai] = await Promise.all([signedIn(server, ALEX), signedIn(server, KAI)]);
    wellington = { 'X-Facility-Id': await facilityGuid(server.running.db, 'Wellington') };
    tallinn = { 'X-Facility-Id': await facilityGuid(server.running.db, 'Tallinn Old Town') };
  });
  afterAll(() => server.close());

  it('lists the member’s memberships in the organisation with status and what they cover', async () => {
    // A class booked with it counts one visit against it.
    const before = (await json<Membership[]>(await alex.get('/api/v1/memberships', { headers: wellington })))[0]!.visits_used;
    const barbell = await seededClasses(server.running.db, new Date()).barbellBasics('Wellington');
    expect((await post(alex, `/api/v1/sessions/${barbell}/book`, {})).status).toBe(201);
    const harbour = await json<Membership[]>(await alex.get('/api/v1/memberships', { headers: wellington }));
    expect(harbour[0]!.visits_used).toBe(before + 1);
    expect(harbour).toEqual([expect.objectContaining({ name: 'Unlimited Membership', status: 'active', visits_per_period: null, covers: expect.arrayContaining(['Personal Training']) })]);
    // The visits counted against it: every booked place or late cancel it paid for.
    const charged = await server.running.db.selectFrom('visit_charges').select('id').where('membership_id', '=', harbour[0]!.id).execute();
    expect(harbour[0]!.visits_used).toBe(charged.length);
    const estonia = await json<Membership[]>(await alex.get('/api/v1/memberships', { headers: tallinn }));
    expect(estonia).toEqual([expect.objectContaining({ name: 'Summer Membership', status: 'past' })]);
  });

  it('lists active passes by default and every pass with active=0, with visits left', async () => {
    const active = await json<Pass[]>(await alex.get('/api/v1/passes', { headers: tallinn }));
    expect(active).toEqual([expect.objectContaining({ name: '10-Visit Pass', status: 'active', visits_total: 10, visits_left: 7, covers: ['Personal Training'] })]);
    expect(await json<Pass[]>(await alex.get('/api/v1/passes', { headers: wellington }))).toEqual([]);
    const all = await json<Pass[]>(await alex.get('/api/v1/passes?active=0', { headers: wellington }));
    expect(all).toEqual([expect.objectContaining({ name: 'Intro 5-Visit Pass', status: 'past', visits_left: 0 })]);
    expect((await alex.get('/api/v1/passes?active=yes', { headers: wellington })).status).toBe(422);
  });

  it('never lists another member’s, nor answers without a facility of the member’s', async () => {
    const kais = await json<Pass[]>(await kai.get('/api/v1/passes', { headers: tallinn }));
    expect(kais).toEqual([expect.objectContaining({ visits_left: 4 })]);
    expect(kais.map((p) => p.id)).not.toContain((await json<Pass[]>(await alex.get('/api/v1/passes', { headers: tallinn })))[0]!.id);
    expect((await kai.get('/api/v1/memberships', { headers: wellington })).status).toBe(403);
    expect((await alex.get('/api/v1/memberships')).status).toBe(400);
  });
});
