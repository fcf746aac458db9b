// What the browser benchmarks share: Chromium's flags and profile, the median and signing in as Alex.
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { chromiumPath } from '../e2e/chromium';

/** Chromium without background work that would add noise to the timings. */
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];

/**
 * The member's browser: Chromium with a profile on disk in `dir`, as a phone keeps one. A context of
 * its own (browser.newContext) is off the record, its IndexedDB and Cache Storage held in memory;
 * the app's repeat visit read 62–88 ms slower there, both kinds in one browser, visits in turn
 * (decisions.md#bench-profile). Lighthouse's runs use such a profile too.
 */
export function memberBrowser(dir: string, options: LaunchPersistentOptions): Promise<BrowserContext> {
  return chromium.launchPersistentContext(join(dir, 'profile'), { executablePath: chromiumPath(), ...options, args: [...CHROMIUM_ARGS, ...(options.args ?? [])] });
}

/** What a profile's launch takes: the context's options, and the browser's own (more flags, its environment). */
type LaunchPersistentOptions = NonNullable<Parameters<typeof chromium.launchPersistentContext>[1]>;

/**
 * How long a bench waits after filling IndexedDB with thousands of rows in one transaction before it
 * times anything: the profile on disk then works on the fill for some seconds, and the week switch
 * read 60–520 ms in them (18–49 ms once they had passed, and after a reload too). A member's phone,
 * storing a week at a time, never does that work while the member looks (decisions.md#bench-profile).
 */
export const AFTER_BULK_FILL_MS = 8_000;

/**
 * Page-side script for init scripts: `afterFrame(set)` calls `set` with the time the main thread
 * has made the next frame (a message posted from its animation frame runs once the frame's style,
 * layout and paint are done), not rAF's own time, the frame's scheduled start, which a busy thread
 * leaves earlier than what the frame shows (decisions.md#frame-stamps).
 */
export const AFTER_FRAME = `const afterFrame = (set) => requestAnimationFrame(() => {
  const made = new MessageChannel();
  made.port1.onmessage = () => {
    set(performance.now());
    dispatchEvent(new Event('bench:stamped'));
  };
  made.port2.postMessage(null);
});`;

/**
 * Waits until the page's stamp script (AFTER_FRAME) has set `window[holder][key]`, told by its event
 * rather than by polling: Playwright's waitForFunction polls on every animation frame, so the page
 * drew a frame at each vsync while it started, work a member's page does not do. Measured on the
 * same build, visits in turn: the app's live rows 19 ms later at 1x and 45 ms later at 4x CPU with
 * that polling (decisions.md#frame-stamps).
 */
export async function untilStamped(page: Page, holder: string, key: string, timeoutMs: number): Promise<void> {
  // A string, not a function: the bench runs under tsx, whose helpers are not in the page.
  const stamped = `window[${JSON.stringify(holder)}]?.[${JSON.stringify(key)}] !== undefined`;
  await page.evaluate(`new Promise((resolve, reject) => {
    if (${stamped}) return resolve();
    const timer = setTimeout(() => reject(new Error(${JSON.stringify(`${holder}.${key} was not stamped within ${timeoutMs} ms`)})), ${timeoutMs});
    const check = () => {
      if (!(${stamped})) return;
      clearTimeout(timer);
      removeEventListener('bench:stamped', check);
      resolve();
    };
    addEventListener('bench:stamped', check);
  })`);
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/** The median of repeated runs with their spread, as a bench line prints them. */
export function summarise(values: number[]): { value: number; min: number; max: number } {
  return { value: median(values), min: Math.min(...values), max: Math.max(...values) };
}

/** Signs in as the demo member and waits for the timetable, the landing screen. */
export async function signIn(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByLabel(/email/i).fill('demo@example.com');
  await page.getByLabel(/password/i).fill('demo1234');
  await page.getByRole('button', { name: /sign in/i }).click();
  await page.waitForURL(/\/classes$/);
  await page.getByTestId('timetable').waitFor();
}

/** How many rows one of the app's IndexedDB stores holds now. */
export function countStore(page: Page, store: string): Promise<number> {
  return page.evaluate(async (name) => {
    const request = indexedDB.open('member-pwa');
    const db = await new Promise<IDBDatabase>((resolve) => (request.onsuccess = () => resolve(request.result)));
    const count = await new Promise<number>((resolve) => {
      const c = db.transaction(name).objectStore(name).count();
      c.onsuccess = () => resolve(c.result);
    });
    db.close();
    return count;
  }, store);
}

/** Waits until one of the app's IndexedDB stores is empty (the outbox after a replay). */
export async function waitForEmptyStore(page: Page, store: string): Promise<void> {
  while ((await countStore(page, store)) > 0) await page.waitForTimeout(20);
}
