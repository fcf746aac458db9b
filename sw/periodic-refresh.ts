/// <reference lib="webworker" />
// Periodic Background Sync (an installed app in Chromium): about every 12 hours, while no page is
// open, the week the timetable opens on, the member's bookings and notifications are pulled into
// Dexie, so the app opens up to date in a basement. The page registers it (app/pwa/background-refresh.ts).
import { db } from '../src/data/db';
import { getAuthState } from '../src/data/sync/auth-row';
import { BACKGROUND_REFRESH_TAG } from '../src/data/sync/sync-tag';
import type { RefreshResult } from '../src/data/sync/pull';
import { pullBookings, pullOpeningWeek } from '../src/features/booking/public-sync';
import { pullNotifications } from '../src/features/notifications/pull';
import { updateAppBadge } from './badge';
import { reportingFailure } from './reports';

interface PeriodicSyncEvent extends ExtendableEvent {
  readonly tag: string;
}

/** What the refresh asked for and how each answered; signed out or no facility chosen, nothing. */
export async function refreshInBackground(self: ServiceWorkerGlobalScope, at = new Date()): Promise<RefreshResult[]> {
  const auth = await getAuthState();
  if (auth.status !== 'authenticated' || !auth.facilityGuid) return [];
  const facility = await db.facilities.get(auth.facilityGuid);
  const pulls: Promise<RefreshResult>[] = [pullNotifications({ force: true }), pullBookings(auth.facilityGuid, { force: true })];
  // The week is the facility's days: without its zone on the device, what "today" is is unknown.
  if (facility) pulls.push(pullOpeningWeek(facility.guid, facility.time_zone, at));
  const results = await Promise.all(pulls);
  await updateAppBadge(self);
  return results;
}

export function registerPeriodicRefresh(self: ServiceWorkerGlobalScope): void {
  self.addEventListener('periodicsync', ((event: PeriodicSyncEvent) => {
    if (event.tag === BACKGROUND_REFRESH_TAG) event.waitUntil(reportingFailure(refreshInBackground(self), 'background refresh'));
  }) as EventListener);
}
