/** Background Sync tag under which the page asks the service worker to send the outbox. */
export const OUTBOX_SYNC_TAG = 'outbox';

/** Background Sync tag under which the page asks the service worker to send the error reports. */
export const CLIENT_REPORTS_SYNC_TAG = 'client-reports';
