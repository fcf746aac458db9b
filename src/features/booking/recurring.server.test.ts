// Weekly bookings and booking-open reminders offline-first against the real server: queued while
// offline, shown at once, sent when back, refused ones undone.
import { describe, expect, it } from 'vitest';
import { seedUuid } from '../../../server/db/seed';
import { signIn } from '../../data/sign-in';
import { db } from '../../data/db';
import { flushOutbox } from '../../data/sync/replay';
import { withCommandServer } from '../../../tests/support/command-server';
import { orgIdOf, pullSessions } from './pull';
import { bookEveryWeek, cancelReminder, remindMe, stopEveryWeek } from './recurring-commands';
import { cancelBooking } from './commands';
import { pullRecurring } from './recurring-pull';

const WELLINGTON = seedUuid('facility:harbour-wellington');
const DAY = 24 * 60 * 60_000;
const real = withCommandServer('recurring', { bookingJobIntervalMs: DAY });

async function classOf(name: string, notOpen: boolean): Promise<number> {
  const at = new Date().toISOString();
  const row = await real.server.db
    .selectFrom('sessions')
    .innerJoin('facilities', 'facilities.id', 'sessions.facility_id')
    .select('sessions.id')
    .where('facilities.guid', '=', WELLINGTON)
    .where('sessions.name', '=', name)
    .where('sessions.cancelled', '=', 0)
    .where('sessions.booking_open_at', notOpen ? '>' : '<=', at)
    .where('sessions.start_at', '>', at)
    .orderBy('sessions.start_at')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A class of that name at Wellington, open for booking, a day or more ahead, that the member is not in. */
async function openClassWithout(name: string, email: string): Promise<number> {
  const at = new Date().toISOString();
  const row = await real.server.db
    .selectFrom('sessions')
    .innerJoin('facilities', 'facilities.id', 'sessions.facility_id')
    .select('sessions.id')
    .where('facilities.guid', '=', WELLINGTON)
    .where('sessions.name', '=', name)
    .where('sessions.cancelled', '=', 0)
    .where('sessions.booking_open_at', '<=', at)
    .where('sessions.start_at', '>', new Date(Date.now() + DAY).toISOString())
    .where((eb) => eb.not(eb.exists(eb.selectFrom('visits').innerJoin('members_profiles', 'members_profiles.id', 'visits.profile_id').select('visits.id').whereRef('visits.session_id', '=', 'sessions.id').where('members_profiles.email', '=', email))))
    .orderBy('sessions.start_at')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function signedInWithTimetable(email = 'demo@example.com') {
  await signIn(email, 'demo1234');
  await flushOutbox();
  await pullSessions(WELLINGTON, new Date().toISOString(), new Date(Date.now() + 14 * DAY).toISOString(), { force: true });
}

describe('weekly bookings and reminders from the device', () => {
  it('Book every week offline shows at once, reaches the server when back, and Stop stops it', async () => {
    await signedInWithTimetable();
    const id = await classOf('Mobility', false);
    real.browser.unreachable = () => true;
    await bookEveryWeek(id);
    const [guess] = await db.recurringBookings.toArray();
    expect(guess).toMatchObject({ name: 'Mobility', stopped_at: null });
    expect(guess!.id).toBeLessThan(0);

    real.browser.unreachable = null;
    expect(await flushOutbox({ ignoreBackoff: true })).toMatchObject({ outcome: 'idle', sent: 1 });
    const server = await real.server.db.selectFrom('recurring_bookings').selectAll().where('name', '=', 'Mobility').executeTakeFirstOrThrow();
    expect(await db.recurringBookings.toArray()).toEqual([expect.objectContaining({ id: server.id, name: 'Mobility', weekday: server.weekday, local_time: server.local_time })]);

    await stopEveryWeek(server.id);
    expect(await db.recurringBookings.count()).toBe(0);
    expect(await flushOutbox({ ignoreBackoff: true })).toMatchObject({ outcome: 'idle', sent: 1 });
    expect((await real.server.db.selectFrom('recurring_bookings').select('stopped_at').where('id', '=', server.id).executeTakeFirstOrThrow()).stopped_at).not.toBeNull();
    const orgId = (await orgIdOf(WELLINGTON))!;
    await pullRecurring(WELLINGTON, orgId, { force: true });
    expect(await db.recurringBookings.count()).toBe(0);
  });

  it('Book every week offline books this week’s class on the device at once; the answer makes it real, and a cancel queued behind it cancels that booking', async () => {
    await signedInWithTimetable();
    const id = await openClassWithout('HIIT', 'demo@example.com');
    real.browser.unreachable = () => true;
    await bookEveryWeek(id);
    const shown = await db.sessions.get(id);
    expect(shown?.visit).toMatchObject({ state: 'booked' });
    const tempId = shown!.visit!.id;
    expect(tempId).toBeLessThan(0);
    expect(await db.visits.get(tempId)).toMatchObject({ state: 'booked', session_id: id });
    expect((await db.recurringBookings.toArray())[0]?.last).toMatchObject({ session_id: id, outcome: 'booked' });
    // Changed their mind before the studio was reached: the cancel waits behind the weekly booking.
    await cancelBooking(id);
    expect((await db.sessions.get(id))?.visit).toMatchObject({ id: tempId, state: 'cancelled' });

    real.browser.unreachable = null;
    expect(await flushOutbox({ ignoreBackoff: true })).toMatchObject({ outcome: 'idle', sent: 2 });
    const onServer = await real.server.db.selectFrom('visits').innerJoin('members_profiles', 'members_profiles.id', 'visits.profile_id').select(['visits.id', 'visits.state']).where('visits.session_id', '=', id).where('members_profiles.email', '=', 'demo@example.com').execute();
    expect(onServer).toEqual([{ id: expect.any(Number), state: 'cancelled' }]);
    expect((await db.sessions.get(id))?.visit).toMatchObject({ id: onServer[0]!.id, state: 'cancelled' });
    expect(await db.visits.filter((v) => v.id < 0).count()).toBe(0);
    expect((await db.recurringBookings.toArray())[0]).toMatchObject({ id: expect.any(Number), last: { session_id: id, outcome: 'booked' } });
    expect((await db.recurringBookings.toArray())[0]!.id).toBeGreaterThan(0);
  });

  it('the studio’s outcome wins: nothing of Sam’s covers the class, so this week is not booked and the device says why', async () => {
    const sam = await real.server.db.selectFrom('members_profiles').select('id').where('email', '=', 'sam@example.com').executeTakeFirstOrThrow();
    const memberships = await real.server.db.selectFrom('memberships').select(['id', 'valid_to']).where('profile_id', '=', sam.id).execute();
    await real.server.db.updateTable('memberships').set({ valid_to: new Date(Date.now() - DAY).toISOString() }).where('profile_id', '=', sam.id).execute();
    try {
      await signedInWithTimetable('sam@example.com');
      const id = await openClassWithout('Yoga Flow', 'sam@example.com');
      await bookEveryWeek(id);
      // The device books it as Book would (what pays is the studio's to check)…
      expect((await db.sessions.get(id))?.visit).toMatchObject({ state: 'booked' });
      expect(await flushOutbox({ ignoreBackoff: true })).toMatchObject({ outcome: 'idle', sent: 1 });
      // …and the answer puts it right: no place, and why.
      expect((await db.sessions.get(id))?.visit).toBeNull();
      expect(await db.visits.filter((v) => v.session_id === id).count()).toBe(0);
      expect((await db.recurringBookings.toArray())[0]?.last).toMatchObject({ session_id: id, outcome: 'no_concession' });
    } finally {
      for (const m of memberships) await real.server.db.updateTable('memberships').set({ valid_to: m.valid_to }).where('id', '=', m.id).execute();
    }
  });

  it('Remind me on a class whose booking is not open is stored on the server; cancelling removes it; an open class is refused on the device', async () => {
    await signedInWithTimetable();
    const later = await classOf('Olympic Lifting', true);
    await remindMe(later);
    expect(await db.reminders.get(later)).toMatchObject({ session_id: later });
    expect(await flushOutbox({ ignoreBackoff: true })).toMatchObject({ outcome: 'idle', sent: 1 });
    const stored = await real.server.db.selectFrom('booking_reminders').selectAll().where('session_id', '=', later).executeTakeFirstOrThrow();
    expect(await db.reminders.get(later)).toMatchObject({ fire_at: stored.fire_at });

    await cancelReminder(later);
    expect(await db.reminders.get(later)).toBeUndefined();
    expect(await flushOutbox({ ignoreBackoff: true })).toMatchObject({ outcome: 'idle', sent: 1 });
    expect(await real.server.db.selectFrom('booking_reminders').select('id').where('session_id', '=', later).executeTakeFirst()).toBeUndefined();

    const open = await classOf('Mobility', false);
    await expect(remindMe(open)).rejects.toMatchObject({ code: 'reminder_not_needed' });
  });
});
