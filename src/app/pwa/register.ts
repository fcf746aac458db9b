// Service worker registration with workbox-window: once the page is stable (load, then idle) or
// after 30 s at the latest (docs/decisions.md). A new version waits until the member agrees.
// This module loads after the first screen (main.tsx), workbox-window only when registering, so
// neither is part of the first paint.
import { setPwaState } from './state';
import { afterFirstContent, whenIdle } from '../../ui/first-content';
import { keepFreshInBackground } from './background-refresh';
import { whenInstallMayStart } from './install-hold';

const LATEST_REGISTRATION_MS = 30_000;

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  let registered = false;
  const register = () => {
    if (registered) return;
    // Registering checks the server for a new version: offline that is a request bound to fail.
    if (!navigator.onLine) {
      window.addEventListener('online', register, { once: true });
      return;
    }
    registered = true;
    import('workbox-window')
      .then(({ Workbox }) => {
        const wb = new Workbox('/sw.js');
        wb.addEventListener('waiting', () => {
          setPwaState({
            applyUpdate: () => {
              wb.addEventListener('controlling', () => window.location.reload());
              wb.messageSkipWaiting();
            },
          });
        });
        return wb.register();
      })
      // Periodic sync needs an active worker: a first registration is still installing here.
      .then(() => navigator.serviceWorker.ready)
      .then(keepFreshInBackground)
      .catch((error: unknown) => console.warn('Service worker registration failed', error));
  };
  // Not before the first screen has shown the member's data: registering fetches and runs code
  // the first rows do not need. A first install (no worker controls the page) stores the whole
  // precache: not while the member is signing in either (install-hold.ts).
  const installing = !navigator.serviceWorker.controller;
  const afterLoad = () => void (installing ? whenInstallMayStart() : Promise.resolve())
    .then(() => afterFirstContent())
    .then(() => whenIdle(5_000))
    .then(register);
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
  setTimeout(register, LATEST_REGISTRATION_MS);
}
