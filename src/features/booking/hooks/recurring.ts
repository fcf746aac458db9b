// Live views of the member's weekly bookings and booking-open reminders, and their refresh.
import { useLiveQuery } from 'dexie-react-hooks';
import { db, type StoredRecurringBooking, type StoredReminder } from '../../../data/db';
import { orgIdOf } from '../pull';
import { pullRecurring } from '../recurring-pull';
import { useRevalidate } from './sessions';

/** The organisation of a facility, from the signed-in profile. */
export function useOrgId(facilityGuid: string | null | undefined): number | undefined {
  return useLiveQuery(() => (facilityGuid ? orgIdOf(facilityGuid) : undefined), [facilityGuid]);
}

/** Active weekly bookings in the organisation, by weekday and time. */
export function useRecurringBookings(orgId: number | undefined): StoredRecurringBooking[] | undefined {
  return useLiveQuery(
    async () => (orgId === undefined ? undefined : (await db.recurringBookings.where('org_id').equals(orgId).toArray()).filter((r) => r.stopped_at === null).sort((a, b) => a.weekday - b.weekday || a.local_time.localeCompare(b.local_time) || a.id - b.id)),
    [orgId],
  );
}

/** The reminder set for a class, null when there is none. */
export function useReminder(sessionId: number): StoredReminder | null | undefined {
  return useLiveQuery(async () => (await db.reminders.get(sessionId)) ?? null, [sessionId]);
}

export function useRefreshRecurring(facilityGuid: string | null | undefined, orgId: number | undefined): void {
  useRevalidate(facilityGuid && orgId !== undefined ? `${facilityGuid}|${orgId}` : null, () => (facilityGuid && orgId !== undefined ? pullRecurring(facilityGuid, orgId) : Promise.resolve()));
}
