/// <reference lib="webworker" />
// The app icon badge from the service worker, after a push changed the notifications while no
// page may be open. Same count as the bell: unread notifications plus offers to answer (actionCount).
import { readActionCount } from '../src/features/notifications/action-count';

/** Sets the badge to `count`, or to the bell's count from Dexie; never throws. */
export async function updateAppBadge(self: ServiceWorkerGlobalScope, count?: number): Promise<void> {
  const navigator = self.navigator as WorkerNavigator & Partial<Pick<WorkerNavigator, 'setAppBadge' | 'clearAppBadge'>>;
  if (typeof navigator.setAppBadge !== 'function') return;
  try {
    const unread = count ?? (await readActionCount());
    if (unread > 0) await navigator.setAppBadge(unread);
    else await navigator.clearAppBadge?.();
  } catch {
    // Badging not allowed in this context; the bell shows the count anyway.
  }
}
