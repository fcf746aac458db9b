import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { friendAccepted, friendInvitation, friendInvitationCreated, friendList, friendsBookingList, FRIEND_INVITATIONS_OPEN_MAX, type FriendsBooking } from '../../../core/contract/friends';
import { profile } from '../../../core/contract/profile';
import type { Database } from '../../db/schema';
import { DAY, expectError, facilityGuid, profileIdOf, type FacilityName } from '../../testing/booking-helpers';
import { ALEX, Browser, json, KAI, manualClock, SAM, signedIn, startTestServer, type TestServer } from '../../testing/helpers';
import { hashToken } from '../auth/tokens';

// Friends (issue 31 item 6; docs/decisions.md#friends): invitations by link, accepted by the other;
// each sees the classes the other booked, nobody else ever does.

const HOUR = 60 * 60 * 1000;

describe('friends', () => {
  const clock = manualClock(new Date(Date.now() - 60_000));
  let server: TestServer;
  let db: Kysely<Database>;
  let alex: Browser;
  let sam: Browser;
  let kai: Browser;
  let alexId: number;
  let samId: number;
  let kaiId: number;
  let keys = 0;
  const acceptedBySam: string[] = [];

  const post = (b: Browser, path: string, json?: unknown, key?: string) => b.request(path, { method: 'POST', json, headers: key ? { 'Idempotency-Key': key } : {} });
  const invite = async (b: Browser) => {
    const res = await post(b, '/api/v1/friends/invitations');
    expect(res.status).toBe(201);
    return z.parse(friendInvitationCreated, await res.json());
  };
  const accept = (b: Browser, token: string, key = `accept-${++keys}`) => post(b, `/api/v1/friends/invitations/${token}/accept`, undefined, key);
  const friendsOf = async (b: Browser) => z.parse(friendList, await json(await b.get('/api/v1/friends')));
  const at = (ms: number) => new Date(clock.now().getTime() + ms).toISOString();
  const facilityId = async (name: FacilityName) => (await db.selectFrom('facilities').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  const bookings = async (b: Browser, facility: FacilityName): Promise<FriendsBooking[]> => {
    const res = await b.get(`/api/v1/friends/bookings?start_date=${at(0).slice(0, 10)}&end_date=${at(3 * DAY).slice(0, 10)}`, { headers: { 'X-Facility-Id': await facilityGuid(db, facility) } });
    expect(res.status).toBe(200);
    return z.parse(friendsBookingList, await res.json());
  };
  const friendsAt = (list: FriendsBooking[], sessionId: number) => list.find((b) => b.session_id === sessionId)?.friends ?? [];

  /** A class at `facility` tomorrow with `profiles` booked (the last `attended` when given). */
  async function classWith(facility: FacilityName, profiles: number[], state: 'booked' | 'attended' | 'cancelled' | 'waitlisted' = 'booked') {
    const created = at(0);
    const { id } = await db
      .insertInto('sessions')
      .values({ facility_id: await facilityId(facility), name: `Friends ${facility}`, description: null, location: null, start_at: at(DAY), end_at: at(DAY + HOUR), booking_open_at: at(-DAY), booking_close_at: at(DAY), cancellation_close_at: at(DAY), cancelled: 0, capacity: 10, waitlists_on: 1, dropin_spaces: 0, online_url: null, whiteboard_visibility: 'public', created_at: created, updated_at: created })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const p of profiles) await db.insertInto('visits').values({ profile_id: p, session_id: id, state, offer_expires_at: null, created_at: created, updated_at: created }).execute();
    return id;
  }

  beforeAll(async () => {
    server = await startTestServer({ now: clock.now });
    db = server.running.db;
    [alex, sam, kai] = await Promise.all([signedIn(server, ALEX), signedIn(server, SAM), signedIn(server, KAI)]);
    [alexId, samId, kaiId] = await Promise.all([profileIdOf(db, ALEX), profileIdOf(db, SAM), profileIdOf(db, KAI)]);
  });
  afterAll(() => server.close());

  it('invites by link; the other sees who invites and accepts; both list each other', async () => {
    const created = await invite(alex);
    expect(created.url).toBe(`/friends/accept/${created.token}`);
    expect(Date.parse(created.expires_at) - clock.now().getTime()).toBe(14 * DAY);
    // Only the token's hash is kept.
    const row = await db.selectFrom('friend_invitations').selectAll().where('inviter_id', '=', alexId).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(hashToken(created.token));
    expect(row.token_hash).not.toContain(created.token);

    const shown = z.parse(friendInvitation, await json(await sam.get(`/api/v1/friends/invitations/${created.token}`)));
    expect(shown).toEqual({ inviter: { first_name: 'Alex' }, expires_at: created.expires_at });
    // Signed out: nothing.
    await expectError(await new Browser(server.url).get(`/api/v1/friends/invitations/${created.token}`), 401, 'unauthenticated');

    acceptedBySam.push(created.token);
    const res = await accept(sam, created.token, 'sam-accept');
    expect(res.status).toBe(201);
    expect(z.parse(friendAccepted, await res.json())).toEqual({ friend: { id: alexId, first_name: 'Alex', last_name: 'Rivera' } });
    // The same key again: the first answer; another tap (another key): harmless, the same friend.
    const replay = await accept(sam, created.token, 'sam-accept');
    expect(replay.status).toBe(201);
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
    const again = await accept(sam, created.token);
    expect(again.status).toBe(201);
    expect(z.parse(friendAccepted, await again.json()).friend.id).toBe(alexId);

    expect(await friendsOf(sam)).toEqual([{ id: alexId, first_name: 'Alex', last_name: 'Rivera', since: clock.now().toISOString() }]);
    expect(await friendsOf(alex)).toEqual([{ id: samId, first_name: 'Sam', last_name: 'Taylor', since: clock.now().toISOString() }]);
    expect(await friendsOf(kai)).toEqual([]);
    // Stored once, the smaller id first.
    const pairs = await db.selectFrom('friendships').selectAll().execute();
    expect(pairs).toEqual([{ profile_a: Math.min(alexId, samId), profile_b: Math.max(alexId, samId), created_at: clock.now().toISOString() }]);
  });

  it('refuses one’s own invitation (409) and a used, expired or unknown one (404)', async () => {
    const own = await invite(alex);
    await expectError(await alex.get(`/api/v1/friends/invitations/${own.token}`), 409, 'own_friend_invitation');
    await expectError(await accept(alex, own.token), 409, 'own_friend_invitation');

    // Used by Sam: Kai cannot use it, nor see it.
    const used = await invite(alex);
    expect((await accept(sam, used.token)).status).toBe(201);
    await expectError(await kai.get(`/api/v1/friends/invitations/${used.token}`), 404, 'not_found');
    await expectError(await accept(kai, used.token), 404, 'not_found');
    expect(await friendsOf(kai)).toEqual([]);

    // Expired after 14 days.
    const old = await invite(kai);
    clock.advance(14 * DAY + 1000);
    try {
      await expectError(await sam.get(`/api/v1/friends/invitations/${old.token}`), 404, 'not_found');
      await expectError(await accept(sam, old.token), 404, 'not_found');
    } finally {
      clock.advance(-(14 * DAY + 1000));
    }
    for (const token of ['nope', 'x'.repeat(43), '%00', 'a'.repeat(300)]) {
      await expectError(await sam.get(`/api/v1/friends/invitations/${token}`), 404, 'not_found');
      await expectError(await accept(sam, token), 404, 'not_found');
    }
    expect(await friendsOf(kai)).toEqual([]);
  });

  it('shows a class’s friends who booked it, to friends only, and never anyone else', async () => {
    // Alex and Sam are friends; Kai is nobody's friend. Kai shares Tallinn with Alex.
    const wellington = await classWith('Wellington', [samId]);
    const tallinn = await classWith('Tallinn Old Town', [kaiId]);
    const attended = await classWith('Wellington', [samId], 'attended');
    const cancelled = await classWith('Wellington', [samId], 'cancelled');
    const waitlisted = await classWith('Wellington', [samId], 'waitlisted');
    const mine = await classWith('Wellington', [alexId]);

    const alexSees = await bookings(alex, 'Wellington');
    expect(friendsAt(alexSees, wellington)).toEqual([{ id: samId, first_name: 'Sam' }]);
    expect(friendsAt(alexSees, attended)).toEqual([{ id: samId, first_name: 'Sam' }]);
    expect(friendsAt(alexSees, cancelled)).toEqual([]);
    expect(friendsAt(alexSees, waitlisted)).toEqual([]);
    // The member's own booking is not a friend's.
    expect(friendsAt(alexSees, mine)).toEqual([]);
    expect(alexSees.flatMap((b) => b.friends).every((f) => f.id === samId)).toBe(true);
    // Kai is no friend of Alex: his booking never shows.
    expect(friendsAt(await bookings(alex, 'Tallinn Old Town'), tallinn)).toEqual([]);
    expect(await bookings(kai, 'Tallinn Old Town')).toEqual([]);
    // Sam sees Alex's.
    expect(friendsAt(await bookings(sam, 'Wellington'), mine)).toEqual([{ id: alexId, first_name: 'Alex' }]);
    // Another facility's classes are not in the answer, and a facility that is not the member's is refused.
    expect((await bookings(alex, 'Petone')).some((b) => b.session_id === wellington)).toBe(false);
    await expectError(await kai.get('/api/v1/friends/bookings', { headers: { 'X-Facility-Id': await facilityGuid(db, 'Wellington') } }), 403, 'forbidden_facility');
  });

  it('hides a member from all friends at once when they turn sharing off, and shows them again when on', async () => {
    const wellington = await classWith('Wellington', [samId]);
    expect(friendsAt(await bookings(alex, 'Wellington'), wellington)).toHaveLength(1);
    const off = await sam.put('/api/v1/profile', { profile: { share_bookings_with_friends: false } });
    expect(off.status).toBe(200);
    expect(z.parse(profile, await off.json()).share_bookings_with_friends).toBe(false);
    expect((await bookings(alex, 'Wellington')).some((b) => b.friends.some((f) => f.id === samId))).toBe(false);
    // Sam still sees Alex's (Alex shares), and they stay friends.
    expect((await friendsOf(alex)).map((f) => f.id)).toEqual([samId]);
    await expectError(await sam.put('/api/v1/profile', { profile: { share_bookings_with_friends: 'no' } }), 422, 'validation_failed');
    const on = await sam.put('/api/v1/profile', { profile: { share_bookings_with_friends: true } });
    expect(z.parse(profile, await on.json()).share_bookings_with_friends).toBe(true);
    expect(friendsAt(await bookings(alex, 'Wellington'), wellington)).toEqual([{ id: samId, first_name: 'Sam' }]);
  });

  it('ends a friendship from either side; another member’s friendship is 404 like an unknown one', async () => {
    const wellington = await classWith('Wellington', [samId]);
    // Kai cannot end Alex and Sam's friendship: 404, like a profile that is no friend of his.
    const foreign = await kai.request(`/api/v1/friends/${samId}`, { method: 'DELETE' });
    expect(foreign.status).toBe(404);
    const unknown = await kai.request('/api/v1/friends/99999999', { method: 'DELETE' });
    expect(unknown.status).toBe(404);
    expect(await foreign.text()).toBe(await unknown.text());
    for (const id of ['abc', '-1', '99999999999', '1.5']) expect((await alex.request(`/api/v1/friends/${id}`, { method: 'DELETE' })).status).toBe(404);
    expect(await friendsOf(alex)).toHaveLength(1);

    expect((await sam.request(`/api/v1/friends/${alexId}`, { method: 'DELETE', headers: { 'Idempotency-Key': 'unfriend-1' } })).status).toBe(204);
    expect((await sam.request(`/api/v1/friends/${alexId}`, { method: 'DELETE', headers: { 'Idempotency-Key': 'unfriend-1' } })).status).toBe(204);
    expect((await sam.request(`/api/v1/friends/${alexId}`, { method: 'DELETE' })).status).toBe(404);
    expect(await friendsOf(alex)).toEqual([]);
    expect(await friendsOf(sam)).toEqual([]);
    expect(friendsAt(await bookings(alex, 'Wellington'), wellington)).toEqual([]);
    // Sam's old links, accepted before, do not make the friendship again.
    for (const token of acceptedBySam) await expectError(await accept(sam, token), 404, 'not_found');
    expect(await friendsOf(alex)).toEqual([]);
    // Friends again through a new invitation, Sam's this time; Alex ends it.
    expect((await accept(alex, (await invite(sam)).token)).status).toBe(201);
    expect(friendsAt(await bookings(alex, 'Wellington'), wellington)).toEqual([{ id: samId, first_name: 'Sam' }]);
    expect((await alex.request(`/api/v1/friends/${samId}`, { method: 'DELETE' })).status).toBe(204);
    expect(await friendsOf(sam)).toEqual([]);
  });

  it('answers bad input with 4xx, never 500', async () => {
    const wellington = { 'X-Facility-Id': await facilityGuid(db, 'Wellington') };
    const bad = async (path: string, status: number, code: string) => expect((await expectError(await alex.get(path, { headers: wellington }), status, code)).message.length).toBeGreaterThan(10);
    await bad('/api/v1/friends/bookings?start_date=yesterday', 422, 'validation_failed');
    await bad('/api/v1/friends/bookings?start_date=2026-05-10&end_date=2026-05-01', 422, 'invalid_range');
    await bad('/api/v1/friends/bookings?start_date=2026-01-01&end_date=2026-12-31', 422, 'range_too_long');
    await expectError(await alex.get('/api/v1/friends/bookings'), 400, 'facility_required');
    await expectError(await post(alex, '/api/v1/friends/invitations', [1]), 422, 'validation_failed');
    await expectError(await post(alex, '/api/v1/friends/invitations', 'x'), 422, 'validation_failed');
    await expectError(await alex.request('/api/v1/friends/invitations', { method: 'POST', body: '{nope', headers: { 'Content-Type': 'application/json' } }), 400, 'invalid_json');
    await expectError(await alex.request('/api/v1/friends/invitations', { method: 'POST', headers: { 'Idempotency-Key': 'not a key!' } }), 400, 'invalid_idempotency_key');
    await expectError(await new Browser(server.url).get('/api/v1/friends'), 401, 'unauthenticated');
    await expectError(await new Browser(server.url).request('/api/v1/friends', { appId: false }), 400, 'missing_app_id');
  });

  it('keeps at most 20 open invitations per member', async () => {
    const open = async () => Number((await db.selectFrom('friend_invitations').select((eb) => eb.fn.countAll<number>().as('n')).where('inviter_id', '=', kaiId).where('used_at', 'is', null).where('expires_at', '>', at(0)).executeTakeFirstOrThrow()).n);
    while ((await open()) < FRIEND_INVITATIONS_OPEN_MAX) await invite(kai);
    await expectError(await post(kai, '/api/v1/friends/invitations'), 409, 'too_many_invitations');
    // Others are not limited by Kai's.
    await invite(sam);
  });
});
