import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import type { BookingReminder, RecurringBooking, RecurringBookingCreated, RecurringFirstWeek } from '../../../core/contract/types';
import { recurringBookingBody } from '../../../core/contract/recurring';
import { whyNotBookable } from '../../../core/rules/bookability';
import { isBookingOpen } from '../../../core/rules/session';
import { firstWeek, isOccurrence, weeklySlot } from '../../../core/rules/recurring';
import type { Database, RecurringBookingsTable } from '../../db/schema';
import type { Selectable } from 'kysely';
import type { AppContext, AppEnv } from '../../http/context';
import { ApiError, notFound } from '../../http/errors';
import { idempotent } from '../../http/idempotency';
import { profileId, requireAuth } from '../../http/session';
import { readJson } from '../../http/validate';
import type { Notifier } from '../notifications/service';
import { insertNotifications } from '../notifications/store';
import { bookingOpenMessage, recurringBookingMessage } from '../notifications/messages';
import { chooseFor } from './charges';
import { pathId, requireOrgId } from './http';
import { findMemberSessionRow, loadMemberSession, loadMemberVisit, presentSessions, sessionsQuery, type SessionWithFacility } from './present';
import { placeVisit } from './place';
import { logger, type Logger } from '../../observability/log';

// Recurring bookings ("book me into this class every week") and booking-open reminders (see
// docs/decisions.md#recurring-bookings). Both are acted on by one periodic job in every running
// server, safe with several processes: a reminder is claimed by the UPDATE that sets its sent_at,
// an occurrence by inserting its unique (series, class) attempt row, before anything is sent or booked.

type Db = Kysely<Database>;
type SeriesRow = Selectable<RecurringBookingsTable>;

/** How often each server looks for reminders due and weeks to book. */
export const BOOKING_JOB_INTERVAL_MS = 60 * 1000;
/** A class starting this far ahead is not looked at (booking opens at most this early). */
const LOOKAHEAD_MS = 62 * 24 * 60 * 60 * 1000;

const seriesNotFound = () => notFound('The recurring booking');

async function presentSeries(db: Db, rows: readonly SeriesRow[]): Promise<RecurringBooking[]> {
  if (rows.length === 0) return [];
  const facilities = new Map((await db.selectFrom('facilities').select(['id', 'guid', 'time_zone']).where('id', 'in', [...new Set(rows.map((r) => r.facility_id))]).execute()).map((f) => [f.id, f]));
  const attempts = await db
    .selectFrom('recurring_booking_attempts')
    .innerJoin('sessions', 'sessions.id', 'recurring_booking_attempts.session_id')
    .select(['recurring_booking_attempts.recurring_booking_id', 'recurring_booking_attempts.session_id', 'recurring_booking_attempts.outcome', 'recurring_booking_attempts.created_at', 'sessions.start_at'])
    .where('recurring_booking_attempts.recurring_booking_id', 'in', rows.map((r) => r.id))
    .orderBy('sessions.start_at')
    .execute();
  const last = new Map(attempts.map((a) => [a.recurring_booking_id, { session_id: a.session_id, start_date: a.start_at, outcome: a.outcome, at: a.created_at }]));
  return rows.map((r) => {
    const facility = facilities.get(r.facility_id);
    return {
      id: r.id,
      facility_guid: facility?.guid ?? '',
      name: r.name,
      weekday: r.weekday,
      local_time: r.local_time,
      time_zone: facility?.time_zone ?? 'UTC',
      created_at: r.created_at,
      stopped_at: r.stopped_at,
      last: last.get(r.id) ?? null,
    };
  });
}

