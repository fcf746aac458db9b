/// <reference lib="webworker" />
// Web Push: the server sends {notification, unread_count} when something happens while no page
// may be open. The notification goes into Dexie first (an open page's live queries wake through
// Dexie's storagemutated), then the system notification, then the app badge.
import { reportingFailure } from './reports';
import { notificationPushPayload, type NotificationPushPayload } from '../core/contract/notifications';
import type { AppNotification } from '../core/contract/types';
import { db } from '../src/data/db';
import { pullNotifications, receiveNotification } from '../src/features/notifications/pull';
import { pullSession } from '../src/features/booking/public-sync';
import { systemNotificationText } from '../core/rules/notifications';
import { notificationTarget } from '../core/rules/notification-target';
import { updateAppBadge } from './badge';
import { offerStrings } from './offer-strings';

/** Shown when the message is a single sentence: the app's name, the same in every language. */
export const FALLBACK_TITLE = 'Member';

/** What the system notification carries to the click handler. */
export interface NotificationData {
  id: number;
  path: string | null;
  /** A waitlist offer: the class its Confirm and Decline buttons answer for. */
  offerClassId?: number;
}

/** The buttons of a waitlist offer's notification; their ids are what notificationclick's `action` says. */
export const OFFER_ACTIONS = ['confirm', 'decline'] as const;
export type OfferAction = (typeof OFFER_ACTIONS)[number];

/** The class a notification offers a place in, when it is an open offer the buttons can answer. */
function offeredClass(n: AppNotification): number | null {
  const classId = n.params.class?.id;
  return n.type === 'waitlist' && typeof classId === 'number' && typeof n.params.visit?.id === 'number' ? classId : null;
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
    const offerClassId = offeredClass(notification);
    const shown: NotificationData = { id: notification.id, path: 'path' in target ? target.path : null, ...(offerClassId !== null && { offerClassId }) };
    // Confirm and Decline right on the notification (browsers without actions show none; a tap opens the class).
    const words = offerClassId === null ? null : await offerStrings();
    const actions = words ? OFFER_ACTIONS.map((action) => ({ action, title: words[action] })) : undefined;
    const options: NotificationOptions & { actions?: { action: string; title: string }[] } = {
      body, tag: notificationTag(notification.id), icon: '/icon-192.png', badge: '/icon-maskable-192.png', data: shown, ...(actions && { actions }),
    };
    // Permission can be revoked after subscribing; the badge and the stored row still count.
    await self.registration
      .showNotification(title, options)
      .catch((error: unknown) => console.warn('Could not show a pushed notification', error));
    // The offered class is fetched before the push is done (the worker may stop right after), so
    // the notification's Confirm works on this device even once it is offline; after the
    // notification is up, so a slow network in a basement never holds the offer back.
    if (offerClassId !== null) await pullSession(offerClassId, { force: true }).catch(() => undefined);
  }
  await updateAppBadge(self);
}

export function registerPush(self: ServiceWorkerGlobalScope): void {
  self.addEventListener('push', (event) => {
    event.waitUntil(reportingFailure(handlePush(self, event.data), 'push'));
  });
}
