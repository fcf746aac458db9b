// Kept apart from push.ts so the first paint does not load the push subscription code.
import { isAppPath } from '../../../core/rules/app-path';
import { NOTIFICATION_NAVIGATE_MESSAGE } from '../../../core/rules/notifications';

/**
 * The service worker asks the page to open a notification's screen when it cannot navigate the
 * window itself. Defaults to a full navigation; the app can pass its router's navigate instead.
 */
export function listenForNotificationNavigation(navigate: (path: string) => void = (path) => window.location.assign(path)): () => void {
  const container = globalThis.navigator?.serviceWorker;
  if (!container) return () => undefined;
  const onMessage = (event: MessageEvent) => {
    const data = event.data as { type?: unknown; path?: unknown } | null;
    // Only same-origin paths: the message names a screen of this app, never another site.
    if (data?.type === NOTIFICATION_NAVIGATE_MESSAGE && isAppPath(data.path)) {
      navigate(data.path);
    }
  };
  container.addEventListener('message', onMessage);
  return () => container.removeEventListener('message', onMessage);
}
