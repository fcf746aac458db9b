// A repeat visit from the home screen, offline, with the service worker warm: navigation start until
// class rows are painted, against a static page served by the same service worker in the same run
// (public/speed-reference.html, the physical limit). Two moments of the app are timed:
//  - first rows: any class row on screen, which is the last known screen painted from localStorage
//    before any module runs (src/app/snapshot) when the device has one;
//  - live rows: rows React rendered from IndexedDB (inside #root), the screen the member can use.
// Each at no throttle and at 4x CPU throttle (a mid-range phone). One timing fails the bench: the
// live rows against the floor below, measured in the same run (LIVE_OVER_FLOOR_BUDGET); the others
// print, with issue 30's target for the live rows against the static page.
// A second reference, the floor of any live screen on the app's mandated stack: bench/floor, React,
// React Router, Dexie and i18next alone showing the same rows from the same IndexedDB, served
// offline by its own worker with the same precache library.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext } from '@playwright/test';
import { startServer } from '../server/app';
import { goOffline } from '../e2e/support/network';
import type { BenchLine } from './bundle';
import { AFTER_FRAME, memberBrowser, signIn, summarise, untilStamped } from './browser';
import { buildFloor, FLOOR } from './floor/build';

export const REPEAT_VISIT_RATIO_BUDGET = 1.5;
/** Issue 30's target for the live rows against the static page: printed, not met (decisions.md#live-floor). */
export const LIVE_ROWS_TARGET = 3;
/**
 * What the app adds to its mandated stack, enforced: the live rows within 3.5x the floor's, a ratio
 * of two pages timed in turn in the same run, so it holds on a slower or busier machine. Full runs
 * since the floor was added read 1.6–2.5x at 1x and 2.2–2.9x at 4x (the 4x medians swing most);
 * the margin is for that swing, the budget for a regression of a third or more.
 */
export const LIVE_OVER_FLOOR_BUDGET = 3.5;
const RUNS = 11;

interface Visit {
  firstRow: number;
  liveRow: number;
  /** The browser's first contentful paint (the splash's logo when no screen was saved). */
  firstPaint: number;
  networkAttempts: number;
  /** The page's own code starts (member:boot: the app's main module, or the floor's, runs). */
  boot: number;
}

/**
 * Stamps (ms since navigation start) the frame that first shows a class row and the frame that first
 * shows a row React rendered: the moment the main thread has made that frame (AFTER_FRAME). Not
 * rAF's own time: when the thread was busy as the frame came due (a parse, a long render) that time
 * is earlier than the rows themselves, by 10–60 ms, more on a busier page (decisions.md#frame-stamps).
 * The static page's stamp reads 9–12 ms under its first contentful paint, the saved screen's
 * 12–19 ms: the frame's presentation comes after.
 */
const STAMP_ROWS = `
  (() => {
    const stamps = (window.__rows = {});
    ${AFTER_FRAME}
    const frame = (key) => afterFrame((at) => (stamps[key] = at));
    let first = false;
    const observer = new MutationObserver(() => {
      if (!first && document.querySelector('.session-row')) {
        first = true;
        frame('first');
      }
      if (document.querySelector('#root .session-row, body > main .session-row')) {
        frame('live');
        observer.disconnect();
      }
    });
    observer.observe(document, { childList: true, subtree: true });
  })();
`;

async function visit(context: BrowserContext, path: string, throttle: number, withoutSavedScreen = false): Promise<Visit> {
  const page = await context.newPage();
  // index.html on its own: what the document paints before the app runs, with no saved screen.
  if (withoutSavedScreen) await page.addInitScript(() => localStorage.removeItem('member-pwa:last-screen'));
  let networkAttempts = 0;
  page.on('requestfailed', () => (networkAttempts += 1));
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  await page.goto(path);
  await untilStamped(page, '__rows', 'live', 30_000);
  // The paint's entry is queued after its frame: a page whose rows come in its first frame (the
  // static reference) may not have it yet when they are seen.
  await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, null, { timeout: 2_000 }).catch(() => undefined);
  const stamps = await page.evaluate(() => ({
    ...(window as unknown as { __rows: { first: number; live: number } }).__rows,
    paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
    boot: performance.getEntriesByName('member:boot')[0]?.startTime ?? Number.NaN,
  }));
  // Leave time for the app to save its last known screen, as a member's session would.
  await page.waitForTimeout(300);
  await cdp.detach();
  await page.close({ runBeforeUnload: true });
  return { firstRow: stamps.first, liveRow: stamps.live, firstPaint: stamps.paint, boot: stamps.boot, networkAttempts };
}

