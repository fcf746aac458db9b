/// <reference lib="webworker" />
// Web Push: the server sends {notification, unread_count} when something happens while no page
// may be open. The notification goes into Dexie first (an open page's live queries wake through
// Dexie's storagemutated), then the system notification, then the app badge.
import { notificationPushPayload, type NotificationPushPayload } from '../core/contract/notifications';
import { db } from '../src/data/db';
import { pullNotifications, receiveNotification } from '../src/features/notifications/pull';
import { notificationTarget, systemNotificationText } from '../core/rules/notifications';
import { updateAppBadge } from './badge';

/** Shown when the message is a single sentence: the app's name, the same in every language. */
export const FALLBACK_TITLE = 'Member';

/** What the system notification carries to the click handler. */
export interface NotificationData {
  id: number;
  path: string | null;
}

export const notificationTag = (id: number) => `n-${id}`;

// A payload that breaks the contract is not stored: the next pull brings the notification.
function parse(data: PushMessageData | null): NotificationPushPayload | null {
  try {
    const payload: unknown = data?.json();
    return notificationPushPayload.safeParse(payload).success ? (payload as NotificationPushPayload) : null;
  } catch {
    return null;
  }
}

async function closeShown(self: ServiceWorkerGlobalScope, id: number): Promise<void> {
  for (const shown of await self.registration.getNotifications({ tag: notificationTag(id) })) shown.close();
}

/**
 * Into Dexie. A payload shortened to fit the push size limit is fetched whole with a pull
 * instead; offline, the short version is better than nothing until the next pull.
 */
async function store(payload: NotificationPushPayload): Promise<void> {
  if (payload.truncated && (await pullNotifications({ force: true })) === 'fetched') return;
  await receiveNotification(payload.notification);
}

export async function handlePush(self: ServiceWorkerGlobalScope, data: PushMessageData | null): Promise<void> {
  const payload = parse(data);
  if (!payload) {
    console.warn('Ignoring a push without a notification');
    return;
  }
  // Stored only while a member is signed in on this device; it is shown either way, since the
  // browser expects a visible notification for every push.
  await store(payload).catch((error: unknown) => console.warn('Could not store a pushed notification', error));
  const notification = (await db.notifications.get(payload.notification.id).catch(() => undefined)) ?? payload.notification;
  if (payload.notification.removed_at || notification.read_at) {
    // Removed, or already read (on another device, or here): it should not be on screen.
    await closeShown(self, notification.id);
  } else {
    const target = notificationTarget(notification);
    const { title, body } = systemNotificationText(notification.message, FALLBACK_TITLE);
    const shown: NotificationData = { id: notification.id, path: 'path' in target ? target.path : null };
    // Permission can be revoked after subscribing; the badge and the stored row still count.
    await self.registration
      .showNotification(title, { body, tag: notificationTag(notification.id), icon: '/icon-192.png', badge: '/icon-maskable-192.png', data: shown })
      .catch((error: unknown) => console.warn('Could not show a pushed notification', error));
  }
  await updateAppBadge(self);
}

export function registerPush(self: ServiceWorkerGlobalScope): void {
  self.addEventListener('push', (event) => {
    event.waitUntil(handlePush(self, event.data));
  });
}
