import type { BrowserContext, Page, Worker } from '@playwright/test';
import { test, expect, expectAccessible, goOffline, goOnline, waitForServiceWorker, DEMO } from './fixtures';

const TAG = 'rest-timer';

/**
 * Headless Chromium never reports a page as hidden: a second page brought to the front, a
 * minimised window and turning focus emulation off all leave document.visibilityState and the
 * worker's WindowClient.visibilityState at 'visible' (checked on Chromium 156). So the page is told
 * it is hidden the way a locked screen tells it: visibilityState reads 'hidden' and
 * visibilitychange fires. The app's answer to the worker reads the same property.
 */
async function setHidden(page: Page, hidden: boolean): Promise<void> {
  await page.evaluate((isHidden) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (isHidden ? 'hidden' : 'visible') });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => isHidden });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
}

/** The titles of the rest timer notifications the service worker shows now. */
function shownTitles(page: Page): Promise<string[]> {
  return page.evaluate(async (tag) => (await (await navigator.serviceWorker.ready).getNotifications({ tag })).map((n) => n.title), TAG);
}

async function closeShown(page: Page): Promise<void> {
  await page.evaluate(async (tag) => {
    for (const n of await (await navigator.serviceWorker.ready).getNotifications({ tag })) n.close();
  }, TAG);
}

/**
 * Brings the running rest's end to `seconds` from now, as the stored end time (the timer's truth:
 * the page counts down from it and hands it to the worker), then reloads so the page reads it
 * (the app's live queries see only its own writes) and fills the form in again. The shortest rest
 * a member can set is 15 s; the journeys wait 3 s for each end instead.
 */
async function endRestIn(page: Page, seconds: number): Promise<void> {
  // Skip shows once the started rest is stored: the tick of "Set n done" writes it a moment later.
  await expect(page.getByTestId('rest-skip')).toBeVisible();
  await page.evaluate(
    (ms) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('member-pwa');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const idb = open.result;
          const store = idb.transaction('restTimers', 'readwrite').objectStore('restTimers');
          const read = store.get('current');
          read.onsuccess = () => {
            if (!read.result) return reject(new Error('no rest timer running'));
            store.put({ ...read.result, endAt: Date.now() + ms });
          };
          store.transaction.oncomplete = () => {
            idb.close();
            resolve();
          };
        };
      }),
    seconds * 1000,
  );
  await page.reload();
  await startLift(page);
  await expect(page.getByTestId('rest-timer-clock')).toHaveText(new RegExp(`^0:0[0-${seconds}]$`));
}

async function serviceWorker(context: BrowserContext): Promise<Worker> {
  return context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
}

/** The training log pulls the movement catalogue; then the form. */
async function openNewLift(page: Page): Promise<void> {
  await page.goto('/training');
  await expect(page.getByTestId('workout-row').first()).toBeVisible();
  await page.goto('/training/workouts/new/lift');
  await expect(page.getByTestId('lift-movement').locator('option', { hasText: 'Back Squat' })).toHaveCount(1);
}

async function startLift(page: Page): Promise<void> {
  await page.getByTestId('lift-movement').selectOption({ label: 'Back Squat' });
  await page.getByTestId('lift-scheme').fill('3x5');
  await expect(page.getByTestId('set-row')).toHaveCount(3);
}

test.describe('rest timer', () => {
  test('rest timer with the page hidden: the service worker notifies at the end, offline too, and the timer survives a reload', { tag: '@system-notification' }, async ({ page, context, loginPage, baseURL }) => {
    await context.grantPermissions(['notifications'], { origin: baseURL });
    await loginPage.signInAs(DEMO.alex);
    await waitForServiceWorker(page);
    await openNewLift(page);
    await startLift(page);
    const timer = page.getByTestId('rest-timer');
    const clock = page.getByTestId('rest-timer-clock');
    await expect(clock).toHaveText('1:30');
    // The member shortens the preset to the least there is.
    for (let i = 0; i < 5; i += 1) await page.getByTestId('rest-less').click();
    await expect(clock).toHaveText('0:15');
    await expectAccessible(page);

    await page.getByRole('checkbox', { name: 'Set 1 done' }).check();
    await expect(timer).toContainText('Rest · Back Squat');
    await expect(page.getByTestId('rest-timer-announcement')).toHaveText(/Rest started: 0:1\d/);
    await expect(page.getByTestId('rest-skip')).toBeVisible();
    await expectAccessible(page);
    // The end time is stored: a reload finds the timer still running.
    await page.reload();
    await expect(page.getByTestId('rest-skip')).toBeVisible();
    await startLift(page);

    await endRestIn(page, 3);
    await setHidden(page, true);
    await expect.poll(() => shownTitles(page), { timeout: 30_000 }).toEqual(['Rest over']);
    await setHidden(page, false);
    await expect(timer).toContainText('Rest over');

    // A tap brings the window forward as it is: the unsaved form stays.
    const worker = await serviceWorker(context);
    await worker.evaluate(async (tag) => {
      const scope = self as unknown as { registration: ServiceWorkerRegistration; NotificationEvent: new (type: string, init: { notification: Notification }) => Event };
      const [shown] = await scope.registration.getNotifications({ tag });
      if (!shown) throw new Error('no rest notification');
      self.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification: shown }));
    }, TAG);
    await expect.poll(() => shownTitles(page)).toEqual([]);
    await expect(page).toHaveURL(/\/training\/workouts\/new\/lift$/);
    await expect(page.getByTestId('set-row')).toHaveCount(3);
    await page.getByTestId('rest-dismiss').click();

    // Offline: nothing of it needs the network.
    await goOffline(context);
    await page.getByRole('checkbox', { name: 'Set 2 done' }).check();
    await expect(page.getByTestId('rest-skip')).toBeVisible();
    await endRestIn(page, 3);
    await setHidden(page, true);
    await expect.poll(() => shownTitles(page), { timeout: 30_000 }).toEqual(['Rest over']);
    await closeShown(page);
    await setHidden(page, false);

    // On screen at the end: the page shows it, the worker stays quiet.
    await page.getByRole('checkbox', { name: 'Set 3 done' }).check();
    await expect(page.getByTestId('rest-skip')).toBeVisible();
    await endRestIn(page, 3);
    await expect(timer).toContainText('Rest over');
    await expect(page.getByTestId('rest-timer-announcement')).toHaveText('Rest over');
    await page.waitForTimeout(2_000);
    expect(await shownTitles(page)).toEqual([]);
    await expectAccessible(page);
    await goOnline(context);
  });

  test('skipping the rest cancels the notification', { tag: '@system-notification' }, async ({ page, context, loginPage, baseURL }) => {
    await context.grantPermissions(['notifications'], { origin: baseURL });
    await loginPage.signInAs(DEMO.alex);
    await waitForServiceWorker(page);
    await openNewLift(page);
    await startLift(page);
    for (let i = 0; i < 5; i += 1) await page.getByTestId('rest-less').click();
    await page.getByRole('checkbox', { name: 'Set 1 done' }).check();
    await endRestIn(page, 3);
    // Hidden, the worker is told the end; on screen again and skipped, it is told to forget it.
    await setHidden(page, true);
    await setHidden(page, false);
    await page.getByTestId('rest-skip').click();
    await expect(page.getByTestId('rest-timer-clock')).toHaveText('0:15');
    await setHidden(page, true);
    // Past the end the worker was given, nothing was shown.
    await page.waitForTimeout(5_000);
    expect(await shownTitles(page)).toEqual([]);
  });
});
