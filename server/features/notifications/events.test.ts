import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { AppNotification, Appointment, NotificationRealtimeMessage, Visit } from '../../../core/contract/types';
import type { Database } from '../../db/schema';
import { addWaitlisted, DAY, HOUR, MINUTE, profileIdOf, put, seededClasses, visitOf } from '../../testing/booking-helpers';
import { ALEX, json, KAI, manualClock, SAM, signedIn, startTestServer, type Browser, type TestServer } from '../../testing/helpers';
import { admin, channelOf, FakePushSender, listNotifications, realtimeClient, subscribe, waitUntil, type Inbox } from '../../testing/notifications-helpers';

// Notifications from real events, delivered live over Faye to a real Faye Node client:
// a waitlist offer (and its removal when answered or lapsed), a cancelled class, a post, a
// moved or cancelled appointment.

const when = (iso: string, tz = 'Pacific/Auckland') => format(new TZDate(Date.parse(iso), tz), "EEE d MMM 'at' h:mm a");

describe('notifications from events, live on /n/{member_short_id}', () => {
  let server: TestServer;
  let db: Kysely<Database>;
  let alex: Browser;
  let sam: Browser;
  let kai: Browser;
  let inbox: Inbox;
  let samInbox: Inbox;
  const clients: { disconnect(): void }[] = [];
  const seededAt = new Date();
  const clock = manualClock(seededAt);
  const classes = () => seededClasses(db, seededAt);
  const isEvent = (event: NotificationRealtimeMessage['event'], match: (n: AppNotification) => boolean) => (m: NotificationRealtimeMessage) => m.event === event && match(m.notification);

  beforeAll(async () => {
    server = await startTestServer({ now: clock.now, pushSender: new FakePushSender() });
    db = server.running.db;
    [alex, sam, kai] = await Promise.all([signedIn(server, ALEX), signedIn(server, SAM), signedIn(server, KAI)]);
    const alexClient = realtimeClient(server, alex);
    const samClient = realtimeClient(server, sam);
    clients.push(alexClient, samClient);
    inbox = await subscribe(alexClient, await channelOf(alex));
    samInbox = await subscribe(samClient, await channelOf(sam));
  });
  afterAll(async () => {
    for (const c of clients) c.disconnect();
    await server.close();
  });

  it('keeps other members’ channels and client publishes out (real Faye client)', async () => {
    const client = realtimeClient(server, alex);
    clients.push(client);
    await expect(subscribe(client, await channelOf(kai, 2))).rejects.toMatchObject({ message: expect.stringMatching(/Forbidden channel/) as string });
    await expect(subscribe(client, '/n/*')).rejects.toBeTruthy();
    await expect(Promise.resolve(client.publish(await channelOf(alex), { event: 'created', notification: { id: 1 } }))).rejects.toMatchObject({ message: expect.stringMatching(/Publishing is not allowed/) as string });
    const anonymous = realtimeClient(server, null);
    clients.push(anonymous);
    await expect(subscribe(anonymous, await channelOf(alex))).rejects.toBeTruthy();
    // Nothing reached Alex.
    expect(inbox.messages).toEqual([]);
  });

  it('tells Alex live when Sam’s cancellation offers Alex the place, and removes it when Alex confirms', async () => {
    const classId = await classes().fullWithWaitlist('Wellington');
    const [alexId, samId] = [await profileIdOf(db, ALEX), await profileIdOf(db, SAM)];
    const samVisit = await visitOf(db, samId, classId);
    const started = Date.now();
    expect((await put(sam, `/api/v1/visits/${samVisit.id}/cancel`)).status).toBe(200);

    const offered = await visitOf(db, alexId, classId);
    expect(offered.state).toBe('pending');
    const created = await inbox.next(isEvent('created', (n) => n.type === 'waitlist' && n.params.visit?.id === offered.id), 2000);
    expect(Date.now() - started).toBeLessThan(2000);
    const session = await db.selectFrom('sessions').select(['name', 'start_at']).where('id', '=', classId).executeTakeFirstOrThrow();
    // The deadline is at most 2 hours away: today, so only its time (unless it is past midnight there).
    const expiry = new TZDate(Date.parse(offered.offer_expires_at ?? ''), 'Pacific/Auckland');
    const sameDay = format(expiry, 'yyyy-MM-dd') === format(new TZDate(clock.now().getTime(), 'Pacific/Auckland'), 'yyyy-MM-dd');
    const deadline = sameDay ? format(expiry, 'h:mm a') : when(offered.offer_expires_at ?? '');
    expect(created.notification).toMatchObject({
      type: 'waitlist',
      message: `A place opened up in CrossFit on ${when(session.start_at)}. Confirm it before ${deadline}.`,
      params: { class: { id: classId, name: 'CrossFit', start_date: session.start_at }, visit: { id: offered.id } },
      expires_at: offered.offer_expires_at,
      read_at: null,
      removed_at: null,
      org_id: 1,
    });
    // Already stored when Sam's request returned, and listed.
    expect((await listNotifications(alex)).map((n) => n.id)).toContain(created.notification.id);
    // Only Alex heard about it.
    expect(samInbox.messages.some((m) => m.notification.id === created.notification.id)).toBe(false);

    clock.advance(MINUTE);
    const confirm = await put(alex, `/api/v1/visits/${offered.id}/confirm`);
    expect(((await json<Visit>(confirm)).state)).toBe('booked');
    const removed = await inbox.next(isEvent('removed', (n) => n.id === created.notification.id));
    expect(removed.notification.removed_at).toBe(clock.now().toISOString());
    expect((await listNotifications(alex)).map((n) => n.id)).not.toContain(created.notification.id);
    const row = await db.selectFrom('notifications').select('removed_at').where('id', '=', created.notification.id).executeTakeFirstOrThrow();
    expect(row.removed_at).toBe(clock.now().toISOString());
  });

  it('removes the seeded offer’s notification when Alex declines it', async () => {
    const classId = await classes().offeredToAlex();
    const visit = await visitOf(db, await profileIdOf(db, ALEX), classId);
    const seeded = (await listNotifications(alex)).find((n) => n.type === 'waitlist' && n.params.visit?.id === visit.id);
    expect(seeded).toBeDefined();
    expect((await put(alex, `/api/v1/visits/${visit.id}/decline`)).status).toBe(200);
    const removed = await inbox.next(isEvent('removed', (n) => n.id === seeded?.id));
    expect(removed.notification.removed_at).not.toBeNull();
    expect((await listNotifications(alex)).some((n) => n.id === seeded?.id)).toBe(false);
  });

  it('publishes reads as updates so the member’s other devices follow', async () => {
    const target = (await listNotifications(alex)).find((n) => n.read_at === null && n.org_id === 1) as AppNotification;
    await alex.put(`/api/v1/notifications/${target.id}/mark_as_read`, undefined);
    const updated = await inbox.next(isEvent('updated', (n) => n.id === target.id));
    expect(updated.notification.read_at).not.toBeNull();

    const fresh = await server.running.notifications.notify(undefined, { profileId: await profileIdOf(db, ALEX), orgId: 1, type: 'post', message: 'Fresh' });
    await inbox.next(isEvent('created', (n) => n.id === fresh.id));
    await alex.put('/api/v1/notifications/mark_all_read', { ids: [fresh.id] });
    expect((await inbox.next(isEvent('updated', (n) => n.id === fresh.id))).notification.read_at).toBe(clock.now().toISOString());
    // Alex's other organisations have their own channels: a Tallinn read is not published on Harbour's.
    const tallinn = await server.running.notifications.notify(undefined, { profileId: await profileIdOf(db, ALEX), orgId: 2, type: 'post', message: 'Tere' });
    await alex.put(`/api/v1/notifications/${tallinn.id}/mark_as_read`, undefined);
    await server.running.notifications.settled();
    expect(inbox.messages.some((m) => m.notification.id === tallinn.id)).toBe(false);
  });

  it('cancels a class for staff: visits cancelled at no charge, every member on it told', async () => {
    const classId = await classes().tomorrowEarly('Wellington');
    const waitlisted = await addWaitlisted(db, classId, new Date(seededAt.getTime() - HOUR), 0);
    const live = await db.selectFrom('visits').select(['id', 'profile_id', 'state']).where('session_id', '=', classId).where('state', '<>', 'cancelled').execute();
    expect(live.map((v) => v.state).sort()).toEqual(['booked', 'booked', 'booked', 'booked', 'waitlisted']);

    const res = await admin(server, `/admin/sessions/${classId}/cancel`);
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ session_id: classId, cancelled_visits: 5, notified: 5 });

    const after = await db.selectFrom('visits').select(['id', 'state', 'late_cancelled']).where('id', 'in', live.map((v) => v.id)).execute();
    expect(after.every((v) => v.state === 'cancelled' && v.late_cancelled === 0)).toBe(true);
    expect(await db.selectFrom('visit_charges').select('id').where('visit_id', 'in', live.map((v) => v.id)).execute()).toEqual([]);
    expect((await db.selectFrom('sessions').select('cancelled').where('id', '=', classId).executeTakeFirstOrThrow()).cancelled).toBe(1);

    const isThis = (n: AppNotification) => n.type === 'class_cancelled' && n.params.class?.id === classId;
    const toAlex = await inbox.next(isEvent('created', isThis));
    const session = await db.selectFrom('sessions').select(['start_at']).where('id', '=', classId).executeTakeFirstOrThrow();
    expect(toAlex.notification).toMatchObject({
      message: `CrossFit Early on ${when(session.start_at)} has been cancelled. Your booking was cancelled at no charge.`,
      params: { class: { id: classId, name: 'CrossFit Early', start_date: session.start_at } },
    });
    await samInbox.next(isEvent('created', isThis));
    expect((await listNotifications(sam)).some(isThis)).toBe(true);
    const waitlistedMember = await db.selectFrom('visits').select('profile_id').where('id', '=', waitlisted).executeTakeFirstOrThrow();
    const stored = await db.selectFrom('notifications').select(['profile_id', 'message']).where('type', '=', 'class_cancelled').where('params', 'like', `%"id":${classId},%`).execute();
    expect(stored.map((n) => n.profile_id).sort()).toEqual(live.map((v) => v.profile_id).sort());
    expect(stored.find((n) => n.profile_id === waitlistedMember.profile_id)?.message).toMatch(/taken off the waitlist/);

    // Twice is refused; unknown and finished classes too.
    expect((await admin(server, `/admin/sessions/${classId}/cancel`)).status).toBe(409);
    expect((await admin(server, '/admin/sessions/999999/cancel')).status).toBe(404);
    expect(await json(await admin(server, `/admin/sessions/${await classes().finishedYesterday('Wellington')}/cancel`))).toMatchObject({ code: 'class_finished' });
  });

  it('withdraws open offers of a cancelled class', async () => {
    const classId = await classes().fullWithWaitlist('Petone');
    const filler = await db.selectFrom('visits').select(['id', 'profile_id']).where('session_id', '=', classId).where('state', '=', 'waitlisted').executeTakeFirstOrThrow();
    const expires = new Date(clock.now().getTime() + HOUR).toISOString();
    await db.updateTable('visits').set({ state: 'pending', offer_expires_at: expires }).where('id', '=', filler.id).execute();
    const note = await server.running.notifications.notify(undefined, { profileId: filler.profile_id, orgId: 1, type: 'waitlist', message: 'A place', params: { class: { id: classId }, visit: { id: filler.id } }, visitId: filler.id, expiresAt: expires });
    expect((await admin(server, `/admin/sessions/${classId}/cancel`)).status).toBe(200);
    const row = await db.selectFrom('notifications').select('removed_at').where('id', '=', note.id).executeTakeFirstOrThrow();
    expect(row.removed_at).not.toBeNull();
    const told = await db.selectFrom('notifications').select('message').where('profile_id', '=', filler.profile_id).where('type', '=', 'class_cancelled').executeTakeFirstOrThrow();
    expect(told.message).toMatch(/no longer available/);
  });

  it('tells every member of the organisation about a post', async () => {
    const firstLine = `${'Deadlift day! '.repeat(15)}`.trim();
    const res = await admin(server, '/admin/posts', { org_id: 1, author_name: 'Sophie Clarke', content: `${firstLine}\nBring chalk.` });
    expect(res.status).toBe(201);
    const body = await json<{ post: { id: number; org_id: number; author_name: string; content: string }; notified: number }>(res);
    const members = await db.selectFrom('accounts').select('profile_id').where('org_id', '=', 1).execute();
    expect(body).toMatchObject({ post: { org_id: 1, author_name: 'Sophie Clarke', content: `${firstLine}\nBring chalk.` }, notified: members.length });
    expect(await db.selectFrom('posts').select('id').where('id', '=', body.post.id).executeTakeFirst()).toBeDefined();

    const isPost = (n: AppNotification) => n.type === 'post' && n.params.posts?.[0]?.id === body.post.id;
    const live = await inbox.next(isEvent('created', isPost));
    expect(live.notification.params).toEqual({ posts: [{ id: body.post.id, author: { full_name: 'Sophie Clarke' } }] });
    expect(Array.from(live.notification.message)).toHaveLength(140);
    expect(live.notification.message.endsWith('…')).toBe(true);
    expect(firstLine.startsWith(live.notification.message.slice(0, -1))).toBe(true);
    await samInbox.next(isEvent('created', isPost));
    // Kai is not in Harbour Strength.
    expect((await listNotifications(kai)).some(isPost)).toBe(false);
    const stored = await db.selectFrom('notifications').select('profile_id').where('type', '=', 'post').where('params', 'like', `%"id":${body.post.id},%`).execute();
    expect(stored.map((n) => n.profile_id).sort()).toEqual(members.map((m) => m.profile_id).sort());

    expect((await admin(server, '/admin/posts', { org_id: 99, author_name: 'X', content: 'Y' })).status).toBe(404);
    expect((await admin(server, '/admin/posts', { org_id: 1, author_name: 'X', content: '   ' })).status).toBe(422);
  });

  it('tells Alex when staff move or cancel the appointment', async () => {
    const appointment = await db.selectFrom('appointments').selectAll().where('profile_id', '=', await profileIdOf(db, ALEX)).executeTakeFirstOrThrow();
    const newStart = new Date(Date.parse(appointment.start_at) + DAY).toISOString();
    const moved = await admin(server, `/admin/appointments/${appointment.id}/move`, { start_at: newStart.replace('Z', '+00:00') });
    expect(moved.status).toBe(200);
    expect(await json(moved)).toMatchObject({ appointment: { id: appointment.id, start_at: newStart, status: 'booked' }, notification: { type: 'appointment', params: { appointment: { id: appointment.id } } } });
    const live = await inbox.next(isEvent('created', (n) => n.type === 'appointment'));
    expect(live.notification).toMatchObject({ message: `Your Personal Training with Mere Tane has moved to ${when(newStart)}.`, params: { appointment: { id: appointment.id } } });
    expect(await json<Appointment>(await alex.get(`/api/v1/appointments/${appointment.id}`))).toMatchObject({ start_at: newStart, status: 'booked' });
    // Its end moved with it (what availability subtracts).
    const stored = await db.selectFrom('appointments').select(['start_at', 'end_at']).where('id', '=', appointment.id).executeTakeFirstOrThrow();
    expect(Date.parse(stored.end_at!) - Date.parse(stored.start_at)).toBe(Date.parse(appointment.end_at!) - Date.parse(appointment.start_at));

    expect((await admin(server, `/admin/appointments/${appointment.id}/move`, { start_at: 'tomorrow' })).status).toBe(422);
    const cancelled = await admin(server, `/admin/appointments/${appointment.id}/cancel`);
    expect(cancelled.status).toBe(200);
    await inbox.next(isEvent('created', (n) => n.type === 'appointment' && /has been cancelled/.test(n.message)));
    expect((await json<Appointment>(await alex.get(`/api/v1/appointments/${appointment.id}`))).status).toBe('cancelled');
    expect(await json(await admin(server, `/admin/appointments/${appointment.id}/cancel`))).toMatchObject({ code: 'appointment_cancelled' });
    expect((await admin(server, `/admin/appointments/${appointment.id}/move`, { start_at: newStart })).status).toBe(409);
    expect((await admin(server, '/admin/appointments/999999/cancel')).status).toBe(404);
  });

  it('sends a raw notification for testing tap types', async () => {
    const res = await admin(server, '/admin/notifications', { email: 'DEMO@example.com', type: 'appointment', message: 'Tap me', params: { appointment: { id: 1 } } });
    expect(res.status).toBe(201);
    const { notification } = await json<{ notification: AppNotification }>(res);
    expect(notification).toMatchObject({ type: 'appointment', message: 'Tap me', params: { appointment: { id: 1 } }, org_id: 1, read_at: null });
    await inbox.next(isEvent('created', (n) => n.id === notification.id));
    // Into another of the member's organisations, and not into one they are not in.
    const tallinn = await json<{ notification: AppNotification }>(await admin(server, '/admin/notifications', { email: ALEX, type: 'custom_thing', message: 'Hello', org_id: 2 }));
    expect(tallinn.notification.org_id).toBe(2);
    expect((await admin(server, '/admin/notifications', { email: SAM, type: 'post', message: 'x', org_id: 2 })).status).toBe(422);
    expect((await admin(server, '/admin/notifications', { email: 'nobody@example.com', type: 'post', message: 'x' })).status).toBe(404);
    expect((await admin(server, '/admin/notifications', { email: ALEX, type: 'Bad Type', message: 'x' })).status).toBe(422);
  });

  it('removes the notification of an offer that lapses, and offers the place to the next in line', async () => {
    const classId = await classes().fullWithWaitlist('Wellington');
    // Alex holds the place now (confirmed above); a filler joins the waitlist and Alex cancels.
    const filler = await addWaitlisted(db, classId, clock.now(), 0);
    const alexVisit = await visitOf(db, await profileIdOf(db, ALEX), classId);
    const cancel = await put(alex, `/api/v1/visits/${alexVisit.id}/cancel`);
    expect(cancel.status, await cancel.clone().text()).toBe(200);
    const offer = await waitUntil(() => db.selectFrom('notifications').selectAll().where('visit_id', '=', filler).executeTakeFirst(), 2000, 'the offer notification');
    expect(offer.removed_at).toBeNull();

    clock.advance(2 * HOUR + MINUTE);
    await sam.get(`/api/v1/sessions/${classId}`); // any class request sweeps lapsed offers
    const lapsed = await db.selectFrom('visits').select(['state', 'offer_expired']).where('id', '=', filler).executeTakeFirstOrThrow();
    expect(lapsed).toEqual({ state: 'cancelled', offer_expired: 1 });
    const row = await db.selectFrom('notifications').select('removed_at').where('id', '=', offer.id).executeTakeFirstOrThrow();
    expect(row.removed_at).toBe(clock.now().toISOString());
    await server.running.notifications.settled();
  });
});
