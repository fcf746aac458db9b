import { useCallback, useEffect, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../data/db';
import type { AppNotification } from '../../../core/contract/types';
import { unreadCount, visibleNotifications } from '../../../core/rules/notifications';
import { NOTIFICATIONS_RESOURCE } from './pull';
import { isPushSubscribed, onPushChanged, pushSupport, type PushSupport } from './push';

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

export interface PushState {
  support: PushSupport;
  subscribed: boolean;
}

/**
 * Push on this device, for the settings screen. The browser holds this state, not Dexie, so it
 * is read again when the page becomes visible (the member may have changed the permission in
 * the browser's settings) and after this page turned push on or off. undefined while reading.
 */
export function usePushState(): PushState | undefined {
  const [state, setState] = useState<PushState | undefined>(undefined);
  const read = useCallback(async () => {
    const support = pushSupport();
    const subscribed = support === 'granted' ? await isPushSubscribed() : false;
    setState((previous) => (previous?.support === support && previous.subscribed === subscribed ? previous : { support, subscribed }));
  }, []);
  useEffect(() => {
    void read();
    const onVisible = () => {
      if (document.visibilityState === 'visible') void read();
    };
    document.addEventListener('visibilitychange', onVisible);
    const stop = onPushChanged(() => void read());
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      stop();
    };
  }, [read]);
  return state;
}
