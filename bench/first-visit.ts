// A new member's first visit on a phone network, with Chromium's throttling really applied (150 ms
// round trips, 10 Mbit/s down, 750 kbit/s up, 4x CPU): nothing on the device, no service worker, no
// HTTP cache. Two figures (docs/decisions.md#first-visit), each against a reference in the same run:
// - the sign-in form painted, from the page being asked for, against the static reference page's
//   first paint (public/speed-reference.html) on the same network;
// - from the tap on "Sign in" (after four seconds of typing) to the timetable's rows painted, against
//   the two requests the rows cannot do without, the sign-in's answer and then the week's, sent one
//   after the other from a fresh page on the same network.
// Timings only print: the machine is shared and noisy.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { startServer } from '../server/app';
import { chromiumPath } from '../e2e/chromium';
import { APP_ID } from '../src/data/api/client';
import type { BenchLine } from './bundle';
import { AFTER_FRAME, CHROMIUM_ARGS, summarise, untilStamped } from './browser';

const RUNS = 7;
// An email and a password typed on a phone. (A tap about 3 s after the page loaded meets the
// chunks the app loads then, and its rows come ~0.6 s later: decisions.md#first-visit.)
const TYPING_MS = 4_000;
const EMAIL = 'demo@example.com';
const PASSWORD = 'demo1234';

/** Stamps (page clock) when the sign-in form and, after the tap on "Sign in", the first class row are painted. */
const STAMP = `(() => {
  const s = (window.__firstVisit = {});
  // Once the main thread has made the frame that shows it.
  ${AFTER_FRAME}
  addEventListener('click', (event) => { if (event.target instanceof Element && event.target.closest('button[type=submit]')) s.tap = performance.now(); }, true);
  const watch = new MutationObserver(() => {
    if (s.form === undefined && s.formSeen === undefined && document.querySelector('#root input[type=email]')) { s.formSeen = true; afterFrame((at) => (s.form = at)); }
    if (s.tap !== undefined && s.rowsSeen === undefined && document.querySelector('#root .session-row')) { s.rowsSeen = true; afterFrame((at) => (s.rows = at)); watch.disconnect(); }
  });
  watch.observe(document, { childList: true, subtree: true });
})();`;

interface Stamps {
  form?: number;
  tap?: number;
  rows?: number;
}

async function phone(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (10 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return page;
}

/** What the app asked for: the week's URL and the facility it chose. */
interface Asked {
  week: string;
  facilityGuid: string;
}

/** The app: the form painted, then the tap on "Sign in" to the rows, and what it asked for. */
async function firstVisit(context: BrowserContext): Promise<{ form: number; tapToRows: number; asked: Asked }> {
  const page = await phone(context);
  await page.goto('/login');
  await untilStamped(page, '__firstVisit', 'form', 60_000);
  await page.getByLabel(/email/i).fill(EMAIL);
  await page.getByLabel(/password/i).fill(PASSWORD);
  await page.waitForTimeout(TYPING_MS);
  await page.getByRole('button', { name: /sign in/i }).click();
  await untilStamped(page, '__firstVisit', 'rows', 60_000);
  const stamps = await page.evaluate(() => (window as unknown as { __firstVisit: Stamps }).__firstVisit);
  const asked = await page.evaluate(async () => {
    const week = performance.getEntriesByType('resource').map((entry) => entry.name).find((url) => new URL(url).pathname === '/api/v1/sessions')!;
    const open = indexedDB.open('member-pwa');
    const db = await new Promise<IDBDatabase>((resolve) => (open.onsuccess = () => resolve(open.result)));
    const auth = await new Promise<{ facilityGuid: string }>((resolve) => {
      const read = db.transaction('meta').objectStore('meta').get('auth');
      read.onsuccess = () => resolve(read.result as { facilityGuid: string });
    });
    db.close();
    return { week, facilityGuid: auth.facilityGuid };
  });
  return { form: stamps.form!, tapToRows: stamps.rows! - stamps.tap!, asked };
}

/** The references, in a fresh page of their own: the static page's first paint, then the sign-in's and the week's requests one after the other. */
async function references(context: BrowserContext, asked: Asked): Promise<{ paint: number; twoRequests: number }> {
  const page = await phone(context);
  await page.goto('/speed-reference.html');
  return page.evaluate(
    async ({ appId, email, password, week, facilityGuid }) => {
      let paint: PerformanceEntry | undefined;
      while (!(paint = performance.getEntriesByName('first-contentful-paint')[0])) await new Promise((resolve) => setTimeout(resolve, 20));
      const started = performance.now();
      await (await fetch('/api/v1/authentication', { method: 'POST', headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'X-App-Id': appId }, body: JSON.stringify({ email, password }) })).text();
      await (await fetch(week, { headers: { Accept: 'application/json', 'X-App-Id': appId, 'X-Facility-Id': facilityGuid } })).text();
      return { paint: paint.startTime, twoRequests: performance.now() - started };
    },
    { appId: APP_ID, email: EMAIL, password: PASSWORD, ...asked },
  );
}

/** `distDir`: the build to measure (another one to compare builds). */
export async function firstVisitReport(distDir = 'dist'): Promise<BenchLine[]> {
  const dir = mkdtempSync(join(tmpdir(), 'first-visit-'));
  const server = await startServer({ port: 0, databaseFile: join(dir, 'bench.sqlite'), seedDemo: true, distDir });
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  try {
    const visits: Awaited<ReturnType<typeof firstVisit>>[] = [];
    const refs: Awaited<ReturnType<typeof references>>[] = [];
    // A fresh context each time: nothing on the device, no service worker. The two in turn, so drift hits both.
    const fresh = async <T>(run: (context: BrowserContext) => Promise<T>): Promise<T> => {
      const context = await browser.newContext({ baseURL: server.url, locale: 'en-US', timezoneId: 'Pacific/Auckland', viewport: { width: 390, height: 844 } });
      await context.addInitScript({ content: STAMP });
      try {
        return await run(context);
      } finally {
        await context.close();
      }
    };
    for (let i = 0; i < RUNS; i++) {
      const visit = await fresh(firstVisit);
      visits.push(visit);
      refs.push(await fresh((context) => references(context, visit.asked)));
    }
    return [
      { name: 'first visit, phone network: sign-in form painted', unit: 'ms', ...summarise(visits.map((v) => v.form)), runs: RUNS, reference: { name: 'static page first paint', value: summarise(refs.map((r) => r.paint)).value } },
      { name: 'first visit, phone network: tap on Sign in to the timetable rows', unit: 'ms', ...summarise(visits.map((v) => v.tapToRows)), runs: RUNS, reference: { name: 'the sign-in and the week, one after the other', value: summarise(refs.map((r) => r.twoRequests)).value } },
    ];
  } finally {
    await browser.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