export async function repeatVisitReport(): Promise<BenchLine[]> {
  await buildFloor();
  const dir = mkdtempSync(join(tmpdir(), 'bench-repeat-'));
  const server = await startServer({ port: 0, databaseFile: join(dir, 'bench.sqlite'), seedDemo: true, distDir: 'dist' });
  const context = await memberBrowser(dir, { baseURL: server.url, locale: 'en-US', timezoneId: 'Pacific/Auckland', serviceWorkers: 'allow' });
  try {
    await context.addInitScript({ content: STAMP_ROWS });
    const page = await context.newPage();
    await signIn(page);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }));
      }
    });
    // Once online, as after an install: the app has read this week's classes.
    await page.waitForTimeout(1_000);
    // The floor page once online too: its worker installs and keeps it.
    await page.goto(FLOOR);
    await page.waitForFunction(async () => (await navigator.serviceWorker.getRegistrations()).some((r) => r.scope.endsWith('/bench-floor/') && r.active?.state === 'activated'), null, { timeout: 20_000 });
    // A navigation its worker answers: the registration is found for a new page too.
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller?.scriptURL.endsWith('/bench-floor/sw.js'), null, { timeout: 20_000 });
    await page.close();
    await goOffline(context);

    const lines: BenchLine[] = [];
    for (const throttle of [1, 4]) {
      const app: Visit[] = [];
      const reference: Visit[] = [];
      const bare: Visit[] = [];
      const floor: Visit[] = [];
      // A first visit each, not timed: the service workers and the app's caches wake up.
      await visit(context, '/speed-reference.html', throttle);
      await visit(context, FLOOR, throttle);
      await visit(context, '/classes', throttle);
      for (let i = 0; i < RUNS; i += 1) {
        reference.push(await visit(context, '/speed-reference.html', throttle));
        floor.push(await visit(context, FLOOR, throttle));
        app.push(await visit(context, '/classes', throttle));
        bare.push(await visit(context, '/classes', throttle, true));
      }
      const ref = summarise(reference.map((v) => v.firstRow));
      const stack = summarise(floor.map((v) => v.liveRow));
      const live = summarise(app.map((v) => v.liveRow));
      const cpu = throttle === 1 ? '' : `, ${throttle}x CPU`;
      lines.push(
        { name: `repeat visit offline${cpu}: first class rows painted`, unit: 'ms', ...summarise(app.map((v) => v.firstRow)), runs: RUNS, reference: { name: 'static page, same service worker', value: ref.value }, budget: ref.value * REPEAT_VISIT_RATIO_BUDGET },
        { name: `repeat visit offline${cpu}: live rows from IndexedDB`, unit: 'ms', ...live, runs: RUNS, reference: { name: 'static page, same service worker', value: ref.value }, budget: ref.value * LIVE_ROWS_TARGET },
        { name: `repeat visit offline${cpu}: live rows, the mandated stack alone (floor)`, unit: 'ms', ...stack, runs: RUNS, reference: { name: 'static page, same service worker', value: ref.value } },
        { name: `repeat visit offline${cpu}: live rows from IndexedDB, the app`, unit: 'ms', ...live, runs: RUNS, reference: { name: 'the mandated stack alone', value: stack.value }, budget: stack.value * LIVE_OVER_FLOOR_BUDGET, enforced: true },
        // Where the live rows' time goes, against the floor's same two parts: until the page's own
        // code runs (the shell's modules fetched, compiled and run; the app's wait for the saved
        // screen's paint first), then until its first live row (strings, IndexedDB, first render).
        { name: `repeat visit offline${cpu}: the app's code runs (member:boot)`, unit: 'ms', ...summarise(app.map((v) => v.boot)), runs: RUNS, reference: { name: 'the mandated stack alone', value: summarise(floor.map((v) => v.boot)).value } },
        { name: `repeat visit offline${cpu}: from its code running to live rows`, unit: 'ms', ...summarise(app.map((v) => v.liveRow - v.boot)), runs: RUNS, reference: { name: 'the mandated stack alone', value: summarise(floor.map((v) => v.liveRow - v.boot)).value } },
        // What the saved screen's paint, before any module, costs the live rows.
        { name: `repeat visit offline${cpu}: live rows with no saved screen (splash)`, unit: 'ms', ...summarise(bare.map((v) => v.liveRow)), runs: RUNS, reference: { name: 'static page, same service worker', value: ref.value } },
        // The floor of this document: its own first paint with nothing saved (the splash).
        { name: `repeat visit offline${cpu}: first paint with a saved screen`, unit: 'ms', ...summarise(app.map((v) => v.firstPaint)), runs: RUNS, reference: { name: 'index.html alone (splash, no saved screen)', value: summarise(bare.map((v) => v.firstPaint)).value } },
        { name: `repeat visit offline${cpu}: first paint of index.html alone (splash)`, unit: 'ms', ...summarise(bare.map((v) => v.firstPaint)), runs: RUNS, reference: { name: 'static page first paint', value: summarise(reference.map((v) => v.firstPaint)).value } },
      );
      if (throttle === 1) {
        lines.push({ name: 'repeat visit offline: requests that tried the network', unit: 'requests', ...summarise(app.map((v) => v.networkAttempts)), runs: RUNS, budget: 0 });
      }
    }
    return lines;
  } finally {
    await context.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
