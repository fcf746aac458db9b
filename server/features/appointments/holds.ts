import type { Kysely, Selectable } from 'kysely';
import { APPOINTMENT_HOLD_MINUTES, appointmentCancelKind, isSlotBookable, SLOT_STEP_MINUTES } from '../../../core/rules/appointments';
import { owedAfterCancel } from '../../../core/rules/concessions';
import type { AppointmentsTable, Database, FacilityRow } from '../../db/schema';
import { ApiError, notFound } from '../../http/errors';
import { availability, staffHere } from './catalogue-routes';
import { chargeTargetFor } from './present';
import { invoiceDueAtStudio, redateDueAtStudio, settleDueAtStudio, type InvoiceLineRow } from '../shop/invoices';

// Holding a slot, booking it and cancelling it (POST /appointments, PUT /appointments/{id}/book,
// /cancel, /latecancel). A hold takes
// the staff member's quarter hours in staff_busy_blocks, whose primary key (staff, quarter hour)
// lets only one of several racing members have them, on both databases; a hold lapses after
// APPOINTMENT_HOLD_MINUTES and gives its quarter hours back; booking chooses what pays, and what
// nothing covers is paid at the studio (a due invoice, cancelled by a cancel in time).

type Db = Kysely<Database>;
type AppointmentRow = Selectable<AppointmentsTable>;

const slotUnavailable = () => new ApiError(409, 'slot_unavailable', 'That time is no longer free. Choose another.');

/** The quarter hours [start, end) covers, as stored in staff_busy_blocks. */
export function quarterHours(start: Date, end: Date): string[] {
  const blocks: string[] = [];
  for (let t = start.getTime(); t < end.getTime(); t += SLOT_STEP_MINUTES * 60_000) blocks.push(new Date(t).toISOString());
  return blocks;
}

/** Lapsed holds of a staff member become 'expired' and give their quarter hours back. */
export async function releaseLapsedHolds(trx: Db, staffId: number, now: Date): Promise<void> {
  const lapsed = await trx.selectFrom('appointments').select('id').where('staff_id', '=', staffId).where('status', '=', 'held').where('hold_expires_at', '<=', now.toISOString()).execute();
  if (lapsed.length === 0) return;
  const ids = lapsed.map((a) => a.id);
  await trx.deleteFrom('staff_busy_blocks').where('appointment_id', 'in', ids).execute();
  await trx.updateTable('appointments').set({ status: 'expired', updated_at: now.toISOString() }).where('id', 'in', ids).where('status', '=', 'held').execute();
}

/** An appointment's quarter hours go back to its staff member (cancelled). */
export async function freeQuarterHours(trx: Db, appointmentId: number): Promise<void> {
  await trx.deleteFrom('staff_busy_blocks').where('appointment_id', '=', appointmentId).execute();
}

/** An appointment takes its staff member's quarter hours for [start, end); slot_unavailable when someone has part of them. */
export async function takeQuarterHours(trx: Db, appointmentId: number, staffId: number, start: Date, end: Date): Promise<void> {
  try {
    await trx
      .insertInto('staff_busy_blocks')
      .values(quarterHours(start, end).map((block_start) => ({ staff_id: staffId, block_start, appointment_id: appointmentId })))
      .execute();
  } catch (error) {
    // Another member holds or booked part of this time (a concurrent request got there first).
    if (isUniqueViolation(error)) throw slotUnavailable();
    throw error;
  }
}

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}

/** The slot as availability shows it: on the grid, in working hours, free, after the notice; else slot_unavailable. */
async function requireBookableSlot(trx: Db, facility: FacilityRow, who: { staffId: number; durationMinutes: number; except?: number }, startAt: Date, now: Date): Promise<void> {
  const day = new Date(startAt.getTime()).toLocaleDateString('en-CA', { timeZone: facility.time_zone });
  const slots = await availability(trx, facility, who, day, 1, now);
  const slot = slots.find((s) => Date.parse(s.start_at) === startAt.getTime());
  if (!slot || !isSlotBookable(slot, now)) throw slotUnavailable();
}

