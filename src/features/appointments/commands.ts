// The member's changes to an appointment they have: cancel, late cancel (after the prompt) and
// move to another time. Each is checked on the device with the shared rules, shows at once, and
// waits in the outbox (Idempotency-Key = entry id) until it is sent; a refusal puts the row back
// as it was and says why. Holding and booking a new slot is not queued: a slot is only ever
// offered by the server, and what pays for it is decided there (see docs/decisions.md).
//
// The service worker imports this module: no window or document here.
import { facilityScope } from '../../data/api/client';
import type { Appointment } from '../../../core/contract/types';
import { appointmentCancelKind } from '../../../core/rules/appointments';
import { LocalRefusal } from '../../../core/errors';
import { db, type StoredAppointment } from '../../data/db';
import { getAuthState } from '../../data/sync/auth-row';
import { commandTransaction, enqueue, registerOp, type OpContext } from '../../data/sync/outbox';
import { inTransaction } from '../../data/transaction';
import { now as clockNow } from '../../data/clock';
import { cancelAppointment, changeAppointment } from './api';
import { appointmentKey, pullAppointment, pullAppointments, storedAppointment } from './pull';

export const APPOINTMENT_OPS = {
  cancel: 'appointments.cancel',
  latecancel: 'appointments.latecancel',
  move: 'appointments.move',
} as const;

type AppointmentAction = keyof typeof APPOINTMENT_OPS;

export interface AppointmentArgs {
  action: AppointmentAction;
  id: number;
  facilityGuid: string;
  /** For a move: the new start and (when another person) staff member. */
  startAt?: string;
  staffId?: number;
  staffName?: string;
  /** The row before, to undo exactly. */
  before: StoredAppointment;
}

/** What the device refuses before queueing, named as the server would. */
function refusal(action: AppointmentAction, row: StoredAppointment | undefined, now: Date): LocalRefusal | null {
  if (!row) return new LocalRefusal('not_found', 'The appointment is not on this device.');
  const kind = appointmentCancelKind(row, now);
  if (kind === null) return new LocalRefusal('not_cancelable', 'This appointment can no longer be changed.');
  if (action === 'cancel' && kind === 'latecancel') return new LocalRefusal('late_cancel_required', 'Cancelling now is a late cancel.');
  if (action === 'latecancel' && kind === 'cancel') return new LocalRefusal('late_cancel_not_needed', 'It can still be cancelled freely.');
  if (action === 'move' && row.status === 'booked' && kind !== 'cancel') return new LocalRefusal('reschedule_closed', 'It can no longer be moved.');
  return null;
}

function optimistic(args: AppointmentArgs): StoredAppointment {
  const row = args.before;
  if (args.action !== 'move') return { ...row, status: 'cancelled', hold_expires_at: null, late_cancelled: args.action === 'latecancel' };
  const length = row.end_at ? Date.parse(row.end_at) - Date.parse(row.start_at) : 0;
  const start = args.startAt ?? row.start_at;
  return {
    ...row,
    start_at: start,
    end_at: row.end_at ? new Date(Date.parse(start) + length).toISOString() : row.end_at,
    ...(args.staffId !== undefined && { staff_id: args.staffId, staff: { full_name: args.staffName ?? row.staff.full_name } }),
  };
}

async function act(action: AppointmentAction, id: number, move?: { startAt: string; staffId?: number; staffName?: string }): Promise<void> {
  const now = new Date(clockNow());
  await commandTransaction([db.appointments], async () => {
    const auth = await inTransaction(getAuthState());
    if (auth.status !== 'authenticated') throw new LocalRefusal('signed_out', 'Signed out.');
    const row = await db.appointments.get(id);
    const refused = refusal(action, row, now);
    if (refused) throw refused;
    const args: AppointmentArgs = { action, id, facilityGuid: row!.facility_guid, before: row!, ...move };
    await db.appointments.put(optimistic(args));
    await inTransaction(enqueue(APPOINTMENT_OPS[action], args, [appointmentKey(id)]));
  });
}

/** Cancel freely (a hold, or a booking more than the cancellation window ahead). */
export function cancelAppointmentCommand(id: number): Promise<void> {
  return act('cancel', id);
}

/** Late cancel, after the member confirmed the prompt: what paid for it stays used. */
export function lateCancelAppointmentCommand(id: number): Promise<void> {
  return act('latecancel', id);
}

/** Move to another time (and staff member); the service stays. */
export function rescheduleAppointment(id: number, to: { startAt: string; staffId?: number; staffName?: string }): Promise<void> {
  return act('move', id, to);
}

function send(args: AppointmentArgs, idempotencyKey: string): Promise<Appointment> {
  const options = { idempotencyKey, scope: facilityScope(args.facilityGuid) };
  if (args.action === 'move') return changeAppointment(args.id, { start_at: args.startAt, ...(args.staffId !== undefined && { staff_id: args.staffId }) }, options);
  return cancelAppointment(args.id, args.action, options);
}

/** Entries queued after this one for the same appointment keep their optimistic row. */
async function laterFor(context: OpContext, id: number): Promise<boolean> {
  return (await context.laterTouching(appointmentKey(id))).length > 0;
}

export function registerAppointmentOps(): void {
  for (const op of Object.values(APPOINTMENT_OPS)) {
    registerOp<AppointmentArgs, Appointment>(op, {
      send,
      tables: ['appointments'],
      async onSuccess(answer, args, context) {
        if (!(await laterFor(context, args.id))) await db.appointments.put(storedAppointment(answer, args.facilityGuid));
      },
      async onRejected(args, _error, context) {
        if (!(await laterFor(context, args.id))) await db.appointments.put(args.before);
      },
      async describe(args) {
        return { action: `actions.appointment_${args.action}`, subject: { name: args.before.service.name, startsAt: args.before.start_at } };
      },
      async refresh(args) {
        await Promise.all([pullAppointment(args.id, args.facilityGuid, { force: true }), pullAppointments(args.facilityGuid, { force: true })]);
      },
    });
  }
}
