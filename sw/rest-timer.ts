/// <reference lib="webworker" />
// The rest timer's end while the screen is locked or the app is in the background (see
// docs/decisions.md#rest-timer): the page posts the end time with the translated text, and the
// worker keeps itself alive with waitUntil until then. At the end it asks the open windows
// whether one shows the end on screen; if none answers yes (hidden, frozen, or on another
// screen), it shows the system notification. No network is involved, so it works offline.
import {
  REST_TIMER_DUE_MESSAGE, REST_TIMER_MESSAGE, REST_TIMER_NOTIFICATION_KIND, parseRestTimerMessage, type RestTimerSchedule,
} from '../core/rules/training/rest-timer';

/** How long a window has to say it shows the end itself; a frozen page never answers. */
export const DUE_ANSWER_MS = 1_000;

/** What a rest timer notification carries to the click handler. */
export interface RestTimerNotificationData {
  kind: typeof REST_TIMER_NOTIFICATION_KIND;
  path: string;
}

/** Scheduled ends by tag: a newer schedule or a cancel stops the older wait. */
const waiting = new Map<string, () => void>();

function stop(tag: string): void {
  waiting.get(tag)?.();
  waiting.delete(tag);
}

/** Resolves true at `ms` from now, or false as soon as it is stopped. */
function wait(tag: string, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      waiting.delete(tag);
      resolve(true);
    }, Math.max(0, ms));
    waiting.set(tag, () => {
      clearTimeout(timer);
      resolve(false);
    });
  });
}

/** True when some window answers that it shows the end on screen itself. */
async function shownInPage(self: ServiceWorkerGlobalScope, tag: string): Promise<boolean> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const answers = windows.map(
    (client) =>
      new Promise<boolean>((resolve) => {
        const channel = new MessageChannel();
        const timeout = setTimeout(() => resolve(false), DUE_ANSWER_MS);
        channel.port1.onmessage = (event: MessageEvent) => {
          clearTimeout(timeout);
          channel.port1.close();
          resolve(event.data === true);
        };
        client.postMessage({ type: REST_TIMER_DUE_MESSAGE, tag }, [channel.port2]);
      }),
  );
  return (await Promise.all(answers)).some(Boolean);
}

async function closeShown(self: ServiceWorkerGlobalScope, tag: string): Promise<void> {
  for (const shown of await self.registration.getNotifications({ tag })) shown.close();
}

async function notifyAtEnd(self: ServiceWorkerGlobalScope, schedule: RestTimerSchedule, now: number): Promise<void> {
  // Registered at once, so a newer message arriving meanwhile stops this one.
  const ended = wait(schedule.tag, schedule.endAt - now);
  // The older rest's notification, if still on screen, is out of date now.
  await closeShown(self, schedule.tag);
  if (!(await ended)) return;
  if (await shownInPage(self, schedule.tag)) return;
  const data: RestTimerNotificationData = { kind: REST_TIMER_NOTIFICATION_KIND, path: schedule.path };
  await self.registration
    .showNotification(schedule.title, {
      body: schedule.body, tag: schedule.tag, icon: '/icon-192.png', badge: '/icon-maskable-192.png', data,
      // Not in the WebWorker lib's NotificationOptions yet; phones buzz with it where the page cannot.
      ...{ vibrate: [200, 100, 200, 100, 400], renotify: true },
    })
    .catch((error: unknown) => console.warn('Could not show the rest timer notification', error));
}

/** The promise the message event waits for, or null when the message is not the rest timer's. */
export function handleRestTimerMessage(self: ServiceWorkerGlobalScope, data: unknown, now = Date.now()): Promise<void> | null {
  const message = parseRestTimerMessage(data);
  if (!message) return null;
  stop(message.tag);
  if (message.type === REST_TIMER_MESSAGE) return notifyAtEnd(self, message, now);
  return closeShown(self, message.tag);
}

export function isRestTimerNotification(data: unknown): data is RestTimerNotificationData {
  return typeof data === 'object' && data !== null && (data as { kind?: unknown }).kind === REST_TIMER_NOTIFICATION_KIND;
}

export function registerRestTimer(self: ServiceWorkerGlobalScope): void {
  self.addEventListener('message', (event) => {
    const done = handleRestTimerMessage(self, event.data);
    if (done) event.waitUntil(done);
  });
}
