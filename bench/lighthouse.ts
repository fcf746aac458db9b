// Lighthouse (mobile: Moto G class device, slow 4G and 4x CPU) on the built app in Debian's Chromium:
// /login signed out, and /classes signed in as a cold load (the member's cookie and IndexedDB kept,
// no service worker, no Cache Storage, no HTTP cache). The reference, in the same run: the static
// page public/speed-reference.html. Each page twice: with Lighthouse's default simulated throttling
// (its model of the slow phone, worked out from an unthrottled load) and with the throttling
// applied (the CPU really slowed 4x and the network really throttled, then measured). Scores below
// their budgets fail npm run bench, the model's and the applied runs' alike. Performance is audited
// on its own, and accessibility and best practices once per page, where no performance run follows:
// their audit runs axe in the page, and the next audit's navigation began by tearing that page down
// on the main thread, a 70–100 ms task the model counted 4 times over. That task, not the app, was
// why the model's total blocking time of one build had ranged 300–900 ms between consecutive runs
// (decisions.md#lighthouse-alone). A second reference for /classes, in turn with it: the floor
// page (bench/floor), the mandated stack alone showing the same rows after a static first paint,
// loaded as cold: what any app on this stack that paints before its code runs is counted.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext } from '@playwright/test';
import lighthouse, { type Flags } from 'lighthouse';
import { startServer } from '../server/app';
import type { BenchLine } from './bundle';
import { memberBrowser, signIn, summarise } from './browser';
import { freePort } from '../tests/support/services';
import { buildFloor, FLOOR } from './floor/build';

export const LIGHTHOUSE_BUDGETS = { performance: 95, accessibility: 100, 'best-practices': 100 } as const;
/** Issue 30 asks more of the sign-in screen, which shows no member data: performance ≥ 97. */
const LOGIN_PERFORMANCE_BUDGET = 97;
/** Issue 30 asks for the median and range of at least 7 runs. */
const RUNS = 7;
type Category = keyof typeof LIGHTHOUSE_BUDGETS;
const PERFORMANCE: Category[] = ['performance'];
const OTHER_CATEGORIES: Category[] = ['accessibility', 'best-practices'];

interface Audit {
  scores: Partial<Record<Category, number>>;
  lcp: number;
  tbt: number;
  fcp: number;
  cls: number;
  failing: string[];
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART, NO_FCP): such a run is tried again. */
/** Lighthouse's default (a model) or the throttling really applied. */
type Throttling = 'simulate' | 'devtools';
const THROTTLINGS: Throttling[] = ['simulate', 'devtools'];

async function audit(url: string, port: number, keepStorage: boolean, throttling: Throttling, categories = PERFORMANCE, attempts = 3): Promise<Audit> {
  try {
    return await auditOnce(url, port, keepStorage, throttling, categories);
  } catch (error) {
    if (attempts <= 1 || !/NO_NAVSTART|NO_FCP|trace/i.test(String(error))) throw error;
    console.log(`  Lighthouse run on ${url} failed (${String(error)}), trying again`);
    return audit(url, port, keepStorage, throttling, categories, attempts - 1);
  }
}

