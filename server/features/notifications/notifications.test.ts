import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { AppNotification, Appointment, NotificationList } from '../../../core/contract/types';
import type { Database } from '../../db/schema';
import { facilityGuid, profileIdOf, seededClasses } from '../../testing/booking-helpers';
import { ALEX, json, KAI, manualClock, SAM, signedIn, startTestServer, type Browser, type TestServer } from '../../testing/helpers';
import { FakePushSender, listNotifications } from '../../testing/notifications-helpers';

// GET /notifications, PUT /notifications/{id}/mark_as_read, PUT /notifications/mark_all_read,
// GET /appointments/{id}: shapes, order, what is hidden, tenancy and idempotent replays.

const MINUTE = 60_000;

describe('notification routes', () => {
  let server: TestServer;
  let db: Kysely<Database>;
  let alex: Browser;
  let sam: Browser;
  let kai: Browser;
  const seededAt = new Date();
  const clock = manualClock(seededAt);

  beforeAll(async () => {
    server = await startTestServer({ now: clock.now, pushSender: new FakePushSender() });
    db = server.running.db;
    [alex, sam, kai] = await Promise.all([signedIn(server, ALEX), signedIn(server, SAM), signedIn(server, KAI)]);
  });
  afterAll(() => server.close());

  const idsOf = (list: AppNotification[]) => list.map((n) => n.id);
  const wellington = async () => ({ 'X-Facility-Id': await facilityGuid(db, 'Wellington') });

  it('lists the seeded notifications: newest update first, expired and removed ones left out', async () => {
    const list = await listNotifications(alex);
    // Harbour: post (read), class_cancelled, waitlist offer at Petone; Tallinn post; Summit post.
    expect(list.map((n) => n.type).sort()).toEqual(['class_cancelled', 'post', 'post', 'post', 'waitlist']);
    const updated = list.map((n) => n.updated_at);
    expect(updated).toEqual([...updated].sort().reverse());
    for (const n of list) {
      expect(Object.keys(n).sort()).toEqual(['avatar_url', 'created_at', 'expires_at', 'id', 'message', 'org_id', 'params', 'read_at', 'removed_at', 'type', 'updated_at']);
      expect(n.removed_at).toBeNull();
      if (n.expires_at) expect(Date.parse(n.expires_at)).toBeGreaterThan(seededAt.getTime());
    }
    // The expired offer is stored but never listed.
    const stored = await db.selectFrom('notifications').select(['id', 'expires_at']).where('profile_id', '=', await profileIdOf(db, ALEX)).execute();
    const expired = stored.filter((n) => n.expires_at !== null && n.expires_at <= seededAt.toISOString());
    expect(expired).toHaveLength(1);
    expect(idsOf(list)).not.toContain(expired[0]?.id);

    const classes = seededClasses(db, seededAt);
    const cancelled = list.find((n) => n.type === 'class_cancelled');
    expect(cancelled).toMatchObject({ read_at: null, org_id: 1, params: { class: { id: await classes.cancelled('Wellington'), name: 'Yoga Flow' } } });
    expect(cancelled?.message).toMatch(/^Yoga Flow on \w{3} \d{1,2} \w{3} at \d{1,2}:\d{2} [AP]M has been cancelled\./);
    const offer = list.find((n) => n.type === 'waitlist');
    const pending = await db.selectFrom('visits').select(['id', 'offer_expires_at']).where('session_id', '=', await classes.offeredToAlex()).where('state', '=', 'pending').executeTakeFirstOrThrow();
    expect(offer).toMatchObject({ read_at: null, expires_at: pending.offer_expires_at, params: { class: { id: await classes.offeredToAlex(), name: 'HIIT' }, visit: { id: pending.id } } });
    const harbourPost = list.find((n) => n.type === 'post' && n.org_id === 1);
    expect(harbourPost?.read_at).not.toBeNull();
    expect(harbourPost).toMatchObject({ message: 'New lifting platforms are in!', params: { posts: [{ id: expect.any(Number) as number, author: { full_name: 'Mere Tane' } }] } });
  });

  it('narrows the list to the organisation of X-Facility-Id or X-Club-Id', async () => {
    const harbour = await listNotifications(alex, await wellington());
    expect(harbour.map((n) => n.org_id)).toEqual([1, 1, 1]);
    expect((await listNotifications(alex, { 'X-Club-Id': '2' })).map((n) => n.type)).toEqual(['post']);
    // Another member's organisation is refused like everywhere else.
    expect((await sam.get('/api/v1/notifications', { headers: { 'X-Club-Id': '2' } })).status).toBe(403);
    expect((await listNotifications(kai)).map((n) => n.org_id)).toEqual([2]);
  });

  it('needs a signed-in member', async () => {
    const res = await fetch(`${server.url}/api/v1/notifications`, { headers: { 'X-App-Id': 'member-pwa' } });
    expect(res.status).toBe(401);
  });

  it('leaves out removed notifications and caps the list at 100', async () => {
    const samId = await profileIdOf(db, SAM);
    const at = (m: number) => new Date(seededAt.getTime() - m * MINUTE).toISOString();
    const rows = Array.from({ length: 120 }, (_, i) => ({
      profile_id: samId,
      org_id: 1,
      type: 'post',
      message: `Bulk ${i}`,
      params: '{}',
      avatar_url: null,
      visit_id: null,
      read_at: null,
      removed_at: i === 119 ? at(1) : null,
      expires_at: null,
      created_at: at(200 - i),
      updated_at: at(200 - i),
    }));
    await db.insertInto('notifications').values(rows).execute();
    const list = await listNotifications(sam);
    expect(list).toHaveLength(100);
    // Newest update first: Bulk 118 (Bulk 119 is removed).
    expect(list[0]?.message).toBe('Bulk 118');
    expect(list.some((n) => n.message === 'Bulk 119')).toBe(false);
    await db.deleteFrom('notifications').where('profile_id', '=', samId).where('message', 'like', 'Bulk %').execute();
  });

  it('marks one notification read without moving or re-dating it, and answers the same on a repeat', async () => {
    clock.advance(MINUTE);
    const before = await listNotifications(alex, await wellington());
    const target = before.find((n) => n.type === 'class_cancelled') as AppNotification;
    const res = await alex.put(`/api/v1/notifications/${target.id}/mark_as_read`, undefined);
    expect(res.status).toBe(200);
    const read = await json<AppNotification>(res);
    const now = clock.now().toISOString();
    expect(read).toMatchObject({ id: target.id, read_at: now, updated_at: target.updated_at, message: target.message });
    // Reading is not news: the list keeps its order.
    expect(idsOf(await listNotifications(alex, await wellington()))).toEqual(idsOf(before));

    clock.advance(MINUTE);
    const again = await json<AppNotification>(await alex.put(`/api/v1/notifications/${target.id}/mark_as_read`, undefined));
    expect(again).toEqual(read);
  });

  it('answers 404 for another member’s notification and for unknown ids', async () => {
    const samPost = (await listNotifications(sam))[0] as AppNotification;
    for (const id of [String(samPost.id), '999999', 'abc', '-1']) {
      const res = await alex.put(`/api/v1/notifications/${id}/mark_as_read`, undefined);
      expect(res.status, id).toBe(404);
      expect(await json(res)).toMatchObject({ code: 'not_found' });
    }
    expect((await listNotifications(sam)).find((n) => n.id === samPost.id)?.read_at).toBeNull();
  });

  it('marks all read: answers the ones that changed, ignores ids that are not the member’s', async () => {
    const samPost = (await listNotifications(sam))[0] as AppNotification;
    const mine = await listNotifications(alex);
    const unread = mine.filter((n) => n.read_at === null);
    expect(unread.length).toBeGreaterThanOrEqual(2);
    clock.advance(MINUTE);
    const res = await alex.put('/api/v1/notifications/mark_all_read', { ids: [...idsOf(mine), samPost.id, 987654] });
    expect(res.status).toBe(200);
    const { data } = await json<NotificationList>(res);
    expect(idsOf(data).sort()).toEqual(idsOf(unread).sort());
    for (const n of data) expect(n).toMatchObject({ read_at: clock.now().toISOString(), updated_at: unread.find((u) => u.id === n.id)?.updated_at });
    expect((await listNotifications(alex)).every((n) => n.read_at !== null)).toBe(true);
    expect((await listNotifications(sam)).find((n) => n.id === samPost.id)?.read_at).toBeNull();
    // Nothing left to change.
    expect((await json<NotificationList>(await alex.put('/api/v1/notifications/mark_all_read', { ids: idsOf(mine) }))).data).toEqual([]);
  });

  it('validates the mark_all_read body', async () => {
    const tooMany = await sam.put('/api/v1/notifications/mark_all_read', { ids: Array.from({ length: 501 }, (_, i) => i + 1) });
    expect(tooMany.status).toBe(422);
    expect(await json(tooMany)).toMatchObject({ code: 'validation_failed', message: 'At most 500 ids at a time.' });
    const messages: [unknown, string, string][] = [
      [{}, 'ids', 'ids must be a list of notification ids.'],
      [{ ids: 'all' }, 'ids', 'ids must be a list of notification ids.'],
      [{ ids: ['x'] }, 'ids.0', 'Each id must be a number.'],
      [{ ids: [1.5] }, 'ids.0', 'Each id must be a whole number.'],
      [{ ids: [-1.5] }, 'ids.0', 'Each id must be a whole number.'],
      [{ ids: [0] }, 'ids.0', 'Each id must be positive.'],
      [[], '', 'The request body must be an object like {"ids": [1, 2]}.'],
    ];
    for (const [body, path, message] of messages) {
      const res = await sam.put('/api/v1/notifications/mark_all_read', body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(await json(res), JSON.stringify(body)).toEqual({ code: 'validation_failed', message, errors: [{ path, message }] });
    }
    expect((await sam.request('/api/v1/notifications/mark_all_read', { method: 'PUT', body: '{', headers: { 'Content-Type': 'application/json' } })).status).toBe(400);
    expect((await sam.put('/api/v1/notifications/mark_all_read', { ids: Array.from({ length: 500 }, (_, i) => i + 1) })).status).toBe(200);
  });

  it('replays mark_all_read and mark_as_read by Idempotency-Key', async () => {
    const kaiList = await listNotifications(kai);
    const target = kaiList[0] as AppNotification;
    const headers = { 'Idempotency-Key': 'mark-all-1' };
    clock.advance(MINUTE);
    const first = await kai.put('/api/v1/notifications/mark_all_read', { ids: [target.id] }, { headers });
    const firstBody = await json<NotificationList>(first);
    expect(firstBody.data.map((n) => n.id)).toEqual([target.id]);
    clock.advance(MINUTE);
    const replay = await kai.put('/api/v1/notifications/mark_all_read', { ids: [target.id] }, { headers });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await json<NotificationList>(replay)).toEqual(firstBody);
    // The same key for another request is refused.
    const reused = await kai.put('/api/v1/notifications/mark_all_read', { ids: [target.id, 1] }, { headers });
    expect(reused.status).toBe(422);

    const single = { 'Idempotency-Key': 'mark-one-1' };
    const a = await json<AppNotification>(await kai.put(`/api/v1/notifications/${target.id}/mark_as_read`, undefined, { headers: single }));
    const b = await kai.put(`/api/v1/notifications/${target.id}/mark_as_read`, undefined, { headers: single });
    expect(b.headers.get('idempotent-replayed')).toBe('true');
    expect(await json(b)).toEqual(a);
  });

  it('shows the member’s own appointment and 404 for anyone else’s', async () => {
    const row = await db.selectFrom('appointments').selectAll().where('profile_id', '=', await profileIdOf(db, ALEX)).executeTakeFirstOrThrow();
    const res = await alex.get(`/api/v1/appointments/${row.id}`);
    expect(res.status).toBe(200);
    expect(await json<Appointment>(res)).toEqual({
      id: row.id,
      start_at: row.start_at,
      service: { name: 'Personal Training' },
      staff: { full_name: 'Mere Tane' },
      status: 'booked',
      facility_guid: await facilityGuid(db, 'Wellington'),
      updated_at: row.updated_at,
      hold_expires_at: null,
      service_id: row.service_id,
      staff_id: row.staff_id,
      end_at: row.end_at,
      price: 95,
      currency: 'NZD',
      late_cancelled: false,
      // Seeded before the catalogue charged anything: nothing recorded as paying for it.
      concession: null,
    });
    expect(Date.parse(row.start_at)).toBeGreaterThan(seededAt.getTime());
    expect((await sam.get(`/api/v1/appointments/${row.id}`)).status).toBe(404);
    expect((await alex.get('/api/v1/appointments/999999')).status).toBe(404);
    expect((await alex.get('/api/v1/appointments/x')).status).toBe(404);
  });
});
