/// <reference lib="webworker" />
// Service worker entry: precaches the app shell (every route chunk and the translation files),
// answers navigations with the cached index.html so deep links open offline, and wires the
// other concerns, one file each.
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { registerNotificationClick } from './notification-click';
import { registerOutboxSync } from './outbox-sync';
import { registerPeriodicRefresh } from './periodic-refresh';
import { registerShareTarget } from './share-target';
import { registerPush } from './push';
import { registerRestTimer } from './rest-timer';
import { registerErrorReports } from './reports';
import * as contract from '../core/contract/index';
import { configureContract } from '../src/data/api/config';

declare const self: ServiceWorkerGlobalScope;

// Pulled and pushed data is checked against the contract here too; no lazy import in a service worker.
configureContract(() => Promise.resolve(contract));

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// The API, the realtime endpoint and static files keep going to the network.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    // The sandbox gateway's pages (3-D Secure) are the bank's, not the app's.
    denylist: [/^\/api\//, /^\/realtime/, /^\/sandbox-gateway\//, /\.[a-z0-9]+$/i],
  }),
);

// The page asks before a new version takes over (the member may be mid-booking).
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

// Error reports first, so a failure in what follows is caught.
registerErrorReports(self);
// Outbox first: a notification tap queues its read and sends it with the ops registered there.
registerOutboxSync(self);
registerPush(self);
registerPeriodicRefresh(self);
registerShareTarget();
registerNotificationClick(self);
registerRestTimer(self);
