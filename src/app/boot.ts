// Starts the data layer once per page: API client wiring at once; the session check and the
// outbox's replay load as their own chunks once the first screen has shown the member's data (or
// after 3 s, or at once when the device holds none, or when the member queues a write first), and
// only then do the sync triggers start; the queued writes' handlers load with the first entry the
// replay meets. Live notifications and the app badge follow in their own chunk (faye itself loads
// later still, when a member is signed in).
import { connectApi, keepSessionChecked, memberDataMissing, pageContractCheck } from '../data/auth';
import { listenForNotificationNavigation } from '../features/notifications/navigation';
import { subscribeOutbox } from '../data/sync/outbox-watch';
import { loadHandlersWith } from '../data/sync/handlers-loader';
import { registerMemberMemory } from '../data/memory';
import { preloadToastView, toast } from '../ui/toasts/index';
import { afterFirstContent, nextTask, whenIdle } from '../ui/first-content';
import { forgetSavedScreens } from './snapshot/forget';

let booted = false;

/**
 * A chunk that could not be fetched because the device is offline (before the service worker holds
 * it) is asked for again once back online: the writes queued meanwhile must still go out.
 */
export function loadedOnline<T>(load: () => Promise<T>): Promise<T> {
  return load().catch((error: unknown) => {
    if (typeof window === 'undefined' || navigator.onLine) throw error;
    return new Promise<T>((resolve, reject) => {
      window.addEventListener('online', () => void loadedOnline(load).then(resolve, reject), { once: true });
    });
  });
}

/** Resolves when the member's first command of this page has committed (its write waits to be sent). */
function firstCommand(): Promise<void> {
  return new Promise((resolve) => {
    const stop = subscribeOutbox({
      committed: () => {
        stop();
        resolve();
      },
    });
  });
}

/** The next moment the browser is idle (at most a second away). */
const idle = () => whenIdle(1_000);

/**
 * A toast may name the member's class or lift: the wipe at sign-out (or when another member signs
 * in) empties the toasts with the member's data. Here because src/ui does not import src/data.
 */
export function clearToastsWithMemberData(): () => void {
  return registerMemberMemory(() => toast.clear());
}

export function bootDataLayer(): void {
  if (booted) return;
  booted = true;
  clearToastsWithMemberData();
  // The saved screen shows the member's classes: it goes with the rest of their data.
  registerMemberMemory(forgetSavedScreens);
  // Saving it is not needed for the first paint: its own chunk, loaded once a screen has shown
  // its content (the only screens it saves; or after 3 s), not fetched beside the first screen's own.
  void afterFirstContent()
    .then(nextTask)
    .then(() => import('./snapshot/capture'))
    .then(({ startSavingLastScreen }) => startSavingLastScreen())
    // Its code not fetched (offline before the service worker kept it): the screen is not saved this time.
    .catch(() => undefined);
  // Answers are checked in a worker made when the first is asked for, not with the first paint
  // (decisions.md#contract-worker); the contract loads on the page only if the worker cannot answer.
  connectApi({ contract: () => import('../../core/contract/index'), contractCheck: pageContractCheck() });
  // The device already shows the member's data; checking the session with the server (and the
  // schemas its answer is checked with) waits until the first screen has painted it, unless the
  // device lacks the member's profile or facility, when no screen can paint until they arrive. Each step
  // after that runs in a moment of its own when the browser is idle, so the work after the first
  // rows never piles up into one long task that would keep a tap waiting.
  const firstContent = Promise.race([
    afterFirstContent(),
    memberDataMissing().then((missing) => (missing ? undefined : new Promise<void>(() => undefined)), () => new Promise<void>(() => undefined)),
  ]);
  // A toast's code, so the first toast shows in the frame it is asked for.
  // Not fetched (offline before the service worker kept it): the first toast asks again.
  void firstContent.then(idle).then(() => preloadToastView()).then(undefined, () => undefined);
  void firstContent
    .then(idle)
    .then(() => keepSessionChecked(typeof window === 'undefined' ? undefined : window, (error) => console.warn('The session could not be checked', error)));
  // A write the member queued meanwhile (a booking on a page that never marks its first content)
  // is sent at once: the waits below are for the page's own comfort, not worth the member's.
  const commandWaiting = firstCommand();
  const unlessCommand = (wait: Promise<void>) => Promise.race([wait, commandWaiting]);
  // Every feature's replay code loads only when the queue holds an entry to send (handlers-loader.ts).
  loadHandlersWith(() => import('../features/ops').then(({ registerCommandOps }) => registerCommandOps()));
  void unlessCommand(firstContent.then(idle))
    .then(() => loadedOnline(() => import('../data/sync/triggers')))
    .then(async ({ startSync }) => {
      await unlessCommand(idle());
      startSync();
      await idle();
      return Promise.all([import('../features/notifications/realtime'), import('../features/notifications/badge')]);
    })
    .then(async ([{ startRealtime }, { startAppBadge }]) => {
      startRealtime();
      await idle();
      startAppBadge();
      listenForNotificationNavigation();
      await idle();
      // The check-in code is made ready while there is a network, before a basement needs it.
      const { keepCredentialReady } = await import('../features/checkin/credential');
      keepCredentialReady();
    })
    .catch((error: unknown) => console.warn('Background sync could not start', error));
}
