/** Background Sync tag under which the page asks the service worker to send the outbox. */
export const OUTBOX_SYNC_TAG = 'outbox';

/** Background Sync tag under which the page asks the service worker to send the error reports. */
export const CLIENT_REPORTS_SYNC_TAG = 'client-reports';

/** Periodic Background Sync tag: the service worker refreshes what the app opens on (sw/periodic-refresh.ts). */
export const BACKGROUND_REFRESH_TAG = 'refresh';

/** How often the browser is asked to run it, at least (it decides; installed apps only). */
export const BACKGROUND_REFRESH_INTERVAL_MS = 12 * 60 * 60_000;
