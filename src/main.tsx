// Bootstrap. What the first screen needs starts at once and in parallel: IndexedDB opens, the
// route's chunk loads (preloadRoute), and the strings of the language last shown here load (else
// the profile's locale is read first). Then the data layer and the app; the service worker once
// the page is stable. index.html may already show the last known screen (app/snapshot).
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n } from './i18n';
import { startLocale } from './i18n/remembered';
import { Dexie } from 'dexie';
import { db, type AuthState } from './data/db';
import { readMemberRows } from './data/hooks/auth';
import { bootDataLayer, loadedOnline } from './app/boot';
import { listenForInstallPrompt } from './app/pwa/install-prompt';
import { App } from './app/App';
import { preloadRoute, routeTemplate } from './app/routes';
import { captureReplayFailure, installEarlyCapture, loadReporterWhen } from './features/reports/early';
import { subscribeOutbox } from './data/sync/outbox-watch';
import { afterFirstContent, nextTask, whenIdle } from './ui/first-content';
import './styles/index.css';
import './app/app.css';

// Dexie turns its debug mode on for any page served from localhost or 127.0.0.1 (the demo, the
// benches): console tasks for every table operation, debug messages. The build runs as it does for
// members anywhere; development keeps it.
if (import.meta.env.PROD) Dexie.debug = false;

async function storedLocale(): Promise<string | null> {
  try {
    const auth = (await db.meta.get('auth')) as AuthState | undefined;
    if (!auth?.profileId) return null;
    return (await db.profiles.get(auth.profileId))?.locale ?? null;
  } catch {
    return null; // IndexedDB unavailable (private mode in some browsers): run without it
  }
}

/**
 * Error reports (issue 29): caught from the start, kept in memory by the early capture; the
 * reporter that stores and sends them loads after the first screen, or at the first error.
 */
function startErrorReports(): void {
  installEarlyCapture();
  subscribeOutbox({ replayFailed: captureReplayFailure });
  loadReporterWhen(afterFirstContent().then(() => whenIdle(2_000)), () => {
    import('./features/reports/reporter')
      .then(({ startReporter }) => startReporter({ routeOf: routeTemplate }))
      .catch((error: unknown) => console.warn('Error reports could not start', error));
  });
}

async function boot(): Promise<void> {
  performance.mark('member:boot');
  startErrorReports();
  // index.html applied the theme before the first paint; following the system's changes can wait.
  void afterFirstContent()
    .then(nextTask)
    .then(() => import('./app/theme'))
    .then(({ startTheme }) => startTheme())
    .catch(() => undefined);
  db.open().catch(() => undefined); // storedLocale and the app report an unusable IndexedDB
  readMemberRows().catch(() => undefined); // the first render's rows, read while the strings load
  preloadRoute(location.pathname);
  const locale = await startLocale(storedLocale, navigator.languages);
  await initI18n(locale);
  performance.mark('member:strings');
  bootDataLayer();
  const root = document.getElementById('root');
  if (!root) throw new Error('#root missing from index.html');
  // A transition lets React yield to the browser while it builds the first screen, instead of one
  // long task that keeps a tap (or the browser's own work) waiting on a slow phone.
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
  listenForInstallPrompt();
  // Registering waits for the page to be stable anyway: its code loads after the first screen.
  void afterFirstContent()
    .then(nextTask)
    .then(() => loadedOnline(() => import('./app/pwa/register')))
    .then(({ registerServiceWorker }) => registerServiceWorker())
    .catch((error: unknown) => console.warn('Service worker registration failed', error));
}

void boot();
