// Live views of the member's visits: upcoming bookings, history, one visit. Each visit shows the
// class as the sessions table has it (fresher than the copy embedded when the visit was fetched).
import { useLiveQuery } from 'dexie-react-hooks';
import { db, type StoredVisit } from '../../../data/db';
import { orgFacilityGuids, pullBookings, pullVisit, pullVisits } from '../pull';
import { useRevalidate } from './sessions';
import { now as clockNow } from '../../../data/clock';

const UPCOMING_STATES = ['booked', 'waitlisted', 'pending'];

async function withSessions(visits: StoredVisit[]): Promise<StoredVisit[]> {
  const sessions = await db.sessions.bulkGet(visits.map((visit) => visit.session_id));
  return visits.map((visit, i) => ({ ...visit, session: sessions[i] ?? visit.session }));
}

const byStart = (a: StoredVisit, b: StoredVisit) => a.session.start_date.localeCompare(b.session.start_date) || a.id - b.id;

/** Upcoming (not yet over) booked, waitlisted and pending visits in the facility's organisation, soonest first. */
export async function bookingsOf(facilityGuid: string, now = clockNow()): Promise<StoredVisit[]> {
  const org = new Set(await orgFacilityGuids(facilityGuid));
  const visits = await db.visits.where('state').anyOf(UPCOMING_STATES).toArray();
  const joined = await withSessions(visits.filter((visit) => org.has(visit.session.facility_guid)));
  return joined.filter((visit) => Date.parse(visit.session.end_date) > now).sort(byStart);
}

/** Every visit the device has in the facility's organisation, newest class first. */
export async function visitsOf(facilityGuid: string): Promise<StoredVisit[]> {
  const org = new Set(await orgFacilityGuids(facilityGuid));
  const visits = await db.visits.filter((visit) => org.has(visit.session.facility_guid)).toArray();
  return (await withSessions(visits)).sort((a, b) => byStart(b, a));
}

export function useBookings(facilityGuid: string | null | undefined): StoredVisit[] | undefined {
  return useLiveQuery(() => (facilityGuid ? bookingsOf(facilityGuid) : undefined), [facilityGuid]);
}

export function useVisits(facilityGuid: string | null | undefined): StoredVisit[] | undefined {
  return useLiveQuery(() => (facilityGuid ? visitsOf(facilityGuid) : undefined), [facilityGuid]);
}

/** One visit: undefined while loading, null when the device does not have it. */
export function useVisit(id: number | null | undefined): StoredVisit | null | undefined {
  return useLiveQuery(async () => {
    if (id == null) return null;
    const visit = await db.visits.get(id);
    return visit ? ((await withSessions([visit]))[0] ?? null) : null;
  }, [id]);
}

export function useRefreshBookings(facilityGuid: string | null | undefined): void {
  useRevalidate(facilityGuid ?? null, () => (facilityGuid ? pullBookings(facilityGuid) : Promise.resolve()));
}

export function useRefreshVisits(facilityGuid: string | null | undefined): void {
  useRevalidate(facilityGuid ?? null, () => (facilityGuid ? pullVisits(facilityGuid) : Promise.resolve()));
}

export function useRefreshVisit(id: number | null | undefined): void {
  useRevalidate(id == null ? null : String(id), () => (id == null ? Promise.resolve() : pullVisit(id)));
}
