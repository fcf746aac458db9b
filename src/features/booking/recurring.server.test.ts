// Weekly bookings and booking-open reminders offline-first against the real server: queued while
// offline, shown at once, sent when back, refused ones undone.
import { describe, expect, it } from 'vitest';
import { seedUuid } from '../../../server/db/seed';
import { signIn } from '../../data/auth';
import { db } from '../../data/db';
import { flushOutbox } from '../../data/sync/outbox';
import { withCommandServer } from '../../../tests/support/command-server';
import { orgIdOf, pullSessions } from './pull';
import { bookEveryWeek, cancelReminder, remindMe, stopEveryWeek } from './recurring-commands';
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

async function signedInWithTimetable() {
  await signIn('demo@example.com', 'demo1234');
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
