// The browser's offer to install the app comes early in a page's life, before the service worker is
// registered: it is kept from the first moment (InstallApp shows it).
import { setPwaState, type BeforeInstallPromptEvent } from './state';

export function listenForInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    setPwaState({ installPrompt: event as BeforeInstallPromptEvent });
  });
  window.addEventListener('appinstalled', () => setPwaState({ installPrompt: null }));
}
