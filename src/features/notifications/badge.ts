// The app icon badge (see docs/rules.md#notifications): always the count the bell shows (unread
// notifications plus offers to answer, every organisation). A Dexie live query
// follows every change, from this tab, another tab or the service worker. The Badging API
// exists only in some browsers and installed apps, so it is feature-detected and may fail.
import { liveQuery, type Subscription } from 'dexie';
import { readActionCount } from './action-count';

export interface BadgeTarget {
  setAppBadge?: (contents?: number) => Promise<void>;
  clearAppBadge?: () => Promise<void>;
}

/** Sets or clears the badge; resolves false where the browser has no badge or refuses. */
export async function showAppBadge(count: number, target: BadgeTarget | undefined = globalThis.navigator): Promise<boolean> {
  if (typeof target?.setAppBadge !== 'function') return false;
  try {
    if (count > 0) await target.setAppBadge(count);
    else if (typeof target.clearAppBadge === 'function') await target.clearAppBadge();
    else await target.setAppBadge(0);
    return true;
  } catch {
    // Not permitted here (e.g. not installed, or notifications blocked): the bell still shows it.
    return false;
  }
}

/** Keeps the badge equal to the bell's count until the returned function is called. */
export function startAppBadge(target: BadgeTarget | undefined = globalThis.navigator): () => void {
  if (typeof target?.setAppBadge !== 'function') return () => undefined;
  let last: number | null = null;
  const subscription: Subscription = liveQuery(readActionCount).subscribe({
    next: (count) => {
      if (count === last) return;
      last = count;
      void showAppBadge(count, target);
    },
    error: () => undefined,
  });
  return () => subscription.unsubscribe();
}
