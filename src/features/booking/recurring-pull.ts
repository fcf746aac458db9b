// Pulls of the member's weekly bookings and booking-open reminders in one organisation, replaced
// whole. While a weekly-booking command waits (or was just confirmed) the organisation's list is
// left alone (`recurringBookings:org{id}`); a reminder is protected by its class's key.
import { facilityScope } from '../../data/api/client';
import type { BookingReminder, RecurringBooking } from '../../../core/contract/types';
import { db } from '../../data/db';
import { definePull, type PullOptions, type RefreshResult } from '../../data/sync/pull';
import { touchKey } from '../../data/sync/touches';
import { getRecurringBookings, getReminders } from './api';

const MAX_AGE_MS = 2 * 60_000;

/** The key a weekly-booking command touches: the organisation's whole list. */
export const seriesListKey = (orgId: number) => touchKey('recurringBookings', `org${orgId}`);

const seriesPull = definePull<{ guid: string; orgId: number }, RecurringBooking[]>({
  resource: ({ orgId }) => `recurring:${orgId}`,
  maxAgeMs: MAX_AGE_MS,
  tables: () => [db.recurringBookings],
  fetch: ({ guid }) => getRecurringBookings({ scope: facilityScope(guid) }),
  async write(rows, guard, { orgId }) {
    if (!rows || !guard.free(seriesListKey(orgId))) return;
    await db.recurringBookings.where('org_id').equals(orgId).delete();
    await db.recurringBookings.bulkPut(rows.map((r) => ({ ...r, org_id: orgId })));
  },
});

const remindersPull = definePull<{ guid: string; orgId: number }, BookingReminder[]>({
  resource: ({ orgId }) => `reminders:${orgId}`,
  maxAgeMs: MAX_AGE_MS,
  tables: () => [db.reminders],
  fetch: ({ guid }) => getReminders({ scope: facilityScope(guid) }),
  async write(rows, guard, { orgId }) {
    if (!rows) return;
    const kept = (await db.reminders.where('org_id').equals(orgId).toArray()).filter((r) => !guard.free(touchKey('reminders', r.session_id)));
    await db.reminders.where('org_id').equals(orgId).delete();
    await db.reminders.bulkPut([...rows.filter((r) => guard.free(touchKey('reminders', r.session_id))).map((r) => ({ ...r, org_id: orgId })), ...kept]);
  },
});

export function pullRecurring(guid: string, orgId: number, options: PullOptions = {}): Promise<RefreshResult[]> {
  return Promise.all([seriesPull({ guid, orgId }, options), remindersPull({ guid, orgId }, options)]);
}
