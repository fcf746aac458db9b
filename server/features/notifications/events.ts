import type { Kysely } from 'kysely';
import type { AppNotification } from '../../../core/contract/types';
import type { AppointmentRow, Database, PostRow } from '../../db/schema';
import { ApiError, notFound } from '../../http/errors';
import { appointmentCancelledMessage, appointmentMovedMessage, classCancelledMessage, postMessage } from './messages';
import { toNotification } from './present';
import { insertNotifications, removeOfferNotifications } from './store';
import { lockForDecision } from '../../db/index';
import { freeQuarterHours, takeQuarterHours } from '../appointments/holds';
import { refundVisit } from '../booking/charges';
import { redateDueAtStudio, settleDueAtStudio } from '../shop/invoices';

// Staff actions that notify members. Each runs inside the caller's transaction; the
// notifications go out after it commits (Notifier.transaction).

type Db = Kysely<Database>;

export interface ClassCancelled {
  session_id: number;
  cancelled_visits: number;
  notified: number;
}

/**
 * Cancels a class: its booked, waitlisted and pending visits are cancelled at no charge, open
 * waitlist offers are withdrawn (their notifications removed), and each of those members gets
 * a class_cancelled notification.
 */
export async function cancelClass(trx: Db, sessionId: number, now: Date): Promise<ClassCancelled> {
  // The class's lock, as every write about its places takes (run 'read committed').
  if (Number.isSafeInteger(sessionId)) await lockForDecision(trx, 'sessions', [sessionId]);
  const session = Number.isSafeInteger(sessionId)
    ? await trx
        .selectFrom('sessions')
        .innerJoin('facilities', 'facilities.id', 'sessions.facility_id')
        .select(['sessions.id', 'sessions.name', 'sessions.start_at', 'sessions.end_at', 'sessions.cancelled', 'facilities.org_id', 'facilities.time_zone'])
        .where('sessions.id', '=', sessionId)
        .executeTakeFirst()
    : undefined;
  if (!session) throw notFound('The class');
  if (session.cancelled) throw new ApiError(409, 'class_cancelled', 'The class is already cancelled.');
  if (session.end_at <= now.toISOString()) throw new ApiError(409, 'class_finished', 'The class has already finished.');

  const at = now.toISOString();
  const visits = await trx.selectFrom('visits').select(['id', 'profile_id', 'state']).where('session_id', '=', session.id).where('state', 'in', ['booked', 'waitlisted', 'pending']).orderBy('id').execute();
  await trx.updateTable('sessions').set({ cancelled: 1, updated_at: at }).where('id', '=', session.id).execute();
  if (visits.length > 0) {
    // Cancelled by the club: never a late cancel, never charged.
    await trx.updateTable('visits').set({ state: 'cancelled', offer_expires_at: null, updated_at: at }).where('id', 'in', visits.map((v) => v.id)).execute();
    // Booked places are given back (a pass's visit returns).
    for (const v of visits) if (v.state === 'booked') await refundVisit(trx, v.id);
  }
  await removeOfferNotifications(trx, visits.filter((v) => v.state === 'pending').map((v) => v.id), now);
  const params = { class: { id: session.id, name: session.name, start_date: session.start_at } };
  const rows = await insertNotifications(
    trx,
    visits.map((v) => ({ profileId: v.profile_id, orgId: session.org_id, type: 'class_cancelled', message: classCancelledMessage(session.name, session.start_at, session.time_zone, v.state), params })),
    now,
  );
  return { session_id: session.id, cancelled_visits: visits.length, notified: rows.length };
}

export interface PostPublished {
  post: PostRow;
  notified: number;
}

