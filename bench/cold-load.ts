// Initial JS as a cold load of /classes really fetches it: a signed-in member, no service worker,
// no Cache Storage, no HTTP cache. Every JS request the page makes before the first class row
// shows (entry, modulepreloads, dynamic imports) counts, gzip-compressed here with zlib, whatever
// encoding the server chose. Shared by e2e/budget.spec.ts (fails above budget) and npm run bench.
import { gzipSync } from 'node:zlib';
import type { BrowserContext, Page, Request } from '@playwright/test';
import type { BenchLine } from './bundle';

// Issue 30's target, met (159.8 KB in 5 files since what the first screen does not need left it:
// the outbox's replay and queue, the pulls, the API client, the sign-in calls, the bell's panel, a
// toast's and the sync indicator's code, the service worker's registration and the theme's
// listener, docs/decisions.md#replay-chunk, #pulls-after-rows, #first-paint-only; 168.1 KB in 6
// files since the timetable's dates are formatted without date-fns' format and TZDate,
// docs/decisions.md#zoned-clock; 178.0 KB in 31 files before the shell's and the timetable's
// modules were one chunk each, scripts/vite-first-load.ts#firstPaintChunks), so nothing can grow
// it. The mandated libraries alone are about 126 KB of it (docs/decisions.md#speed). The JS that
// index.html names (148.2 KB since React Router's production build, 149.0 before) keeps a budget of 150 KB.
export const INITIAL_JS_BUDGET_KB = 160;
export const SHELL_JS_BUDGET_KB = 150;

export interface ColdLoad {
  kb: number;
  files: { url: string; kb: number }[];
}

const isJs = (request: Request) => /\.m?js$/.test(new URL(request.url()).pathname);

/** `context` must hold a signed-in member (its cookie and Dexie auth row); opens and closes a page. */
export async function measureColdClassesLoad(context: BrowserContext, origin: string): Promise<ColdLoad> {
  const warm = await context.newPage();
  await warm.goto(new URL('/classes', origin).href);
  const cdp = await context.newCDPSession(warm);
  await warm.evaluate(async () => {
    for (const registration of await navigator.serviceWorker.getRegistrations()) await registration.unregister();
    for (const key of await caches.keys()) await caches.delete(key);
  });
  await cdp.send('Storage.clearDataForOrigin', { origin: new URL(origin).origin, storageTypes: 'service_workers,cache_storage' });
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
  await warm.close();

  const page: Page = await context.newPage();
  const pageCdp = await context.newCDPSession(page);
  await pageCdp.send('Network.enable');
  await pageCdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  // The moment the first row is in the DOM, stamped by the page itself (epoch ms), so a request
  // the page starts after it does not count even if Playwright notices the row a little later.
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      if (!document.querySelector('[data-testid=session-row]')) return;
      (window as unknown as { firstRowAt: number }).firstRowAt = performance.timeOrigin + performance.now();
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  });
  const requested: Request[] = [];
  page.on('request', (request) => {
    if (isJs(request) && !request.serviceWorker()) requested.push(request);
  });
  await page.goto(new URL('/classes', origin).href);
  await page.locator('[data-testid=session-row]').first().waitFor();
  const firstRowAt = await page.evaluate(() => (window as unknown as { firstRowAt: number }).firstRowAt);
  const responses = await Promise.all(requested.map(async (request) => {
    const response = await request.response();
    if (!response) throw new Error(`No response for ${request.url()}`);
    return { request, body: await response.body() };
  }));
  const files = responses
    .filter(({ request }) => request.timing().startTime <= firstRowAt)
    .map(({ request, body }) => ({ url: new URL(request.url()).pathname, kb: gzipSync(body).length / 1024 }));
  await page.close();
  return { kb: files.reduce((sum, file) => sum + file.kb, 0), files };
}

/** Signs in as the demo member in `page` (the cookie and the Dexie auth row then stay in its context). */
export async function signInDemo(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByLabel(/email/i).fill('demo@example.com');
  await page.getByLabel(/password/i).fill('demo1234');
  await page.getByRole('button', { name: /sign in/i }).click();
  await page.waitForURL(/\/classes$/);
  await page.locator('[data-testid=session-row]').first().waitFor();
}

/** npm run bench: the same measurement against the built app on a throwaway, seeded database. */
export async function coldLoadReport(): Promise<BenchLine[]> {
  const { mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const { chromium } = await import('@playwright/test');
  const { startServer } = await import('../server/app');
  const { chromiumPath } = await import('../e2e/chromium');
  const { CHROMIUM_ARGS } = await import('./browser');
  const dir = mkdtempSync(join(tmpdir(), 'bench-cold-'));
  const server = await startServer({ port: 0, databaseFile: join(dir, 'bench.sqlite'), seedDemo: true, distDir: 'dist' });
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ baseURL: server.url, locale: 'en-US', timezoneId: 'Pacific/Auckland' });
    await signInDemo(await context.newPage());
    const load = await measureColdClassesLoad(context, server.url);
    return [{ name: `initial JS, gzip, cold /classes (${load.files.length} files)`, value: load.kb, unit: 'KB', budget: INITIAL_JS_BUDGET_KB, enforced: true }];
  } finally {
    await browser.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