async function auditOnce(url: string, port: number, keepStorage: boolean, throttling: Throttling, categoriesAsked: Category[]): Promise<Audit> {
  const flags: Flags = { port, output: 'json', logLevel: 'error', onlyCategories: [...categoriesAsked], disableStorageReset: keepStorage, formFactor: 'mobile', throttlingMethod: throttling };
  const result = await lighthouse(url, flags);
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories, audits } = result.lhr;
  if (result.lhr.runtimeError) throw new Error(`Lighthouse: ${result.lhr.runtimeError.message}`);
  // A signed-in page that sent Lighthouse to the login screen would score the wrong page.
  if (new URL(result.lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) throw new Error(`Lighthouse ended on ${result.lhr.finalDisplayedUrl}, not ${url}`);
  const scores: Audit['scores'] = Object.fromEntries(categoriesAsked.map((id) => [id, Math.round((categories[id]?.score ?? 0) * 100)]));
  // What kept a category below 100, so a failing run says why.
  const failing = categoriesAsked.flatMap((id) =>
    (categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${id}: ${ref.id} (${audits[ref.id]?.displayValue ?? audits[ref.id]?.score})`),
  );
  const metric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  return { scores, lcp: metric('largest-contentful-paint'), tbt: metric('total-blocking-time'), fcp: metric('first-contentful-paint'), cls: metric('cumulative-layout-shift'), failing };
}

/** No service worker, no caches: what a phone that never opened the app on this device fetches. */
async function forgetCaches(context: BrowserContext, origin: string): Promise<void> {
  const page = await context.newPage();
  await page.goto(new URL('/speed-reference.html', origin).href);
  await page.evaluate(async () => {
    for (const registration of await navigator.serviceWorker.getRegistrations()) await registration.unregister();
    for (const key of await caches.keys()) await caches.delete(key);
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'service_workers,cache_storage' });
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
  await page.close();
}

/** The performance runs of a page: the score and its timings. */
function performanceLines(page: string, results: Audit[], reference: Audit[], budget: number, floor?: Audit[]): BenchLine[] {
  const runs = results.length;
  const of = (pick: (audit: Audit) => number, from = results) => summarise(from.map(pick));
  const out: BenchLine[] = [
    {
      name: `Lighthouse mobile ${page}: performance`,
      unit: 'score',
      ...of((audit) => audit.scores.performance ?? 0),
      runs,
      budget,
      higherIsBetter: true,
      enforced: true,
    },
    { name: `Lighthouse mobile ${page}: LCP`, unit: 'ms', ...of((audit) => audit.lcp), runs, reference: { name: 'static page', value: of((audit) => audit.lcp, reference).value } },
    { name: `Lighthouse mobile ${page}: FCP`, unit: 'ms', ...of((audit) => audit.fcp), runs, reference: { name: 'static page', value: of((audit) => audit.fcp, reference).value } },
    { name: `Lighthouse mobile ${page}: TBT`, unit: 'ms', ...of((audit) => audit.tbt), runs, ...(floor && { reference: { name: 'the mandated stack alone (floor)', value: of((audit) => audit.tbt, floor).value } }) },
    { name: `Lighthouse mobile ${page}: CLS`, unit: '', ...of((audit) => audit.cls), runs },
  ];
  if (floor) {
    const stack = `Lighthouse mobile ${page}, the mandated stack alone (floor)`;
    out.push(
      { name: `${stack}: performance`, unit: 'score', ...of((audit) => audit.scores.performance ?? 0, floor), runs },
      { name: `${stack}: LCP`, unit: 'ms', ...of((audit) => audit.lcp, floor), runs, reference: { name: 'static page', value: of((audit) => audit.lcp, reference).value } },
      { name: `${stack}: TBT`, unit: 'ms', ...of((audit) => audit.tbt, floor), runs },
    );
  }
  printFailing(page, results);
  return out;
}

/** Accessibility and best practices: one run of each page, both enforced. */
function otherLines(page: string, result: Audit): BenchLine[] {
  printFailing(page, [result]);
  return OTHER_CATEGORIES.map((id) => ({ name: `Lighthouse mobile ${page}: ${id}`, unit: 'score', value: result.scores[id] ?? 0, runs: 1, budget: LIGHTHOUSE_BUDGETS[id], higherIsBetter: true, enforced: true }));
}

function printFailing(page: string, results: Audit[]): void {
  for (const finding of new Set(results.flatMap((result) => result.failing))) console.log(`  ${page} below 100 — ${finding}`);
}

/** The demo studio's zone, the member's phone's too. */
const ZONE = 'Pacific/Auckland';

export async function lighthouseReport(): Promise<BenchLine[]> {
  await buildFloor();
  const dir = mkdtempSync(join(tmpdir(), 'bench-lighthouse-'));
  const server = await startServer({ port: 0, databaseFile: join(dir, 'bench.sqlite'), seedDemo: true, distDir: 'dist' });
  const port = await freePort();
  // Lighthouse drives the browser's default context, so the member signs in there too.
  const context = await memberBrowser(dir, {
    args: [`--remote-debugging-port=${port}`],
    baseURL: server.url,
    locale: 'en-US',
    timezoneId: ZONE,
    // The pages Lighthouse opens itself are not emulated: without the browser's own zone they ran
    // in UTC, so after 11:00 UTC the screen saved on Auckland's day was never shown ("another
    // day"), and the largest paint became the live screen's (2.7 s instead of 0.8 s).
    env: { ...process.env, TZ: ZONE },
  });
  try {
    const at = (path: string) => new URL(path, server.url).href;
    const origin = new URL(server.url).origin;
    const named = (throttling: Throttling) => (throttling === 'simulate' ? '' : ', throttling applied');
    const out: BenchLine[] = [];
    const references = new Map<Throttling, Audit[]>();
    // /login's other categories first, on the fresh profile, and a run of the reference page
    // (not counted) to take the teardown of the page axe ran in.
    const loginOthers = await audit(at('/login'), port, false, 'simulate', OTHER_CATEGORIES);
    await audit(at('/speed-reference.html'), port, false, 'simulate');
    for (const throttling of THROTTLINGS) {
      const reference: Audit[] = [];
      const login: Audit[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        reference.push(await audit(at('/speed-reference.html'), port, false, throttling));
        login.push(await audit(at('/login'), port, false, throttling));
      }
      references.set(throttling, reference);
      out.push(...performanceLines(`/login${named(throttling)}`, login, reference, LOGIN_PERFORMANCE_BUDGET));
    }
    const page = context.pages()[0] ?? (await context.newPage());
    await signIn(page);
    for (const throttling of THROTTLINGS) {
      const classes: Audit[] = [];
      const floor: Audit[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        await forgetCaches(context, origin);
        classes.push(await audit(at('/classes'), port, true, throttling));
        await forgetCaches(context, origin);
        floor.push(await audit(at(FLOOR), port, true, throttling));
      }
      out.push(...performanceLines(`/classes (signed in, cold${named(throttling)})`, classes, references.get(throttling)!, LIGHTHOUSE_BUDGETS.performance, floor));
    }
    // /classes's other categories last: no performance run follows.
    await forgetCaches(context, origin);
    out.push(...otherLines('/classes (signed in, cold)', await audit(at('/classes'), port, true, 'simulate', OTHER_CATEGORIES)));
    out.push(...otherLines('/login', loginOthers));
    return out;
  } finally {
    await context.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
