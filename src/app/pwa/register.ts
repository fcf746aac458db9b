// Service worker registration with workbox-window. SPEC §9: register once the page is stable
// (load, then idle) or after 30 s at the latest. A new version waits until the member agrees.
import { Workbox } from 'workbox-window';
import { setPwaState, type BeforeInstallPromptEvent } from './state';

const LATEST_REGISTRATION_MS = 30_000;

export function registerServiceWorker(): void {
  listenForInstallPrompt();
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const wb = new Workbox('/sw.js');
  wb.addEventListener('waiting', () => {
    setPwaState({
      applyUpdate: () => {
        wb.addEventListener('controlling', () => window.location.reload());
        wb.messageSkipWaiting();
      },
    });
  });

  let registered = false;
  const register = () => {
    if (registered) return;
    registered = true;
    wb.register().catch((error: unknown) => console.warn('Service worker registration failed', error));
  };
  const whenIdle = () => ('requestIdleCallback' in window ? window.requestIdleCallback(register, { timeout: 5_000 }) : setTimeout(register, 1_000));
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
  setTimeout(register, LATEST_REGISTRATION_MS);
}

function listenForInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    setPwaState({ installPrompt: event as BeforeInstallPromptEvent });
  });
  window.addEventListener('appinstalled', () => setPwaState({ installPrompt: null }));
}
