// Weekly bookings and booking-open reminders as outbox commands (offline OK): "Book every week",
// "Stop", "Remind me" and its cancel change the device's lists at once and wait in the outbox;
// the server's answer replaces the guess, a refusal undoes it (the notice says why).
//
// The service worker imports this module: no window or document here.
import { facilityScope } from '../../data/api/client';
import type { WriteOptions } from '../../data/api/account';
import { db, type StoredRecurringBooking, type StoredReminder } from '../../data/db';
import { getAuthState } from '../../data/sync/auth-row';
import { commandTransaction, enqueue, registerOp } from '../../data/sync/outbox';
import { touchKey } from '../../data/sync/touches';
import { inTransaction, newTempId } from '../../data/transaction';
import { LocalRefusal } from '../../../core/errors';
import { isBookingOpen } from '../../../core/rules/session';
import { now } from '../../data/clock';
import { firstWeek, weeklySlot } from '../../../core/rules/recurring';
import { seriesOfClass } from '../../domain/every-week';
import type { BookingReminder, RecurringBookingCreated } from '../../../core/contract/types';
import { addReminder, createRecurringBooking, removeReminder, stopRecurringBooking } from './api';
import { orgIdOf } from './pull';
import { bookingTouches, bookWithin, refreshPasses, settleOtherBooking, storedVisit, undoOtherBooking, type BookingArgs } from './commands';
import { pullRecurring, seriesListKey } from './recurring-pull';

export const RECURRING_OPS = { start: 'booking.everyWeek', stop: 'booking.stopEveryWeek', remind: 'booking.remind', unremind: 'booking.unremind' } as const;

interface StartArgs {
  facilityGuid: string;
  orgId: number;
  sessionId: number;
  tempId: number;
  /** This week's class booked (or waitlisted) on the device at once; absent when nothing was guessed (and in entries older apps queued). */
  week?: BookingArgs | null;
}
interface StopArgs { facilityGuid: string; orgId: number; series: StoredRecurringBooking }
interface RemindArgs { facilityGuid: string; orgId: number; sessionId: number; before: StoredReminder | null }

const options = (facilityGuid: string, idempotencyKey: string): WriteOptions => ({ idempotencyKey, scope: facilityScope(facilityGuid) });

async function classFacts(sessionId: number) {
  const auth = await inTransaction(getAuthState());
  if (auth.status !== 'authenticated') throw new LocalRefusal('signed_out');
  const session = await db.sessions.get(sessionId);
  if (!session) throw new LocalRefusal('unknown_session');
  const orgId = await inTransaction(orgIdOf(session.facility_guid));
  const facility = await db.facilities.get(session.facility_guid);
  if (orgId === undefined) throw new LocalRefusal('unknown_session');
  return { session, orgId, timeZone: facility?.time_zone ?? 'UTC' };
}

/**
 * Book me into this class every week. This week's class is booked at once too, by the rules the
 * server books it by in the same request (core/rules/recurring.ts#firstWeek): the class row shows
 * the place (or the waitlist) with "Waiting to sync", the series says how this week went, and the
 * server's answer replaces both (what pays is the server's to check: nothing covering it undoes
 * the guess and says why).
 */
export async function bookEveryWeek(sessionId: number): Promise<void> {
  const at = new Date(now());
  await commandTransaction([db.sessions, db.visits, db.facilities, db.profiles, db.recurringBookings], async () => {
    const { session, orgId, timeZone } = await classFacts(sessionId);
    if (seriesOfClass(await db.recurringBookings.where('org_id').equals(orgId).toArray(), session, timeZone)) return;
    const slot = weeklySlot(session.start_date, timeZone);
    const plan = firstWeek(session, at);
    const action = plan.outcome === 'booked' ? 'book' : plan.outcome === 'waitlisted' ? 'waitlist' : null;
    const week = action ? await inTransaction(bookWithin(action, session, at)) : null;
    const tempId = newTempId();
    const last = plan.attempt ? { session_id: session.id, start_date: session.start_date, outcome: plan.outcome, at: at.toISOString() } : null;
    const guess: StoredRecurringBooking = { id: tempId, org_id: orgId, facility_guid: session.facility_guid, name: session.name, ...slot, time_zone: timeZone, created_at: at.toISOString(), stopped_at: null, last };
    await db.recurringBookings.put(guess);
    const touches = [seriesListKey(orgId), ...(week ? bookingTouches(week) : [])];
    await inTransaction(enqueue(RECURRING_OPS.start, { facilityGuid: session.facility_guid, orgId, sessionId, tempId, week } satisfies StartArgs, touches));
  });
}

