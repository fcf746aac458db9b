// The training log with thousands of workouts in IndexedDB, measured in Debian's Chromium against
// the built app and the real server:
//  - open: tap "Training log" in the menu (first from the profile after a page load, then back
//    and forth with Lifts) until the log's rows are painted (Dexie
//    query over the organisation's log, grouping by year and day, virtualised render);
//  - filter: type a name into the log's filter until the matching rows are painted.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { startServer } from '../server/app';
import type { StoredWorkout } from '../src/data/db';
import type { BenchLine } from './bundle';
import { AFTER_BULK_FILL_MS, countStore, median, memberBrowser, signIn, summarise } from './browser';

export const LOG_SIZE = 5_000;
export const LOG_BUDGET_MS = 100;
const RUNS = 9;
const PAUSE_MS = 300;

/** Clones the member's logged workouts into LOG_SIZE rows, one or two a day going back in time. */
async function fillLog(page: Page): Promise<number> {
  await page.evaluate(async (count) => {
    const open = () => {
      const request = indexedDB.open('member-pwa');
      return new Promise<IDBDatabase>((resolve, reject) => {
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
    };
    const db = await open();
    const templates = await new Promise<StoredWorkout[]>((resolve) => {
      const all = db.transaction('workouts').objectStore('workouts').getAll();
      all.onsuccess = () => resolve(all.result as StoredWorkout[]);
    });
    const tx = db.transaction('workouts', 'readwrite');
    const store = tx.objectStore('workouts');
    const now = Date.now();
    for (let i = 0; i < count; i += 1) {
      const template = templates[i % templates.length]!;
      const completed = new Date(now - (i / 2) * 86_400_000 - 3_600_000).toISOString();
      store.put({ ...template, id: 7_000_000 + i, name: `${template.name} ${i}`, completed_at: completed, created_at: completed, updated_at: completed });
    }
    await new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
    db.close();
  }, LOG_SIZE);
  return countStore(page, 'workouts');
}

/** Clicks a link and resolves with the time until `ready` holds for the painted page. */
function timeUntil(page: Page, click: string, ready: string, argument = ''): Promise<number> {
  return page.evaluate(
    ({ click, ready, argument }) =>
      new Promise<number>((resolve) => {
        const holds = new Function('argument', ready) as (argument: string) => boolean;
        const started = performance.now();
        const observer = new MutationObserver(() => {
          if (holds(argument)) {
            observer.disconnect();
            requestAnimationFrame(() => resolve(performance.now() - started));
          }
        });
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
        (document.querySelector(click) as HTMLElement).click();
      }),
    { click, ready, argument },
  );
}

export async function trainingLogReport(): Promise<BenchLine[]> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-training-'));
  const server = await startServer({ port: 0, databaseFile: join(dir, 'bench.sqlite'), seedDemo: true, distDir: 'dist' });
  const context = await memberBrowser(dir, { baseURL: server.url, locale: 'en-US', timezoneId: 'Pacific/Auckland', viewport: { width: 1280, height: 900 } });
  try {
    // tsx keeps function names with a __name helper that page.evaluate bodies do not carry.
    await context.addInitScript({ content: 'globalThis.__name = (f) => f;' });
    const page = await context.newPage();
    await signIn(page);
    await page.goto('/training');
    await page.getByTestId('workout-row').first().waitFor();
    // The server knows none of the cloned workouts: keep its answers out so a refresh cannot
    // prune them mid-measurement (as on a phone with no signal).
    await context.route('**/api/v1/workouts**', (route) => route.abort());
    const total = await fillLog(page);
    await page.waitForTimeout(AFTER_BULK_FILL_MS);
    await page.goto('/training/lifts');
    await page.getByTestId('menu-training').waitFor();

    const rowsPainted = 'return document.querySelectorAll(\'[data-testid="workout-row"]\').length > 5;';
    // First open after a page load: nothing in memory, the log comes from IndexedDB.
    const firstOpens: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      // The profile page reads no workouts, so the log is not in memory yet.
      await page.goto('/profile');
      await page.getByTestId('menu-training').waitFor();
      await page.waitForTimeout(PAUSE_MS);
      firstOpens.push(await timeUntil(page, '[data-testid="menu-training"]', rowsPainted));
    }
    // The physical limit of a first open: the newest 20 rows read straight from IndexedDB.
    const rawReads: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      rawReads.push(
        await page.evaluate(async () => {
          const started = performance.now();
          const request = indexedDB.open('member-pwa');
          const db = await new Promise<IDBDatabase>((resolve) => (request.onsuccess = () => resolve(request.result)));
          const index = db.transaction('workouts').objectStore('workouts').index('[org_id+completed_at]');
          await new Promise<void>((resolve) => {
            let read = 0;
            const cursor = index.openCursor(null, 'prev');
            cursor.onsuccess = () => {
              read += 1;
              if (cursor.result && read < 20) cursor.result.continue();
              else resolve();
            };
          });
          db.close();
          return performance.now() - started;
        }),
      );
    }
    // Back and forth between Lifts and the log, as a member does.
    const reopens: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      await page.getByTestId('menu-lifts').click();
      await page.waitForURL(/\/training\/lifts$/);
      await page.waitForTimeout(PAUSE_MS);
      reopens.push(await timeUntil(page, '[data-testid="menu-training"]', rowsPainted));
      await page.waitForTimeout(PAUSE_MS);
    }

    await page.goto('/training');
    await page.getByTestId('workout-row').first().waitFor();
    const search = page.getByRole('searchbox');
    const filters: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      const query = String(2000 + i * 37);
      await search.fill('');
      await page.waitForTimeout(PAUSE_MS);
      filters.push(
        await page.evaluate(
          (query) =>
            new Promise<number>((resolve) => {
              const input = document.querySelector('input[type="search"]') as HTMLInputElement;
              const started = performance.now();
              const observer = new MutationObserver(() => {
                const rows = [...document.querySelectorAll('[data-testid="workout-row"]')];
                if (rows.length > 0 && rows.every((row) => row.textContent?.includes(query))) {
                  observer.disconnect();
                  requestAnimationFrame(() => resolve(performance.now() - started));
                }
              });
              observer.observe(document.body, { childList: true, subtree: true, characterData: true });
              const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
              setValue.call(input, query);
              input.dispatchEvent(new Event('input', { bubbles: true }));
            }),
          query,
        ),
      );
    }
    return [
      { name: `training log: first open after load, ${total} workouts in Dexie`, unit: 'ms', ...summarise(firstOpens), runs: RUNS, reference: { name: 'newest 20 rows straight from IndexedDB', value: median(rawReads) }, budget: LOG_BUDGET_MS },
      { name: `training log: open again from the menu, ${total} workouts`, unit: 'ms', ...summarise(reopens), runs: RUNS, budget: LOG_BUDGET_MS },
      { name: `training log: filter by name, ${total} workouts`, unit: 'ms', ...summarise(filters), runs: RUNS, budget: LOG_BUDGET_MS },
    ];
  } finally {
    await context.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
