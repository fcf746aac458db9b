import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../data/db';
import type { AppNotification } from '../../../core/contract/types';
import { unreadCount, visibleNotifications } from '../../../core/rules/notifications';
import { readActionCount } from './action-count';
import { NOTIFICATIONS_RESOURCE } from './resource';

const NOT_LOADED = Symbol('not loaded');

/**
 * The visible notifications, newest first. undefined until the list has been fetched once on
 * this device (or rows arrived live), so the dropdown shows its loading text rather than
 * "You have no notifications" before anything is known.
 */
export function useNotifications(): AppNotification[] | undefined {
  const list = useLiveQuery(async () => {
    const rows = await db.notifications.toArray();
    if (rows.length === 0 && !(await db.pulls.get(NOTIFICATIONS_RESOURCE))) return NOT_LOADED;
    return visibleNotifications(rows, new Date());
  }, []);
  return list === NOT_LOADED ? undefined : list;
}

/** Whether the notification list has been loaded once; see useNotifications. */
export function useNotificationsLoaded(): boolean {
  return useNotifications() !== undefined;
}

export function useUnreadCount(): number {
  return useLiveQuery(async () => unreadCount(await db.notifications.toArray(), new Date()), []) ?? 0;
}

/** What the bell's badge shows: unread notifications plus offers to answer, every organisation (actionCount). */
export function useActionCount(): number | undefined {
  return useLiveQuery(readActionCount, []);
}
