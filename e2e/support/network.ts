// Cutting the network as a basement does, for the journeys (e2e/fixtures.ts) and the benches that
// time the app offline (bench/repeat-visit.ts, bench/outbox-replay.ts). Playwright's setOffline
// alone cuts the pages' requests but not the service worker's own (its sync, its updates, the API
// requests it passes on): those still reached the server.
import type { BrowserContext } from '@playwright/test';

/** Cuts the network for the pages AND their service worker. */
export async function goOffline(context: BrowserContext): Promise<void> {
  await context.setOffline(true);
  await context.route('**/*', (route) => route.abort('internetdisconnected'));
}

export async function goOnline(context: BrowserContext): Promise<void> {
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  await context.setOffline(false);
}
