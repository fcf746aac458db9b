import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingReminder, RecurringBooking } from '../../../core/contract/types';
import { recurringBookingCreated, recurringBookingList, type RecurringBookingCreated } from '../../../core/contract/recurring';
import type { Database } from '../../db/schema';
import { DAY, expectError, facilityGuid, HOUR, MINUTE, post, profileIdOf } from '../../testing/booking-helpers';
import { ALEX, json, manualClock, SAM, signedIn, startTestServer, type Browser, type TestServer } from '../../testing/helpers';

// The server's recurring bookings and booking-open reminders, on SQLite and (TEST_PG=1) PostgreSQL.

describe('recurring bookings and booking-open reminders', () => {
  let server: TestServer;
  let db: Kysely<Database>;
  let alex: Browser;
  let sam: Browser;
  let wellington: Record<string, string>;
  let alexId: number;
  let samId: number;
  const clock = manualClock();

  beforeAll(async () => {
    server = await startTestServer({ now: clock.now, bookingJobIntervalMs: DAY });
    db = server.running.db;
    [alex, sam] = await Promise.all([signedIn(server, ALEX), signedIn(server, SAM)]);
    wellington = { 'X-Facility-Id': await facilityGuid(db, 'Wellington') };
    [alexId, samId] = [await profileIdOf(db, ALEX), await profileIdOf(db, SAM)];
  });
  afterAll(() => server.close());

  /** A regular class at Wellington 2 to 6 days ahead, open for booking, with its twin a week later, that neither demo member is in. */
  async function weeklyClass(name: string, skip = 0): Promise<{ id: number; next: number; start: string; nextOpensAt: string }> {
    const now = clock.now().getTime();
    const rows = await db
      .selectFrom('sessions')
      .innerJoin('facilities', 'facilities.id', 'sessions.facility_id')
      .select(['sessions.id', 'sessions.start_at'])
      .where('facilities.name', '=', 'Wellington')
      .where('sessions.name', '=', name)
      .where('sessions.cancelled', '=', 0)
      .where('sessions.start_at', '>', new Date(now + 2 * DAY).toISOString())
      .where('sessions.start_at', '<', new Date(now + 6 * DAY).toISOString())
      .orderBy('sessions.start_at')
      .execute();
    const found = [];
    for (const row of rows) {
      const twin = new Date(Date.parse(row.start_at) + 7 * DAY).toISOString();
      const next = await db.selectFrom('sessions').select(['id', 'booking_open_at']).where('name', '=', name).where('start_at', '=', twin).where('cancelled', '=', 0).executeTakeFirst();
      const mine = await db.selectFrom('visits').select('id').where('session_id', 'in', [row.id, next?.id ?? 0]).where('profile_id', 'in', [alexId, samId]).executeTakeFirst();
      if (next && !mine) found.push({ id: row.id, next: next.id, start: row.start_at, nextOpensAt: next.booking_open_at });
    }
    const pick = found[skip];
    if (!pick) throw new Error(`no weekly ${name} class`);
    return pick;
  }

  const liveVisits = (profileId: number, sessionId: number) =>
    db.selectFrom('visits').select(['id', 'state']).where('profile_id', '=', profileId).where('session_id', '=', sessionId).where('state', '<>', 'cancelled').execute();
  const notes = (profileId: number, type: string) => db.selectFrom('notifications').select(['message', 'params']).where('profile_id', '=', profileId).where('type', '=', type).orderBy('id').execute();

  it('Book every week on a full class joins its waitlist in the same request, and answers it with the place in line', async () => {
    const full = await weeklyClass('CrossFit');
    const taken = await db.selectFrom('visits').select((eb) => eb.fn.countAll<number>().as('n')).where('session_id', '=', full.id).where('state', 'in', ['booked', 'attended', 'pending']).executeTakeFirstOrThrow();
    await db.updateTable('sessions').set({ capacity: Number(taken.n) }).where('id', '=', full.id).execute();
    const created = await post(alex, '/api/v1/recurring_bookings', { session_id: full.id }, wellington);
    expect(created.status).toBe(201);
    const answer = await json<RecurringBookingCreated>(created);
    expect(recurringBookingCreated.safeParse(answer).error?.issues ?? []).toEqual([]);
    expect(answer.this_week).toMatchObject({ session_id: full.id, outcome: 'waitlisted', visit: { state: 'waitlisted' }, session: { id: full.id, visit: { state: 'waitlisted', waitlist_position: expect.any(Number) } } });
    expect(answer.last).toMatchObject({ session_id: full.id, outcome: 'waitlisted' });
    expect(await liveVisits(alexId, full.id)).toEqual([expect.objectContaining({ state: 'waitlisted' })]);
    // The member saw it on the class page: the bell is kept for the weeks the run books alone.
    await server.running.runBookingJobs();
    expect(await liveVisits(alexId, full.id)).toHaveLength(1);
    expect((await notes(alexId, 'recurring_booking')).filter((n) => JSON.parse(n.params ?? '{}').class?.id === full.id)).toEqual([]);
  });

  it('no membership or pass covers it: nothing is booked and the answer says why', async () => {
    const yoga = await weeklyClass('Yoga Flow');
    await db.updateTable('memberships').set({ valid_to: new Date(clock.now().getTime() - DAY).toISOString() }).where('profile_id', '=', samId).execute();
    const created = await post(sam, '/api/v1/recurring_bookings', { session_id: yoga.id }, wellington);
    expect(created.status).toBe(201);
    expect((await json<RecurringBookingCreated>(created)).this_week).toMatchObject({ session_id: yoga.id, outcome: 'no_concession', visit: null, session: { id: yoga.id, visit: null } });
    await server.running.runBookingJobs();
    expect(await liveVisits(samId, yoga.id)).toEqual([]);
    const attempt = await db.selectFrom('recurring_booking_attempts').select('outcome').where('session_id', '=', yoga.id).executeTakeFirstOrThrow();
    expect(attempt.outcome).toBe('no_concession');
    const list = await json<RecurringBooking[]>(await sam.get('/api/v1/recurring_bookings', { headers: wellington }));
    expect(list[0]?.last).toMatchObject({ session_id: yoga.id, outcome: 'no_concession' });
  });

  it('another member’s series is not there: listing, stopping and its class stay apart', async () => {
    const [mine] = await json<RecurringBooking[]>(await alex.get('/api/v1/recurring_bookings', { headers: wellington }));
    expect(mine).toBeDefined();
    const samsList = await json<RecurringBooking[]>(await sam.get('/api/v1/recurring_bookings', { headers: wellington }));
    expect(samsList.map((s) => s.id)).not.toContain(mine?.id);
    await expectError(await sam.request(`/api/v1/recurring_bookings/${mine?.id}`, { method: 'DELETE', headers: wellington }), 404, 'not_found');
    expect((await json<RecurringBooking[]>(await alex.get('/api/v1/recurring_bookings', { headers: wellington }))).map((s) => s.id)).toContain(mine?.id);
    // A class of an organisation Sam has no account with.
    const tallinn = await db.selectFrom('sessions').innerJoin('facilities', 'facilities.id', 'sessions.facility_id').select('sessions.id').where('facilities.name', '=', 'Tallinn Old Town').executeTakeFirstOrThrow();
    await expectError(await post(sam, '/api/v1/recurring_bookings', { session_id: tallinn.id }, wellington), 404, 'not_found');
    await expectError(await post(sam, `/api/v1/sessions/${tallinn.id}/reminder`, {}, wellington), 404, 'not_found');
  });

  it('a stopped series books nothing more; the week it booked stays', async () => {
    const hiit = await weeklyClass('HIIT');
    const series = await json<RecurringBookingCreated>(await post(alex, '/api/v1/recurring_bookings', { session_id: hiit.id }, wellington));
    expect(series.this_week?.outcome).toBe('booked');
    expect((await alex.request(`/api/v1/recurring_bookings/${series.id}`, { method: 'DELETE', headers: wellington })).status).toBe(204);
    await server.running.runBookingJobs();
    expect(await liveVisits(alexId, hiit.id)).toEqual([expect.objectContaining({ state: 'booked' })]);
    expect(await db.selectFrom('recurring_booking_attempts').select('session_id').where('recurring_booking_id', '=', series.id).execute()).toEqual([{ session_id: hiit.id }]);
    expect((await json<RecurringBooking[]>(await alex.get('/api/v1/recurring_bookings', { headers: wellington }))).map((s) => s.id)).not.toContain(series.id);
  });

  it('a class whose booking is not open yet is left to the weekly run, which books it when booking opens', async () => {
    const oly = await weeklyClass('Olympic Lifting');
    expect(Date.parse(oly.nextOpensAt)).toBeGreaterThan(clock.now().getTime());
    const answer = await json<RecurringBookingCreated>(await post(alex, '/api/v1/recurring_bookings', { session_id: oly.next }, wellington));
    expect(answer.this_week).toMatchObject({ session_id: oly.next, outcome: 'booking_not_open', visit: null });
    expect(answer.last).toBeNull();
    expect(await db.selectFrom('recurring_booking_attempts').select('id').where('recurring_booking_id', '=', answer.id).execute()).toEqual([]);
    // The studio opens its booking now.
    await db.updateTable('sessions').set({ booking_open_at: new Date(clock.now().getTime() - MINUTE).toISOString() }).where('id', '=', oly.next).execute();
    await server.running.runBookingJobs();
    expect(await liveVisits(alexId, oly.next)).toEqual([expect.objectContaining({ state: 'booked' })]);
    expect((await notes(alexId, 'recurring_booking')).filter((n) => JSON.parse(n.params ?? '{}').class?.id === oly.next)).toHaveLength(1);
    expect((await alex.request(`/api/v1/recurring_bookings/${answer.id}`, { method: 'DELETE', headers: wellington })).status).toBe(204);
  });

  it('a reminder is stored for a class whose booking is not open, refused once it is, and sent once when booking opens', async () => {
    const later = await weeklyClass('Pilates');
    await expectError(await post(alex, `/api/v1/sessions/${later.id}/reminder`, {}, wellington), 409, 'reminder_not_needed');
    const reminded = await json<BookingReminder>(await post(alex, `/api/v1/sessions/${later.next}/reminder`, {}, wellington));
    expect(reminded).toEqual({ session_id: later.next, fire_at: later.nextOpensAt });
    expect(await json<BookingReminder[]>(await alex.get('/api/v1/reminders', { headers: wellington }))).toContainEqual(reminded);
    // Cancelled and asked again: one reminder.
    expect((await alex.request(`/api/v1/sessions/${later.next}/reminder`, { method: 'DELETE', headers: wellington })).status).toBe(204);
    expect(await json<BookingReminder[]>(await alex.get('/api/v1/reminders', { headers: wellington }))).not.toContainEqual(reminded);
    expect((await post(alex, `/api/v1/sessions/${later.next}/reminder`, {}, wellington)).status).toBe(201);
    await server.running.runBookingJobs();
    expect((await notes(alexId, 'booking_open')).length).toBe(0);
  });

  it('a series books this week, then next week’s class when its booking opens, never twice', async () => {
    const yoga = await weeklyClass('Yoga Flow', 1);
    const key = { ...wellington, 'Idempotency-Key': 'every-week-yoga' };
    const created = await post(alex, '/api/v1/recurring_bookings', { session_id: yoga.id }, key);
    expect(created.status).toBe(201);
    const series = await json<RecurringBookingCreated>(created);
    expect(recurringBookingList.safeParse([series]).success).toBe(true);
    expect(series).toMatchObject({ name: 'Yoga Flow', weekday: expect.any(Number), local_time: '09:30', time_zone: 'Pacific/Auckland', stopped_at: null });
    // This week's class is booked in the same request, through the member's own booking path (and charge).
    expect(series.this_week).toMatchObject({ session_id: yoga.id, outcome: 'booked', visit: { state: 'booked', charge: { against: 'membership' } }, session: { visit: { state: 'booked' } } });
    expect(await liveVisits(alexId, yoga.id)).toEqual([expect.objectContaining({ state: 'booked' })]);
    const charge = await db.selectFrom('visit_charges').innerJoin('visits', 'visits.id', 'visit_charges.visit_id').select(['visit_charges.membership_id']).where('visits.session_id', '=', yoga.id).where('visits.profile_id', '=', alexId).executeTakeFirstOrThrow();
    expect(charge.membership_id).not.toBeNull();
    // A lost answer asked again (the outbox's retry): the same answer, nothing booked twice.
    const replay = await post(alex, '/api/v1/recurring_bookings', { session_id: yoga.id }, key);
    expect(replay.status).toBe(201);
    expect(await json<RecurringBookingCreated>(replay)).toEqual(series);
    // The same class again: the same series, this week as it is.
    const again = await post(alex, '/api/v1/recurring_bookings', { session_id: yoga.id }, wellington);
    expect(again.status).toBe(200);
    expect(await json<RecurringBookingCreated>(again)).toMatchObject({ id: series.id, this_week: { outcome: 'booked', visit: { state: 'booked' } } });
    expect(await liveVisits(alexId, yoga.id)).toHaveLength(1);

    await server.running.runBookingJobs();
    expect(await liveVisits(alexId, yoga.id)).toHaveLength(1);
    expect((await notes(alexId, 'recurring_booking')).filter((n) => JSON.parse(n.params ?? '{}').class?.id === yoga.id)).toEqual([]);
    // Next week's booking is not open yet.
    expect(await liveVisits(alexId, yoga.next)).toEqual([]);

    // Run again, and twice at once: nothing more.
    await server.running.runBookingJobs();
    await Promise.all([server.running.runBookingJobs(), server.running.runBookingJobs()]);
    expect(await liveVisits(alexId, yoga.id)).toHaveLength(1);

    // A week on, next week's booking has opened (the Pilates reminder's too).
    clock.advance(Date.parse(yoga.nextOpensAt) - clock.now().getTime() + MINUTE);
    await Promise.all([server.running.runBookingJobs(), server.running.runBookingJobs()]);
    expect(await liveVisits(alexId, yoga.next)).toEqual([expect.objectContaining({ state: 'booked' })]);
    // The weeks the run books on its own are told in the bell.
    expect((await notes(alexId, 'recurring_booking')).at(-1)?.message).toMatch(/booked you into Yoga Flow/);
    const attempts = await db.selectFrom('recurring_booking_attempts').select(['session_id', 'outcome']).where('recurring_booking_id', '=', series.id).orderBy('id').execute();
    expect(attempts).toEqual([
      { session_id: yoga.id, outcome: 'booked' },
      { session_id: yoga.next, outcome: 'booked' },
    ]);
    const [listed] = (await json<RecurringBooking[]>(await alex.get('/api/v1/recurring_bookings', { headers: wellington }))).filter((s) => s.id === series.id);
    expect(listed?.last).toMatchObject({ session_id: yoga.next, outcome: 'booked' });
  });

  it('the reminder fired once, as a notification that opens the class', async () => {
    await server.running.runBookingJobs();
    const sent = await notes(alexId, 'booking_open');
    // Fired if Pilates' booking opened before Yoga's; otherwise advance to it.
    if (sent.length === 0) {
      const reminder = await db.selectFrom('booking_reminders').select('fire_at').where('profile_id', '=', alexId).executeTakeFirstOrThrow();
      clock.advance(Math.max(0, Date.parse(reminder.fire_at) - clock.now().getTime()) + HOUR);
      await Promise.all([server.running.runBookingJobs(), server.running.runBookingJobs()]);
    }
    const fired = await notes(alexId, 'booking_open');
    expect(fired).toHaveLength(1);
    expect(fired[0]?.message).toMatch(/^Booking is open for Pilates on /);
    expect(JSON.parse(fired[0]?.params ?? '{}')).toMatchObject({ class: { name: 'Pilates' } });
    expect(await json<BookingReminder[]>(await alex.get('/api/v1/reminders', { headers: wellington }))).toEqual([]);
  });
});
