/// <reference lib="webworker" />
// A tap on a system notification (see docs/rules.md#notifications): it closes, is marked read through the outbox (so the
// read survives being offline), and the app opens on the notification's screen — in a window
// that is already open if there is one. A waitlist offer's Confirm and Decline buttons answer
// it through the outbox without opening anything.
import { reportingFailure } from './reports';
import { markNotificationRead } from '../src/features/notifications/commands';
import { db } from '../src/data/db';
import { flushOutbox } from '../src/data/sync/replay';
import { NOTIFICATION_NAVIGATE_MESSAGE } from '../core/rules/notifications';
import { notificationTarget } from '../core/rules/notification-target';
import { updateAppBadge } from './badge';
import { isRestTimerNotification } from './rest-timer';
import { confirmOffer, declineOffer, pullSession } from '../src/features/booking/public-sync';
import { pendingTouches } from '../src/data/sync/outbox';
import { touchKey } from '../src/data/sync/touches';
import { OUTBOX_SYNC_TAG } from '../src/data/sync/sync-tag';
import { OFFER_ACTIONS, notificationTag, type OfferAction } from './push';
import { offerStrings } from './offer-strings';

interface ClickData {
  id?: unknown;
  path?: unknown;
  offerClassId?: unknown;
}

const isAppPath = (path: unknown): path is string => typeof path === 'string' && path.startsWith('/') && !path.startsWith('//');

/** From the stored row when there is one (the rule may be newer than the shown notification), else what the push put in. */
async function targetPath(id: number | null, shownPath: unknown): Promise<string | null> {
  const row = id === null ? undefined : await db.notifications.get(id).catch(() => undefined);
  if (!row) return isAppPath(shownPath) ? shownPath : null;
  const target = notificationTarget(row);
  if ('path' in target) return target.path;
  console.warn(`Notification ${row.id} of type "${row.type}" has nowhere to go: ${target.reason}`);
  return null;
}

/** The window to reuse: a focused one, else a visible one, else any. */
function pickWindow(windows: readonly WindowClient[]): WindowClient | undefined {
  return windows.find((w) => w.focused) ?? windows.find((w) => w.visibilityState === 'visible') ?? windows[0];
}

/** An ignored type still brings the app forward: tapping should never do nothing at all. */
async function openApp(self: ServiceWorkerGlobalScope, path: string | null): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const existing = pickWindow(windows);
  if (!existing) {
    await self.clients.openWindow(path ?? '/');
    return;
  }
  const client = await existing.focus().catch(() => existing);
  if (path === null) return;
  try {
    if (await client.navigate(path)) return;
  } catch {
    // Not controlled by this worker (e.g. opened before it activated): the page navigates itself.
  }
  client.postMessage({ type: NOTIFICATION_NAVIGATE_MESSAGE, path });
}

async function markRead(self: ServiceWorkerGlobalScope, id: number): Promise<void> {
  try {
    if (await markNotificationRead(id)) {
      await updateAppBadge(self);
      await flushOutbox();
    }
  } catch (error) {
    console.warn('Could not mark the notification read', error);
  }
}

/**
 * The rest timer's end: the window the member left (most likely mid-way through the lift form,
 * its sets not saved yet) comes forward as it is, without a navigation that would reload it.
 */
async function focusApp(self: ServiceWorkerGlobalScope, path: string): Promise<void> {
  const existing = pickWindow(await self.clients.matchAll({ type: 'window', includeUncontrolled: true }));
  if (existing) await existing.focus();
  else await self.clients.openWindow(path);
}

/** Background Sync sends the queued answer once the device is online, even with no page open. */
async function requestSync(self: ServiceWorkerGlobalScope): Promise<void> {
  const sync = (self.registration as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }).sync;
  await sync?.register(OUTBOX_SYNC_TAG).catch(() => undefined);
}

/**
 * Confirm or Decline on an offer's notification (see docs/decisions.md#waitlist): the class
 * page's own outbox command, queued here with no window opened, then sent (once: it carries its
 * idempotency key). Offline it waits in the outbox; a notification says so. When the device
 * cannot answer (the offer lapsed, was answered, or the class is not on the device) the class
 * page opens and says why.
 */
async function answerOffer(self: ServiceWorkerGlobalScope, action: OfferAction, classId: number, id: number | null): Promise<void> {
  const answer = action === 'confirm' ? confirmOffer : declineOffer;
  try {
    try {
      await answer(classId);
    } catch {
      // The device's copy of the class may be older than the offer: fetch it (when online) and try again.
      await pullSession(classId, { force: true });
      await answer(classId);
    }
  } catch (error) {
    console.warn('Could not answer the offer from its notification', error);
    await openApp(self, `/classes/${classId}`).catch(() => undefined);
    return;
  }
  await requestSync(self);
  // Answered is read: the read waits in the outbox beside the answer.
  if (id !== null) await markNotificationRead(id).catch(() => false);
  await updateAppBadge(self);
  await flushOutbox({ ignoreBackoff: true }).catch(() => undefined);
  if (!(await pendingTouches()).has(touchKey('sessions', classId))) return;
  const words = await offerStrings();
  await self.registration
    .showNotification(words[action === 'confirm' ? 'confirmQueued' : 'declineQueued'], {
      tag: id === null ? `offer-${classId}` : notificationTag(id),
      icon: '/icon-192.png',
      badge: '/icon-maskable-192.png',
      data: { id, path: `/classes/${classId}` },
    })
    .catch(() => undefined);
}

const isOfferAction = (action: string): action is OfferAction => (OFFER_ACTIONS as readonly string[]).includes(action);

export async function handleNotificationClick(self: ServiceWorkerGlobalScope, notification: Notification, action = ''): Promise<void> {
  notification.close();
  if (isRestTimerNotification(notification.data)) {
    await focusApp(self, notification.data.path).catch((error: unknown) => console.warn('Could not open the app', error));
    return;
  }
  const data = (notification.data ?? {}) as ClickData;
  const id = typeof data.id === 'number' ? data.id : null;
  if (isOfferAction(action) && typeof data.offerClassId === 'number') {
    await answerOffer(self, action, data.offerClassId, id);
    return;
  }
  const path = await targetPath(id, data.path);
  await Promise.all([openApp(self, path).catch((error: unknown) => console.warn('Could not open the app', error)), id === null ? null : markRead(self, id)]);
}

/** Needs the outbox ops registered (registerOutboxSync) to send the read. */
export function registerNotificationClick(self: ServiceWorkerGlobalScope): void {
  self.addEventListener('notificationclick', (event) => {
    event.waitUntil(reportingFailure(handleNotificationClick(self, event.notification, event.action), 'notification click'));
  });
}