export function recurringBookingRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.use('*', requireAuth);

  routes.get('/', async (c) => {
    const { db } = c.get('deps');
    const rows = await db.selectFrom('recurring_bookings').selectAll().where('profile_id', '=', profileId(c)).where('org_id', '=', requireOrgId(c)).where('stopped_at', 'is', null).orderBy('id').execute();
    return c.json(await presentSeries(db, rows));
  });

  // Every week like this class. Already a series for it: that one answers (200), nothing doubles.
  routes.post('/', async (c) => {
    const { now } = c.get('deps');
    const me = profileId(c);
    const body = await readJson(c, recurringBookingBody);
    return idempotent(
      c,
      me,
      async (trx) => {
        const session = await findMemberSessionRow(trx, body.session_id, me);
        if (!session) throw notFound('The class');
        const facility = await trx.selectFrom('facilities').select(['time_zone']).where('id', '=', session.facility_id).executeTakeFirstOrThrow();
        const slot = weeklySlot(session.start_at, facility.time_zone);
        const same = await trx
          .selectFrom('recurring_bookings')
          .selectAll()
          .where('profile_id', '=', me)
          .where('facility_id', '=', session.facility_id)
          .where('name', '=', session.name)
          .where('weekday', '=', slot.weekday)
          .where('local_time', '=', slot.local_time)
          .where('stopped_at', 'is', null)
          .executeTakeFirst();
        const row =
          same ??
          (await trx
            .insertInto('recurring_bookings')
            .values({ profile_id: me, org_id: session.org_id, facility_id: session.facility_id, name: session.name, ...slot, from_at: session.start_at, created_at: now().toISOString(), stopped_at: null })
            .returningAll()
            .executeTakeFirstOrThrow());
        const thisWeek = await bookFirstWeek(trx, row, session, facility.time_zone, now());
        const [series] = await presentSeries(trx, [row]);
        return { status: same ? 200 : 201, body: { ...series!, this_week: thisWeek } satisfies RecurringBookingCreated };
      },
      'read committed',
    );
  });

  // Stop: nothing more is booked; places already booked stay.
  routes.delete('/:id', async (c) => {
    const { now } = c.get('deps');
    const me = profileId(c);
    const id = pathId(c);
    return idempotent(
      c,
      me,
      async (trx) => {
        const row = Number.isSafeInteger(id) ? await trx.selectFrom('recurring_bookings').selectAll().where('id', '=', id).where('profile_id', '=', me).executeTakeFirst() : undefined;
        if (!row) throw seriesNotFound();
        if (row.stopped_at === null) await trx.updateTable('recurring_bookings').set({ stopped_at: now().toISOString() }).where('id', '=', row.id).where('stopped_at', 'is', null).execute();
        return { status: 204, body: null };
      },
      'read committed',
    );
  });

  return routes;
}

/** GET /reminders: the member's reminders still to send, in the organisation in scope. */
export function reminderRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.use('*', requireAuth);
  routes.get('/', async (c) => {
    const rows = await c
      .get('deps')
      .db.selectFrom('booking_reminders')
      .select(['session_id', 'fire_at'])
      .where('profile_id', '=', profileId(c))
      .where('org_id', '=', requireOrgId(c))
      .where('sent_at', 'is', null)
      .orderBy('fire_at')
      .execute();
    return c.json(rows satisfies BookingReminder[]);
  });
  return routes;
}

/** POST /sessions/{id}/reminder: remind me when booking opens (409 reminder_not_needed once it is open). */
export async function addReminder(c: AppContext): Promise<Response> {
  const { now } = c.get('deps');
  const me = profileId(c);
  const sessionId = pathId(c);
  return idempotent(
    c,
    me,
    async (trx) => {
      const row = await findMemberSessionRow(trx, sessionId, me);
      const [session] = row ? await presentSessions(trx, [row], me) : [];
      if (!row || !session) throw notFound('The class');
      if (isBookingOpen(session, now())) throw new ApiError(409, 'reminder_not_needed', 'Booking for this class is already open.');
      await trx
        .insertInto('booking_reminders')
        .values({ profile_id: me, org_id: row.org_id, session_id: row.id, fire_at: row.booking_open_at, created_at: now().toISOString(), sent_at: null })
        .onConflict((oc) => oc.columns(['profile_id', 'session_id']).doUpdateSet({ fire_at: row.booking_open_at, sent_at: null }))
        .execute();
      return { status: 201, body: { session_id: row.id, fire_at: row.booking_open_at } satisfies BookingReminder };
    },
    'read committed',
  );
}