/** Stores a post and tells every member with an account in the organisation. */
export async function publishPost(trx: Db, input: { orgId: number; authorName: string; content: string; facilityId?: number | null; imageUrl?: string | null }, now: Date): Promise<PostPublished> {
  const org = await trx.selectFrom('orgs').select('id').where('id', '=', input.orgId).executeTakeFirst();
  if (!org) throw notFound('The organisation');
  const post = await trx
    .insertInto('posts')
    .values({ org_id: org.id, facility_id: input.facilityId ?? null, author_name: input.authorName, content: input.content, created_at: now.toISOString(), image_url: input.imageUrl ?? null })
    .returningAll()
    .executeTakeFirstOrThrow();
  const accounts = await trx.selectFrom('accounts').select('profile_id').where('org_id', '=', org.id).orderBy('id').execute();
  const message = postMessage(input.content);
  const params = { posts: [{ id: post.id, author: { full_name: input.authorName } }] };
  const rows = await insertNotifications(
    trx,
    accounts.map((a) => ({ profileId: a.profile_id, orgId: org.id, type: 'post', message, params })),
    now,
  );
  return { post, notified: rows.length };
}

export interface AppointmentChanged {
  appointment: AppointmentRow;
  facility_guid: string;
  notification: AppNotification;
}

async function bookedAppointment(trx: Db, id: number) {
  const row = Number.isSafeInteger(id) ? await trx.selectFrom('appointments').selectAll().where('id', '=', id).executeTakeFirst() : undefined;
  if (!row) throw notFound('The appointment');
  if (row.status === 'cancelled') throw new ApiError(409, 'appointment_cancelled', 'The appointment is cancelled.');
  const facility = await trx.selectFrom('facilities').select(['guid', 'org_id', 'time_zone']).where('id', '=', row.facility_id).executeTakeFirstOrThrow();
  return { row, facility };
}

export async function moveAppointment(trx: Db, id: number, startAt: Date, now: Date): Promise<AppointmentChanged> {
  const { row, facility } = await bookedAppointment(trx, id);
  const start = startAt.toISOString();
  // The end moves with it: availability subtracts [start_at, end_at).
  const end_at = row.end_at === null ? null : new Date(startAt.getTime() + Date.parse(row.end_at) - Date.parse(row.start_at)).toISOString();
  const appointment = await trx.updateTable('appointments').set({ start_at: start, end_at, updated_at: now.toISOString() }).where('id', '=', row.id).returningAll().executeTakeFirstOrThrow();
  // Its staff member's time moves with it (409 slot_unavailable if someone has the new time).
  await freeQuarterHours(trx, row.id);
  if (row.staff_id !== null && end_at !== null) await takeQuarterHours(trx, row.id, row.staff_id, startAt, new Date(end_at));
  // Paid at the studio: the invoice says the new time.
  if (row.order_id !== null) await redateDueAtStudio(trx, row.order_id, start);
  const [n] = await insertNotifications(
    trx,
    [{ profileId: row.profile_id, orgId: facility.org_id, type: 'appointment', message: appointmentMovedMessage(row.service_name, row.staff_name, start, facility.time_zone), params: { appointment: { id: row.id } } }],
    now,
  );
  if (!n) throw new Error('The notification was not stored.');
  return { appointment, facility_guid: facility.guid, notification: toNotification(n) };
}

export async function cancelAppointment(trx: Db, id: number, now: Date): Promise<AppointmentChanged> {
  const { row, facility } = await bookedAppointment(trx, id);
  const appointment = await trx.updateTable('appointments').set({ status: 'cancelled', updated_at: now.toISOString() }).where('id', '=', row.id).returningAll().executeTakeFirstOrThrow();
  await freeQuarterHours(trx, row.id);
  // The studio cancelled it: nothing is owed for it.
  if (row.order_id !== null) await settleDueAtStudio(trx, row.order_id, 'cancelled');
  const [n] = await insertNotifications(
    trx,
    [{ profileId: row.profile_id, orgId: facility.org_id, type: 'appointment', message: appointmentCancelledMessage(row.service_name, row.staff_name, row.start_at, facility.time_zone), params: { appointment: { id: row.id } } }],
    now,
  );
  if (!n) throw new Error('The notification was not stored.');
  return { appointment, facility_guid: facility.guid, notification: toNotification(n) };
}
