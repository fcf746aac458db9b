// Holding and booking a new appointment: online only (a slot is free only on the server's word,
// and what pays is decided there). Each answer is written into Dexie, where the screens read it.
// The idempotency key is the caller's, kept for one choice, so a retry after a lost answer gets
// the same hold back instead of racing itself for the slot.
import { facilityScope } from '../../data/api/client';
import { db } from '../../data/db';
import { bookAppointment, cancelAppointment, changeAppointment, holdAppointment } from './api';
import { pullConcessions, pullInvoices } from '../account/public';
import { storedAppointment } from './pull';
import type { Appointment } from '../../../core/contract/types';

export interface SlotChoice {
  guid: string;
  serviceId: number;
  staffId: number;
  startAt: string;
}

async function keep(answer: Appointment, guid: string): Promise<Appointment> {
  await db.appointments.put(storedAppointment(answer, guid));
  return answer;
}

/** Holds the slot, or moves the member's live hold (`holdId`) onto it. */
export async function holdChoice(choice: SlotChoice, idempotencyKey: string, holdId?: number): Promise<Appointment> {
  const options = { idempotencyKey, scope: facilityScope(choice.guid) };
  const answer = holdId === undefined
    ? await holdAppointment({ service_id: choice.serviceId, staff_id: choice.staffId, start_at: choice.startAt }, options)
    : await changeAppointment(holdId, { staff_id: choice.staffId, start_at: choice.startAt }, options);
  return keep(answer, choice.guid);
}

/**
 * Books the held appointment; what pays is counted once however often this is repeated. What
 * paid changed (a pass's visit used, or an invoice due at the studio): both are fetched again.
 */
export async function bookHold(id: number, guid: string, idempotencyKey: string): Promise<Appointment> {
  const answer = await keep(await bookAppointment(id, { idempotencyKey, scope: facilityScope(guid) }), guid);
  const orgId = (await db.facilities.get(guid))?.org_id;
  if (orgId !== undefined) void Promise.all([pullConcessions(guid, orgId, { force: true }), pullInvoices(guid, orgId, { force: true })]).catch(() => undefined);
  return answer;
}

/** Lets go of a hold the server would not book, so the time is not kept from others for nothing. */
export async function releaseHold(id: number, guid: string, idempotencyKey: string): Promise<Appointment> {
  return keep(await cancelAppointment(id, 'cancel', { idempotencyKey, scope: facilityScope(guid) }), guid);
}
