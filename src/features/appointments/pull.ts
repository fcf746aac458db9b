// Pulls of the appointments slice (stale-while-revalidate, each a definePull): the facility's
// services and staff, the member's coming appointments, one appointment, and a week of one staff
// member's slots. Each fetch carries the scope of the facility it is for. An appointment a queued
// cancel or move changed is never overwritten (`appointments:{id}`).
import type { EntityTable } from 'dexie';
import type { ReadOptions } from '../../data/api/account';
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

/** A facility's list (services, staff), replaced whole, each row keyed by facility and id. */
function facilityList<S extends { id: number; key: string; facility_guid: string }>(name: string, table: () => EntityTable<S, 'key'>, fetch: (options: ReadOptions) => Promise<Omit<S, 'key' | 'facility_guid'>[]>) {
  return definePull<string, Omit<S, 'key' | 'facility_guid'>[]>({
    resource: (guid) => `${name}:${guid}`,
    maxAgeMs: CATALOGUE_MAX_AGE_MS,
    tables: () => [table()],
    fetch: (guid) => fetch({ scope: facilityScope(guid) }),
    async write(rows, _guard, guid) {
      if (!rows) return;
      await table().where('facility_guid').equals(guid).delete();
      await table().bulkPut(rows.map((row) => ({ ...row, key: `${guid}:${row.id}`, facility_guid: guid }) as S));
    },
  });
}

const cataloguePull = facilityList('services', () => db.services, getServices);
const staffPull = facilityList('staff', () => db.staff, getStaff);

/** The facility's services and the staff who give them. */
export function pullCatalogue(guid: string, options: PullOptions = {}): Promise<RefreshResult[]> {
  return Promise.all([cataloguePull(guid, options), staffPull(guid, options)]);
}

const appointmentsPull = definePull<string, Appointment[]>({
  resource: (guid) => `appointments:${guid}`,
  maxAgeMs: APPOINTMENTS_MAX_AGE_MS,
  // The write reads which facilities share the organisation: a table outside the transaction made
  // every write fail (IndexedDB's NotFoundError), so no list ever reached the device.
  tables: () => [db.appointments, db.facilities],
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