/** DELETE /sessions/{id}/reminder: no reminder after all (204 even when there was none). */
export async function removeReminder(c: AppContext): Promise<Response> {
  const me = profileId(c);
  const sessionId = pathId(c);
  return idempotent(
    c,
    me,
    async (trx) => {
      const row = await findMemberSessionRow(trx, sessionId, me);
      if (!row) throw notFound('The class');
      await trx.deleteFrom('booking_reminders').where('profile_id', '=', me).where('session_id', '=', row.id).where('sent_at', 'is', null).execute();
      return { status: 204, body: null };
    },
    'read committed',
  );
}

export interface BookingJobDeps {
  db: Db;
  now: () => Date;
  notifications: Pick<Notifier, 'transaction'>;
  /** Default: the process's logger. */
  log?: Logger;
}

/** Sends every reminder whose booking opened: each claimed by the UPDATE that marks it sent. */
export async function sendDueReminders(deps: BookingJobDeps): Promise<number> {
  const now = deps.now();
  const at = now.toISOString();
  return deps.notifications.transaction(async (trx) => {
    // Claimed here: a concurrent process's UPDATE waits for this one and then finds sent_at set.
    const claimed = await trx.updateTable('booking_reminders').set({ sent_at: at }).where('sent_at', 'is', null).where('fire_at', '<=', at).returningAll().execute();
    if (claimed.length === 0) return 0;
    const classes = await sessionsQuery(trx)
      .innerJoin('facilities as f', 'f.id', 'sessions.facility_id')
      .select('f.time_zone')
      .where('sessions.id', 'in', [...new Set(claimed.map((r) => r.session_id))])
      .execute();
    const byId = new Map(classes.map((s) => [s.id, s]));
    const inputs = claimed.flatMap((r) => {
      const s = byId.get(r.session_id);
      // A class cancelled or already started meanwhile is not worth a reminder.
      if (!s || s.cancelled === 1 || s.start_at <= at) return [];
      return [{ profileId: r.profile_id, orgId: r.org_id, type: 'booking_open', message: bookingOpenMessage(s.name, s.start_at, s.time_zone), params: { class: { id: s.id, name: s.name, start_date: s.start_at } } }];
    });
    await insertNotifications(trx, inputs, now);
    return inputs.length;
  }, 'read committed');
}

/**
 * "Book every week" books the class it is made from in the same request, when its booking is open
 * (core/rules/recurring.ts#firstWeek): the member sees this week's outcome at once instead of at
 * the weekly run's next minute. Not told in the bell: the member is looking at the answer. A class
 * whose booking is not open yet is left to the run; asked again, an occurrence already tried
 * answers what it did.
 */
async function bookFirstWeek(trx: Db, series: SeriesRow, row: SessionWithFacility, timeZone: string, now: Date): Promise<RecurringFirstWeek> {
  const me = series.profile_id;
  const [before] = await presentSessions(trx, [row], me);
  const plan = firstWeek(before!, now);
  let outcome: string = plan.outcome;
  if (plan.attempt) {
    const tried = await bookOccurrence(trx, series, row.id, timeZone, now, { notify: false });
    outcome = tried ?? (await trx.selectFrom('recurring_booking_attempts').select('outcome').where('recurring_booking_id', '=', series.id).where('session_id', '=', row.id).executeTakeFirstOrThrow()).outcome;
  }
  const session = (await loadMemberSession(trx, row.id, me))!;
  const visit = session.visit ? ((await loadMemberVisit(trx, session.visit.id, me)) ?? null) : null;
  return { session_id: row.id, outcome, session, visit };
}

/**
 * Books one occurrence for its series, through the member's own booking path (rules, places,
 * charge), and tells the member what happened (unless `notify` is false: they are looking at the
 * answer). Full with a waitlist: joins it. Nothing covering it: not booked (the member is not there
 * to agree to pay at the studio). Returns the outcome, or null when another process had already
 * claimed the occurrence.
 */
