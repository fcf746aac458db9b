// Pulls of the appointments slice (stale-while-revalidate, each a definePull): the facility's
// services and staff, the member's coming appointments, one appointment, and a week of one staff
// member's slots. Each fetch carries the scope of the facility it is for. An appointment a queued
// cancel or move changed is never overwritten (`appointments:{id}`).
import { facilityScope } from '../../data/api/client';
import type { Appointment } from '../../../core/contract/types';
import { db, type StoredAppointment } from '../../data/db';
import { definePull, type PullOptions, type RefreshResult } from '../../data/sync/pull';
import { touchKey } from '../../data/sync/touches';
import { now as clockNow } from '../../data/clock';
import { getAppointment, getAppointments, getAvailability, getServices, getStaff } from './api';

export const CATALOGUE_MAX_AGE_MS = 30 * 60_000;
export const APPOINTMENTS_MAX_AGE_MS = 2 * 60_000;
/** Slots change as others book: a week's slots are fetched again after a minute. */
export const SLOTS_MAX_AGE_MS = 60_000;
/** The time step shows and fetches a week at a time. */
export const SLOT_DAYS = 7;

export const appointmentKey = (id: number) => touchKey('appointments', id);
export const slotsKey = (facilityGuid: string, staffId: number, serviceId: number, from: string) => `${facilityGuid}:${staffId}:${serviceId}:${from}`;

export function storedAppointment(appointment: Appointment, facilityGuid: string): StoredAppointment {
  return { ...appointment, facility_guid: appointment.facility_guid ?? facilityGuid };
}

const cataloguePull = definePull<string, Awaited<ReturnType<typeof getServices>>>({
  resource: (guid) => `services:${guid}`,
  maxAgeMs: CATALOGUE_MAX_AGE_MS,
  tables: () => [db.services],
  fetch: (guid) => getServices({ scope: facilityScope(guid) }),
  async write(services, _guard, guid) {
    if (!services) return;
    await db.services.where('facility_guid').equals(guid).delete();
    await db.services.bulkPut(services.map((s) => ({ ...s, key: `${guid}:${s.id}`, facility_guid: guid })));
  },
});

const staffPull = definePull<string, Awaited<ReturnType<typeof getStaff>>>({
  resource: (guid) => `staff:${guid}`,
  maxAgeMs: CATALOGUE_MAX_AGE_MS,
  tables: () => [db.staff],
  fetch: (guid) => getStaff({ scope: facilityScope(guid) }),
  async write(staff, _guard, guid) {
    if (!staff) return;
    await db.staff.where('facility_guid').equals(guid).delete();
    await db.staff.bulkPut(staff.map((s) => ({ ...s, key: `${guid}:${s.id}`, facility_guid: guid })));
  },
});

/** The facility's services and the staff who give them. */
export function pullCatalogue(guid: string, options: PullOptions = {}): Promise<RefreshResult[]> {
  return Promise.all([cataloguePull(guid, options), staffPull(guid, options)]);
}

const appointmentsPull = definePull<string, Appointment[]>({
  resource: (guid) => `appointments:${guid}`,
  maxAgeMs: APPOINTMENTS_MAX_AGE_MS,
  tables: () => [db.appointments],
  fetch: (guid) => getAppointments({ scope: facilityScope(guid) }),
  async write(list, guard, guid) {
    if (!list) return;
    // The answer is the organisation's coming appointments: any other coming one the device holds was cancelled or lapsed.
    const returned = new Set(list.map((a) => a.id));
    const org = new Set((await db.facilities.toArray()).filter((f) => f.org_id === (guard.auth.accountOrgId ?? -1)).map((f) => f.guid));
    org.add(guid);
    const now = new Date(clockNow()).toISOString();
    const gone = (await db.appointments.where('start_at').aboveOrEqual(now).toArray())
      .filter((a) => org.has(a.facility_guid) && !returned.has(a.id) && (a.status === 'booked' || a.status === 'held') && guard.free(appointmentKey(a.id)))
      .map((a) => a.id);
    if (gone.length > 0) await db.appointments.bulkDelete(gone);
    await db.appointments.bulkPut(list.filter((a) => guard.free(appointmentKey(a.id))).map((a) => storedAppointment(a, guid)));
  },
});

export function pullAppointments(guid: string, options: PullOptions = {}): Promise<RefreshResult> {
  return appointmentsPull(guid, options);
}

const appointmentPull = definePull<{ id: number; guid: string }, Appointment>({
  resource: ({ id }) => `appointment:${id}`,
  maxAgeMs: APPOINTMENTS_MAX_AGE_MS,
  tables: () => [db.appointments],
  goneOn404: true,
  async fetch({ id, guid }) {
    const local = await db.appointments.get(id);
    return getAppointment(id, { scope: facilityScope(local?.facility_guid ?? guid) });
  },
  async write(appointment, guard, { id, guid }) {
    if (!guard.free(appointmentKey(id))) return;
    if (appointment) await db.appointments.put(storedAppointment(appointment, guid));
    else await db.appointments.delete(id);
  },
});

export function pullAppointment(id: number, guid: string, options: PullOptions = {}): Promise<RefreshResult> {
  return appointmentPull({ id, guid }, options);
}

interface SlotWeek {
  guid: string;
  staffId: number;
  serviceId: number;
  /** First local day, yyyy-MM-dd. */
  from: string;
}

const slotsPull = definePull<SlotWeek, Awaited<ReturnType<typeof getAvailability>>>({
  resource: ({ guid, staffId, serviceId, from }) => `slots:${slotsKey(guid, staffId, serviceId, from)}`,
  maxAgeMs: SLOTS_MAX_AGE_MS,
  tables: () => [db.slots],
  fetch: ({ guid, staffId, serviceId, from }) => getAvailability(staffId, { serviceId, date: from, days: SLOT_DAYS }, { scope: facilityScope(guid) }),
  async write(slots, _guard, { guid, staffId, serviceId, from }) {
    if (slots) await db.slots.put({ key: slotsKey(guid, staffId, serviceId, from), slots, fetchedAt: clockNow() });
  },
});


/** A week of slots for several staff members at once (the "anyone available" choice). */
export function pullSlotWeeks(guid: string, staffIds: readonly number[], serviceId: number, from: string, options: PullOptions = {}): Promise<RefreshResult[]> {
  return Promise.all(staffIds.map((staffId) => slotsPull({ guid, staffId, serviceId, from }, options)));
}
