/// <reference lib="webworker" />
// The app icon badge from the service worker, after a push changed the notifications while no
// page may be open. Same count as the bell: the unread visible rows in Dexie.
import { badgeCount } from '../core/rules/notifications';
import { db } from '../src/data/db';

/** Sets the badge to `count`, or to the unread count in Dexie; never throws. */
export async function updateAppBadge(self: ServiceWorkerGlobalScope, count?: number): Promise<void> {
  const navigator = self.navigator as WorkerNavigator & Partial<Pick<WorkerNavigator, 'setAppBadge' | 'clearAppBadge'>>;
  if (typeof navigator.setAppBadge !== 'function') return;
  try {
    const unread = count ?? badgeCount(await db.notifications.toArray(), new Date());
    if (unread > 0) await navigator.setAppBadge(unread);
    else await navigator.clearAppBadge?.();
  } catch {
    // Badging not allowed in this context; the bell shows the count anyway.
  }
}