async function bookOccurrence(trx: Db, series: SeriesRow, sessionId: number, timeZone: string, now: Date, { notify = true } = {}): Promise<string | null> {
  const at = now.toISOString();
  const claimed = await trx
    .insertInto('recurring_booking_attempts')
    .values({ recurring_booking_id: series.id, session_id: sessionId, outcome: 'claimed', created_at: at })
    .onConflict((oc) => oc.columns(['recurring_booking_id', 'session_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!claimed) return null;
  const me = series.profile_id;
  const row = await findMemberSessionRow(trx, sessionId, me);
  const [session] = row ? await presentSessions(trx, [row], me) : [];
  let outcome: string;
  if (!row || !session) outcome = 'not_found';
  else if (session.visit && session.visit.state !== 'cancelled') outcome = 'already';
  else {
    const why = whyNotBookable(session, now, { target: await chooseFor(trx, me, row), casualAllowed: false });
    if (why?.reason === 'no_concession') outcome = 'no_concession';
    else {
      const kind = why?.way === 'waitlist' ? 'waitlist' : 'book';
      outcome = await placeVisit(trx, me, sessionId, kind, now).then(
        () => (kind === 'book' ? 'booked' : 'waitlisted'),
        (error: unknown) => {
          if (error instanceof ApiError && error.status === 409) return error.code;
          throw error;
        },
      );
    }
  }
  await trx.updateTable('recurring_booking_attempts').set({ outcome }).where('id', '=', claimed.id).execute();
  // Nothing to say when the member already had a place, or the class is gone.
  if (notify && row && outcome !== 'already' && outcome !== 'not_found') {
    await insertNotifications(
      trx,
      [{ profileId: me, orgId: series.org_id, type: 'recurring_booking', message: recurringBookingMessage(row.name, row.start_at, timeZone, outcome), params: { class: { id: row.id, name: row.name, start_date: row.start_at }, outcome } }],
      now,
    );
  }
  return outcome;
}

/** Books, for every active series, the weeks whose booking has opened and that were not tried yet. */
export async function bookRecurring(deps: BookingJobDeps): Promise<number> {
  const now = deps.now();
  const at = now.toISOString();
  const series = new Map((await deps.db.selectFrom('recurring_bookings').selectAll().where('stopped_at', 'is', null).execute()).map((s) => [s.id, s]));
  if (series.size === 0) return 0;
  // Every active series' untried classes of its name at its facility, in one query for all series.
  const candidates = await deps.db
    .selectFrom('recurring_bookings as rb')
    .innerJoin('sessions', (join) => join.onRef('sessions.facility_id', '=', 'rb.facility_id').onRef('sessions.name', '=', 'rb.name').onRef('sessions.start_at', '>=', 'rb.from_at'))
    .innerJoin('facilities as f', 'f.id', 'sessions.facility_id')
    .select(['rb.id as series_id', 'sessions.id', 'sessions.name', 'sessions.start_at', 'f.time_zone'])
    .where('rb.stopped_at', 'is', null)
    .where('sessions.start_at', '>', at)
    .where('sessions.start_at', '<', new Date(now.getTime() + LOOKAHEAD_MS).toISOString())
    .where('sessions.booking_open_at', '<=', at)
    .where('sessions.booking_close_at', '>', at)
    .where('sessions.cancelled', '=', 0)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('recurring_booking_attempts as a').select('a.id').whereRef('a.recurring_booking_id', '=', 'rb.id').whereRef('a.session_id', '=', 'sessions.id'))))
    .orderBy('rb.id')
    .orderBy('sessions.start_at')
    .execute();
  let attempted = 0;
  for (const c of candidates) {
    const s = series.get(c.series_id);
    if (!s || !isOccurrence(s, { name: c.name, start_date: c.start_at }, c.time_zone)) continue;
    const outcome = await deps.notifications.transaction(async (trx) => {
      // Stopped meanwhile (by the member, or by another process's view): nothing more is booked.
      const live = await trx.selectFrom('recurring_bookings').select('id').where('id', '=', s.id).where('stopped_at', 'is', null).executeTakeFirst();
      return live ? bookOccurrence(trx, s, c.id, c.time_zone, now) : null;
    }, 'read committed');
    if (outcome !== null) attempted += 1;
  }
  return attempted;
}

/** The periodic job: reminders first (booking just opened), then the weekly bookings. */
export async function runBookingJobs(deps: BookingJobDeps): Promise<{ reminders: number; attempts: number }> {
  const reminders = await sendDueReminders(deps);
  const attempts = await bookRecurring(deps);
  if (reminders + attempts > 0) (deps.log ?? logger).info({ component: 'booking_jobs', reminders, attempts }, 'booking reminders sent and weekly bookings tried');
  return { reminders, attempts };
}
