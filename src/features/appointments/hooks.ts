// Live views of the appointments slice, read from Dexie, and the pulls that keep them fresh.
import { useLiveQuery } from 'dexie-react-hooks';
import { db, type StoredAppointment, type StoredService, type StoredSlots, type StoredStaff } from '../../data/db';
import { useRevalidate } from '../booking/public';
import { now as clockNow } from '../../data/clock';
import { pullAppointment, pullAppointments, pullCatalogue, pullSlotWeeks, slotsKey } from './pull';

export function useServices(guid: string | undefined): StoredService[] | undefined {
  return useLiveQuery(async () => (guid ? (await db.services.where('facility_guid').equals(guid).toArray()).sort((a, b) => a.name.localeCompare(b.name)) : undefined), [guid]);
}

export function useStaff(guid: string | undefined): StoredStaff[] | undefined {
  return useLiveQuery(async () => (guid ? (await db.staff.where('facility_guid').equals(guid).toArray()).sort((a, b) => a.full_name.localeCompare(b.full_name)) : undefined), [guid]);
}

export function useRefreshCatalogue(guid: string | undefined): void {
  useRevalidate(guid ?? null, () => (guid ? pullCatalogue(guid) : Promise.resolve()));
}

/** The member's coming appointments (held or booked) in the facility's organisation, soonest first. */
export function useComingAppointments(guid: string | undefined, orgId: number | undefined): StoredAppointment[] | undefined {
  return useLiveQuery(async () => {
    if (!guid) return undefined;
    const org = new Set((await db.facilities.toArray()).filter((f) => f.org_id === orgId).map((f) => f.guid));
    org.add(guid);
    const at = clockNow();
    const rows = await db.appointments.where('start_at').aboveOrEqual(new Date(at).toISOString()).toArray();
    return rows.filter((a) => org.has(a.facility_guid) && (a.status === 'booked' || (a.status === 'held' && Date.parse(a.hold_expires_at ?? '') > at)));
  }, [guid, orgId]);
}

export function useRefreshAppointments(guid: string | undefined): void {
  useRevalidate(guid ?? null, () => (guid ? pullAppointments(guid) : Promise.resolve()));
}

/** One appointment: undefined while loading, null when the device does not have it. */
export function useAppointment(id: number | null): StoredAppointment | null | undefined {
  return useLiveQuery(async () => (id === null ? null : ((await db.appointments.get(id)) ?? null)), [id]);
}

export function useRefreshAppointment(id: number | null, guid: string | undefined): void {
  useRevalidate(id === null || !guid ? null : `${id}`, () => (id === null || !guid ? Promise.resolve() : pullAppointment(id, guid)));
}

/** The slots last fetched for each of these staff members for a week; missing weeks are absent. */
export function useSlotWeeks(guid: string | undefined, staffIds: readonly number[], serviceId: number | null, from: string): StoredSlots[] | undefined {
  const key = staffIds.join(',');
  return useLiveQuery(async () => {
    if (!guid || serviceId === null) return [];
    const rows = await db.slots.bulkGet(staffIds.map((id) => slotsKey(guid, id, serviceId, from)));
    return rows.filter((row): row is StoredSlots => row !== undefined);
  }, [guid, key, serviceId, from]);
}

export function useRefreshSlots(guid: string | undefined, staffIds: readonly number[], serviceId: number | null, from: string): void {
  const key = guid && serviceId !== null && staffIds.length > 0 ? `${guid}|${staffIds.join(',')}|${serviceId}|${from}` : null;
  useRevalidate(key, () => (guid && serviceId !== null ? pullSlotWeeks(guid, staffIds, serviceId, from) : Promise.resolve()));
}
