/// <reference lib="webworker" />
// The floor page's service worker: the same precache library as the app's (sw/sw.ts), nothing else.
import { precacheAndRoute } from 'workbox-precaching';

declare const self: ServiceWorkerGlobalScope;

precacheAndRoute(self.__WB_MANIFEST);
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