/** Stop a weekly booking: nothing more is booked (places already booked stay). */
export async function stopEveryWeek(seriesId: number): Promise<void> {
  await commandTransaction([db.recurringBookings], async () => {
    const auth = await inTransaction(getAuthState());
    if (auth.status !== 'authenticated') throw new LocalRefusal('signed_out');
    const series = await db.recurringBookings.get(seriesId);
    // A series still on its way to the server has no id there yet: the screen offers Stop once it has.
    if (!series || series.id < 0) return;
    await db.recurringBookings.delete(series.id);
    await inTransaction(enqueue(RECURRING_OPS.stop, { facilityGuid: series.facility_guid, orgId: series.org_id, series } satisfies StopArgs, [seriesListKey(series.org_id)]));
  });
}

/** Remind me when booking for this class opens (refused once it is open: book it instead). */
export async function remindMe(sessionId: number): Promise<void> {
  await commandTransaction([db.sessions, db.facilities, db.profiles, db.reminders], async () => {
    const { session, orgId } = await classFacts(sessionId);
    if (isBookingOpen(session, new Date(now()))) throw new LocalRefusal('reminder_not_needed');
    const before = (await db.reminders.get(sessionId)) ?? null;
    await db.reminders.put({ session_id: sessionId, fire_at: session.booking_open_date, org_id: orgId });
    await inTransaction(enqueue(RECURRING_OPS.remind, { facilityGuid: session.facility_guid, orgId, sessionId, before } satisfies RemindArgs, [touchKey('reminders', sessionId)]));
  });
}

export async function cancelReminder(sessionId: number): Promise<void> {
  await commandTransaction([db.sessions, db.facilities, db.profiles, db.reminders], async () => {
    const { session, orgId } = await classFacts(sessionId);
    const before = (await db.reminders.get(sessionId)) ?? null;
    await db.reminders.delete(sessionId);
    await inTransaction(enqueue(RECURRING_OPS.unremind, { facilityGuid: session.facility_guid, orgId, sessionId, before } satisfies RemindArgs, [touchKey('reminders', sessionId)]));
  });
}

export function registerRecurringOps(): void {
  registerOp<StartArgs, RecurringBookingCreated>(RECURRING_OPS.start, {
    send: (args, key) => createRecurringBooking(args.sessionId, options(args.facilityGuid, key)),
    tables: ['recurringBookings', 'sessions', 'visits'],
    // This week's visit may be temporary: the entries queued behind it (a cancel) are rewritten.
    rewritesLater: true,
    async onSuccess({ this_week: week, ...series }, args, context) {
      await db.recurringBookings.delete(args.tempId);
      await db.recurringBookings.put({ ...series, org_id: args.orgId });
      if (week) {
        const base = { session: week.session, visit: week.visit ? storedVisit(week.visit) : null };
        await inTransaction(settleOtherBooking(args.week ?? null, base, context));
      } else if (args.week) {
        // An answer without this week (an older server): the guess goes, the next pull brings the truth.
        await inTransaction(undoOtherBooking(args.week, context));
      }
    },
    async onRejected(args, _error, context) {
      await db.recurringBookings.delete(args.tempId);
      if (args.week) await inTransaction(undoOtherBooking(args.week, context));
    },
    refresh: (args) => pullRecurring(args.facilityGuid, args.orgId, { force: true }),
    async afterSuccess({ this_week: week }, args) {
      if (week?.visit?.charge?.against === 'pass') await refreshPasses(args.facilityGuid);
    },
  });
  registerOp<StopArgs, void>(RECURRING_OPS.stop, {
    send: (args, key) => stopRecurringBooking(args.series.id, options(args.facilityGuid, key)),
    tables: ['recurringBookings'],
    onRejected: async (args) => {
      await db.recurringBookings.put(args.series);
    },
    refresh: (args) => pullRecurring(args.facilityGuid, args.orgId, { force: true }),
  });
  registerOp<RemindArgs, BookingReminder>(RECURRING_OPS.remind, {
    send: (args, key) => addReminder(args.sessionId, options(args.facilityGuid, key)),
    tables: ['reminders'],
    onSuccess: async (reminder, args) => {
      await db.reminders.put({ ...reminder, org_id: args.orgId });
    },
    onRejected: (args) => restore(args),
    refresh: (args) => pullRecurring(args.facilityGuid, args.orgId, { force: true }),
  });
  registerOp<RemindArgs, void>(RECURRING_OPS.unremind, {
    send: (args, key) => removeReminder(args.sessionId, options(args.facilityGuid, key)),
    tables: ['reminders'],
    onRejected: (args) => restore(args),
    refresh: (args) => pullRecurring(args.facilityGuid, args.orgId, { force: true }),
  });
}

async function restore(args: RemindArgs): Promise<void> {
  if (args.before) await db.reminders.put(args.before);
  else await db.reminders.delete(args.sessionId);
}
