import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../db';
import type { AppNotification } from '../api/types';
import { unreadCount, visibleNotifications } from '../../domain/notifications';

/** undefined until IndexedDB answers, so the dropdown can show its loading text. */
export function useNotifications(): AppNotification[] | undefined {
  return useLiveQuery(async () => visibleNotifications(await db.notifications.toArray(), new Date()), []);
}

export function useUnreadCount(): number {
  return useLiveQuery(async () => unreadCount(await db.notifications.toArray(), new Date()), []) ?? 0;
}