/** Holds `startAt` with `staffId` for `serviceId` at this facility for the member. */
export async function holdSlot(trx: Db, facility: FacilityRow, profileId: number, wanted: { serviceId: number; staffId: number; startAt: Date }, now: Date): Promise<AppointmentRow> {
  const [staff] = await staffHere(trx, facility, { staffId: wanted.staffId, serviceId: wanted.serviceId });
  const service = await trx.selectFrom('services').selectAll().where('id', '=', wanted.serviceId).where('org_id', '=', facility.org_id).executeTakeFirst();
  if (!staff || !service) throw notFound('The service or staff member');
  await releaseLapsedHolds(trx, staff.id, now);
  await requireBookableSlot(trx, facility, { staffId: staff.id, durationMinutes: service.duration_minutes }, wanted.startAt, now);
  const end = new Date(wanted.startAt.getTime() + service.duration_minutes * 60_000);
  const row = await trx
    .insertInto('appointments')
    .values({
      profile_id: profileId,
      facility_id: facility.id,
      service_name: service.name,
      staff_name: staff.full_name,
      service_id: service.id,
      staff_id: staff.id,
      start_at: wanted.startAt.toISOString(),
      end_at: end.toISOString(),
      status: 'held',
      hold_expires_at: new Date(now.getTime() + APPOINTMENT_HOLD_MINUTES * 60_000).toISOString(),
      updated_at: now.toISOString(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await takeQuarterHours(trx, row.id, staff.id, wanted.startAt, end);
  return row;
}

/** Books the member's held appointment, counting it against what covers the service. */
export async function bookHeld(trx: Db, profileId: number, appointmentId: number, now: Date): Promise<AppointmentRow> {
  const row = await trx.selectFrom('appointments').selectAll().where('id', '=', appointmentId).where('profile_id', '=', profileId).executeTakeFirst();
  if (!row) throw notFound('The appointment');
  if (row.status === 'booked') return row;
  if (row.status !== 'held' || row.hold_expires_at === null || Date.parse(row.hold_expires_at) <= now.getTime()) {
    throw new ApiError(409, 'hold_expired', 'Your hold on this time ran out. Choose a time again.');
  }
  const facility = await trx.selectFrom('facilities').select(['org_id', 'currency_code']).where('id', '=', row.facility_id).executeTakeFirstOrThrow();
  const target = await chargeTargetFor(trx, row, facility.org_id);
  if (target.kind === 'pass') await trx.updateTable('passes').set((eb) => ({ visits_used: eb('visits_used', '+', 1) })).where('id', '=', target.id).execute();
  // Nothing covers it: booked all the same, its price due at the studio on an invoice (docs/decisions.md "Paid at the studio").
  const orderId = target.kind === 'casual' ? await invoiceDueAtStudio(trx, { profile_id: row.profile_id, org_id: facility.org_id, currency: facility.currency_code }, await appointmentLine(trx, row), now) : null;
  return trx
    .updateTable('appointments')
    .set({ status: 'booked', hold_expires_at: null, concession_kind: target.kind, concession_id: target.kind === 'casual' ? null : target.id, order_id: orderId, updated_at: now.toISOString() })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The invoice line of an appointment paid at the studio: the service at its price, and when. */
async function appointmentLine(trx: Db, row: AppointmentRow): Promise<InvoiceLineRow> {
  const service = row.service_id === null ? undefined : await trx.selectFrom('services').select('price_cents').where('id', '=', row.service_id).executeTakeFirst();
  return { kind: 'appointment', name: row.service_name, starts_at: row.start_at, quantity: 1, price_cents: service?.price_cents ?? 0 };
}

/**
 * The member cancels their appointment: a hold or a booking outside the window with `cancel`
 * (a pass's visit is given back), a booking inside it only with `latecancel` (the visit stays
 * used). Its quarter hours are freed either way.
 */
export async function cancelByMember(trx: Db, profileId: number, appointmentId: number, asked: 'cancel' | 'latecancel', now: Date): Promise<AppointmentRow> {
  const row = await trx.selectFrom('appointments').selectAll().where('id', '=', appointmentId).where('profile_id', '=', profileId).executeTakeFirst();
  if (!row) throw notFound('The appointment');
  const held = row.status === 'held' && row.hold_expires_at !== null && Date.parse(row.hold_expires_at) > now.getTime();
  const kind = row.status === 'held' && !held ? null : appointmentCancelKind(row, now);
  if (kind === null) throw new ApiError(409, 'not_cancelable', 'This appointment can no longer be cancelled.');
  if (asked === 'cancel' && kind === 'latecancel') throw new ApiError(409, 'late_cancel_required', 'It starts within 24 hours: cancelling now is a late cancel and needs your confirmation.');
  if (asked === 'latecancel' && kind === 'cancel') throw new ApiError(409, 'late_cancel_not_needed', 'It can still be cancelled without a late cancel.');
  if (kind === 'cancel' && row.status === 'booked' && row.concession_kind === 'pass' && row.concession_id !== null) {
    await trx.updateTable('passes').set((eb) => ({ visits_used: eb('visits_used', '-', 1) })).where('id', '=', row.concession_id).where('visits_used', '>', 0).execute();
  }
  // Paid at the studio: cancelled in time nothing is owed; late, the price stays due.
  if (row.order_id !== null) await settleDueAtStudio(trx, row.order_id, owedAfterCancel(kind));
  await freeQuarterHours(trx, row.id);
  return trx
    .updateTable('appointments')
    .set({ status: 'cancelled', hold_expires_at: null, late_cancelled: kind === 'latecancel' ? 1 : 0, updated_at: now.toISOString() })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * The member moves their appointment to another time or staff member (never another service):
 * a live hold any time (its expiry stays), a booking until the cancellation window (then
 * reschedule_closed). The new slot must be bookable; the quarter hours move with it.
 */
export async function changeAppointment(trx: Db, profileId: number, appointmentId: number, changes: { staffId?: number; startAt?: Date }, now: Date): Promise<AppointmentRow> {
  const row = await trx.selectFrom('appointments').selectAll().where('id', '=', appointmentId).where('profile_id', '=', profileId).executeTakeFirst();
  if (!row || row.service_id === null || row.staff_id === null) throw notFound('The appointment');
  const liveHold = row.status === 'held' && row.hold_expires_at !== null && Date.parse(row.hold_expires_at) > now.getTime();
  if (row.status === 'held' && !liveHold) throw new ApiError(409, 'hold_expired', 'Your hold on this time ran out. Choose a time again.');
  if (row.status !== 'held' && row.status !== 'booked') throw new ApiError(409, 'not_cancelable', 'This appointment can no longer be changed.');
  if (row.status === 'booked' && appointmentCancelKind(row, now) !== 'cancel') throw new ApiError(409, 'reschedule_closed', 'It starts within 24 hours and can no longer be moved.');
  const facility = await trx.selectFrom('facilities').selectAll().where('id', '=', row.facility_id).executeTakeFirstOrThrow();
  const staffId = changes.staffId ?? row.staff_id;
  const startAt = changes.startAt ?? new Date(row.start_at);
  const [staff] = await staffHere(trx, facility, { staffId, serviceId: row.service_id });
  const service = await trx.selectFrom('services').select(['duration_minutes']).where('id', '=', row.service_id).executeTakeFirst();
  if (!staff || !service) throw notFound('The staff member');
  await releaseLapsedHolds(trx, staff.id, now);
  await requireBookableSlot(trx, facility, { staffId: staff.id, durationMinutes: service.duration_minutes, except: row.id }, startAt, now);
  const end = new Date(startAt.getTime() + service.duration_minutes * 60_000);
  await freeQuarterHours(trx, row.id);
  await takeQuarterHours(trx, row.id, staff.id, startAt, end);
  if (row.order_id !== null) await redateDueAtStudio(trx, row.order_id, startAt.toISOString());
  return trx
    .updateTable('appointments')
    .set({ staff_id: staff.id, staff_name: staff.full_name, start_at: startAt.toISOString(), end_at: end.toISOString(), updated_at: now.toISOString() })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}
