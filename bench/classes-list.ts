// The timetable with 10,000 classes in IndexedDB, measured in Debian's Chromium against the built
// app and the real server:
//  - week switch: tap "Next week" until the new week's rows are on screen (Dexie range query on
//    [facility_guid+start_date] plus render);
//  - booking feedback: tap Book or Cancel on a class page until its badge changes (command
//    transaction, live query, render);
//  - live update: another tab books or cancels; time until this tab's row holds it (the other
//    tab's command, Dexie's cross-tab change event, re-query, render; same-site tabs share one
//    renderer main thread, so both tabs' work is in it).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { startServer } from '../server/app';
import type { Session } from '../core/contract/types';
import { isBookable } from '../core/rules/session';
import type { BenchLine } from './bundle';
import { AFTER_BULK_FILL_MS, countStore, memberBrowser, signIn, summarise } from './browser';

export const MIRROR_SIZE = 10_000;
export const LIST_UPDATE_BUDGET_MS = 50;
const RUNS = 9;
const LIVE_UPDATE_RUNS = 8;
const PAUSE_MS = 400;
const CLASSES_PER_DAY = 70;

/** Clones a real class row into MIRROR_SIZE classes spread over the weeks after `fromDay`. */
async function fillMirror(page: Page, template: Session, firstStart: number): Promise<void> {
  await page.evaluate(
    async ({ template, count, perDay, firstStart }) => {
      const request = indexedDB.open('member-pwa');
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const tx = db.transaction('sessions', 'readwrite');
      const store = tx.objectStore('sessions');
      for (let i = 0; i < count; i += 1) {
        const start = firstStart + Math.floor(i / perDay) * 86_400_000 + (i % perDay) * 10 * 60_000;
        store.put({
          ...template, id: 5_000_000 + i, name: `${template.name} ${i}`, visit: null,
          start_date: new Date(start).toISOString(), end_date: new Date(start + 3_600_000).toISOString(),
          booking_open_date: new Date(start - 7 * 86_400_000).toISOString(), booking_close_date: new Date(start).toISOString(),
          cancellation_close_date: new Date(start - 2 * 3_600_000).toISOString(),
        });
      }
      await new Promise<void>((resolve, reject) => {
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
      });
      db.close();
    },
    { template, count: MIRROR_SIZE, perDay: CLASSES_PER_DAY, firstStart },
  );
}

/** Clicks "Next week" and resolves with the time until rows of that week are painted. */
function timeWeekSwitch(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const label = document.querySelector('.week-nav__label')?.textContent;
        const first = document.querySelector('[data-testid="session-row"]')?.getAttribute('data-session-id');
        const started = performance.now();
        const done = () => {
          const nowLabel = document.querySelector('.week-nav__label')?.textContent;
          const nowFirst = document.querySelector('[data-testid="session-row"]')?.getAttribute('data-session-id');
          if (nowLabel !== label && nowFirst && nowFirst !== first) {
            observer.disconnect();
            requestAnimationFrame(() => resolve(performance.now() - started));
          }
        };
        const observer = new MutationObserver(done);
        observer.observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true });
        (document.querySelector('button[aria-label="Next 7 days"]') as HTMLButtonElement).click();
      }),
  );
}

