// Periodic Background Sync (issue 31): where the browser offers it (Chromium, an installed app with
// the permission it grants by itself from use), the service worker refreshes the week the
// timetable opens on, the bookings and the notifications about every 12 hours
// (sw/periodic-refresh.ts). Registered on every start: the same tag again only renews it.
import { BACKGROUND_REFRESH_INTERVAL_MS, BACKGROUND_REFRESH_TAG } from '../../data/sync/sync-tag';

interface PeriodicSyncManager {
  register(tag: string, options: { minInterval: number }): Promise<void>;
}

/** Registers the refresh when the browser allows it; says whether it did. Never throws. */
export async function keepFreshInBackground(registration: ServiceWorkerRegistration): Promise<boolean> {
  const periodicSync = (registration as ServiceWorkerRegistration & { periodicSync?: PeriodicSyncManager }).periodicSync;
  if (!periodicSync) return false;
  try {
    // Asking without the permission rejects; the browser grants it to installed apps it sees used.
    const { state } = await navigator.permissions.query({ name: 'periodic-background-sync' as PermissionName });
    if (state !== 'granted') return false;
    await periodicSync.register(BACKGROUND_REFRESH_TAG, { minInterval: BACKGROUND_REFRESH_INTERVAL_MS });
    return true;
  } catch {
    return false;
  }
}
