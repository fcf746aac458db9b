// A write the tab was sending when it closed, sent again by the service worker with the same key
// while the first is still on its way (issue 28): the copy gets the first's answer, the Cancel
// queued behind it is sent with the real booking's id, and the server ends with the class
// cancelled. In the scale-out run the two copies reach different processes.
import type { Page } from '@playwright/test';
import { test, expect, goOffline, waitForServiceWorker, DEMO } from './fixtures';
import { MemberApi, countVisits } from './support/studio';
import { isInLateCancelWindow } from '../core/rules/session';

/** The ops waiting in the device's outbox, oldest first. */
function queuedOps(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('member-pwa');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const read = open.result.transaction('outbox').objectStore('outbox').getAll();
          read.onsuccess = () => {
            open.result.close();
            resolve((read.result as { op: string }[]).map((entry) => entry.op));
          };
        };
      }),
  );
}

test('offline Book then Cancel; back online the tab closes while sending the Book, the service worker sends it again, and the server ends with the booking cancelled', { tag: '@two-processes' }, async ({ page, context, loginPage, baseURL }) => {
  // The worker's sync is the browser's to schedule: on a loaded machine it has taken most of a minute.
  test.setTimeout(120_000);
  const alex = await MemberApi.signIn(baseURL!, DEMO.alex.email);
  const now = new Date();
  const free = (await alex.sessions('Wellington')).find(
    (s) => s.visit === null && !s.cancelled && !s.full && Date.parse(s.booking_open_date) < now.getTime() && Date.parse(s.start_date) > now.getTime() + 24 * 3_600_000 && !isInLateCancelWindow(s, now),
  );
  await alex.close();
  expect(free, 'a bookable class at Wellington a day ahead').toBeDefined();
  const id = free!.id;

  await loginPage.signInAs(DEMO.alex);
  await waitForServiceWorker(page);
  await page.goto(`/classes/${id}`);
  await expect(page.locator('[data-action="book"]')).toBeVisible();

  await goOffline(context);
  await page.locator('[data-action="book"]').click();
  await expect(page.getByTestId('waiting-to-sync')).toBeVisible();
  await page.locator('[data-action="cancel"]').click();
  await expect.poll(() => queuedOps(page)).toEqual(['booking.book', 'booking.cancel']);
  expect(await countVisits(id, DEMO.alex.email)).toBe(0);

  // A second page of the same browser to reach the service worker once the app's tab is gone.
  const helper = await context.newPage();
  const cdp = await context.newCDPSession(helper);
  const registration = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const found = (registrations as { scopeURL: string; isDeleted: boolean; registrationId: string }[]).find((r) => r.scopeURL.startsWith(baseURL!) && !r.isDeleted);
      if (found) resolve(found.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');

  // Back online: the tab's Book reaches the server, but its answer never reaches the tab, which
  // closes; the worker's copy of the Book (and everything after it) goes through.
  let tabSent!: () => void;
  const tabSending = new Promise<void>((resolve) => (tabSent = resolve));
  const tabsBook: Promise<unknown>[] = [];
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  await context.route(`**/api/v1/sessions/${id}/book`, async (route) => {
    if (route.request().serviceWorker()) return route.continue();
    tabsBook.push(route.fetch().catch(() => undefined));
    tabSent();
    // Never answered: the tab is closed while it waits.
  });
  await context.setOffline(false);
  await tabSending;
  await page.close();

  await cdp.send('ServiceWorker.dispatchSyncEvent', { origin: new URL(baseURL!).origin, registrationId: await registration, tag: 'outbox', lastChance: false });
  await expect.poll(() => countVisits(id, DEMO.alex.email, 'cancelled'), { timeout: 20_000 }).toBe(1);
  await Promise.all(tabsBook);
  expect(await countVisits(id, DEMO.alex.email)).toBe(1);
  expect(await countVisits(id, DEMO.alex.email, 'booked')).toBe(0);

  // The app opened again has nothing left to send and offers Book.
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  await helper.goto(`/classes/${id}`);
  await expect(helper.locator('[data-action="book"]')).toBeVisible();
  await expect(helper.getByTestId('waiting-to-sync')).toHaveCount(0);
  expect(await queuedOps(helper)).toEqual([]);
});