export async function classesListReport(): Promise<BenchLine[]> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-classes-'));
  const server = await startServer({ port: 0, databaseFile: join(dir, 'bench.sqlite'), seedDemo: true, distDir: 'dist' });
  const context = await memberBrowser(dir, { baseURL: server.url, locale: 'en-US', timezoneId: 'Pacific/Auckland' });
  try {
    // tsx keeps function names with a __name helper that page.evaluate bodies do not carry.
    await context.addInitScript({ content: 'globalThis.__name = (f) => f;' });
    const list = await context.newPage();
    await signIn(list);
    const sessions = (await list.evaluate(async () => {
      const request = indexedDB.open('member-pwa');
      const db = await new Promise<IDBDatabase>((resolve) => (request.onsuccess = () => resolve(request.result)));
      const rows = await new Promise<Session[]>((resolve) => {
        const all = db.transaction('sessions').objectStore('sessions').getAll();
        all.onsuccess = () => resolve(all.result as Session[]);
      });
      db.close();
      return rows;
    })) as Session[];
    const now = new Date();
    // A class that can be booked and cancelled again freely, for repeated live updates.
    const bookable = sessions
      .filter((s) => isBookable(s, now) && Date.parse(s.cancellation_close_date) > now.getTime() + 3_600_000)
      .sort((a, b) => a.start_date.localeCompare(b.start_date))[0];
    if (!bookable) throw new Error('no bookable class in the mirrored week');

    // The fake classes start four weeks out, so the current week keeps its real classes.
    const firstStart = Date.now() + 28 * 86_400_000;
    await fillMirror(list, sessions[0]!, firstStart);
    const total = await countStore(list, 'sessions');
    await list.waitForTimeout(AFTER_BULK_FILL_MS);

    // The server knows none of the fake classes: keep its answers out so a refresh cannot prune
    // them mid-measurement (as on a phone with no signal).
    await context.route('**/api/v1/sessions?**', (route) => route.abort());
    const firstDay = new Date(firstStart).toISOString().slice(0, 10);
    await list.goto(`/classes?date=${firstDay}`);
    await list.getByTestId('session-row').first().waitFor();
    const switches: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      // A member looks at a week before paging on, as the app expects.
      await list.waitForTimeout(PAUSE_MS);
      switches.push(await timeWeekSwitch(list));
    }
    const rowsPerWeek = CLASSES_PER_DAY * 7;

    await context.unrouteAll({ behavior: 'wait' });

    // Live update across tabs: this tab shows the real week; the other books from the class page.
    await list.goto('/classes');
    const row = list.locator(`[data-testid="session-row"][data-session-id="${bookable.id}"]`);
    await row.waitFor();
    const other = await context.newPage();
    await other.goto(`/classes/${bookable.id}`);
    const bookButton = other.locator('button[data-action="book"]');
    await bookButton.waitFor();
    const updates: number[] = [];
    const feedback: number[] = [];
    for (let i = 0; i < LIVE_UPDATE_RUNS; i += 1) {
      const booking = i % 2 === 0;
      const seen = list.evaluate(
        ({ id, booked }) =>
          new Promise<number>((resolve) => {
            const observer = new MutationObserver(() => {
              const target = document.querySelector(`[data-testid="session-row"][data-session-id="${id}"]`);
              // When its row changes, not its next frame: this tab is behind the other, and the
              // browser holds a background tab's frames back (up to a second, in 3 runs of 8, for
              // rows that had changed 13–20 ms after the tap). A member switching to it sees them.
              if (Boolean(target?.textContent?.includes('Booked')) === booked) {
                observer.disconnect();
                resolve(performance.timeOrigin + performance.now());
              }
            });
            observer.observe(document.body, { childList: true, subtree: true, characterData: true });
          }),
        { id: bookable.id, booked: booking },
      );
      const action = booking ? 'book' : 'cancel';
      await other.locator(`button[data-action="${action}"]`).waitFor();
      const own = other.evaluate(
        (booked) =>
          new Promise<number>((resolve) => {
            const started = performance.now();
            const observer = new MutationObserver(() => {
              const shown = document.querySelector('.tab-panel .status-badges')?.textContent?.includes('Booked');
              if (Boolean(shown) === booked) {
                observer.disconnect();
                requestAnimationFrame(() => resolve(performance.now() - started));
              }
            });
            observer.observe(document.body, { childList: true, subtree: true, characterData: true });
          }),
        booking,
      );
      const clickedAt = await other.evaluate((selector) => {
        const at = performance.timeOrigin + performance.now();
        (document.querySelector(selector) as HTMLButtonElement).click();
        return at;
      }, `button[data-action="${action}"]`);
      updates.push((await seen) - clickedAt);
      feedback.push(await own);
      // Let the outbox send it before the next change.
      await other.getByTestId('waiting-to-sync').waitFor({ state: 'detached' });
    }
    return [
      { name: `classes: week switch, ${total} classes in Dexie (~${rowsPerWeek} shown)`, unit: 'ms', ...summarise(switches), runs: RUNS, budget: LIST_UPDATE_BUDGET_MS },
      { name: 'class page: tap Book/Cancel until the badge shows', unit: 'ms', ...summarise(feedback), runs: LIVE_UPDATE_RUNS, budget: LIST_UPDATE_BUDGET_MS },
      { name: 'classes: another tab follows a booking (book/cancel there)', unit: 'ms', ...summarise(updates), runs: LIVE_UPDATE_RUNS, budget: LIST_UPDATE_BUDGET_MS },
    ];
  } finally {
    await context.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
