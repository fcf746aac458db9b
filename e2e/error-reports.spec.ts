// Error reports from a member's phone (issue 29): a screen that throws offline shows the error
// screen (never a blank page), its report survives a reload, reaches the server once when the
// connection returns, and staff read it with `npm run admin -- errors`, its frame mapped back to the
// source file and line. A flood of errors leaves the device's store bounded and the server answering.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { sql } from 'kysely';
import { test, expect, goOffline, goOnline, waitForServiceWorker, DEMO } from './fixtures';
import { withDatabase } from './support/studio';
import { E2E_ADMIN_TOKEN } from './support/admin-token';

const run = promisify(execFile);

interface StoredReport {
  id: string;
  kind: string;
  route: string;
  fingerprint: string;
  count: number;
  message: string;
}

/** The reports waiting on the device (IndexedDB, the app's own store). */
function storedReports(page: Page): Promise<StoredReport[]> {
  return page.evaluate(
    () =>
      new Promise<StoredReport[]>((resolve, reject) => {
        const open = indexedDB.open('member-pwa');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const read = db.transaction('clientErrors').objectStore('clientErrors').getAll();
          read.onsuccess = () => {
            db.close();
            resolve(read.result as StoredReport[]);
          };
          read.onerror = () => reject(read.error);
        };
      }),
  );
}

/** `npm run admin -- <args>` against this journey's studio. */
async function admin(baseURL: string, ...args: string[]): Promise<string> {
  const { stdout } = await run('node_modules/.bin/tsx', ['server/features/admin/cli.ts', ...args], {
    env: { ...process.env, ADMIN_URL: baseURL, ADMIN_TOKEN: E2E_ADMIN_TOKEN },
  });
  return stdout;
}

test.describe('error reports', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a screen that throws offline shows the error screen, its report survives a reload and reaches the server once, mapped to its source', async ({ page, context, loginPage, baseURL }) => {
    await loginPage.signInAs(DEMO.alex);
    await waitForServiceWorker(page);
    const row = page.getByTestId('session-row').first();
    await expect(row).toBeVisible();
    const id = Number(await row.getAttribute('data-session-id'));
    expect(id).toBeGreaterThan(0);

    await goOffline(context);
    // A row the device stored went bad (as an older version or a broken write could leave it): its
    // list of instructors holds a null. The timetable already shown is not read again; the class page reads it.
    await page.evaluate(
      (sessionId) =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('member-pwa');
          open.onsuccess = () => {
            const tx = open.result.transaction('sessions', 'readwrite');
            const store = tx.objectStore('sessions');
            const get = store.get(sessionId);
            get.onsuccess = () => store.put({ ...get.result, instructors: [null] });
            tx.oncomplete = () => {
              open.result.close();
              resolve();
            };
            tx.onerror = () => reject(tx.error);
          };
        }),
      id,
    );
    await row.click();
    await expect(page).toHaveURL(new RegExp(`/classes/${id}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to the timetable' })).toBeVisible();
    // The shell stays around the error screen: the member is not left on a blank page.
    await expect(page.getByTestId('profile-link')).toBeVisible();

    // Stored on the device, scrubbed, under the route's template.
    await expect.poll(async () => (await storedReports(page)).filter((report) => report.kind === 'render').length, { timeout: 15_000 }).toBe(1);
    const [stored] = (await storedReports(page)).filter((report) => report.kind === 'render');
    expect(stored!.route).toBe('/classes/:id');
    expect(JSON.stringify(stored)).not.toContain(DEMO.alex.email);

    // It survives a reload (offline: the service worker serves the app), the repeat counted.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible();
    await expect.poll(async () => (await storedReports(page)).find((report) => report.fingerprint === stored!.fingerprint)?.count ?? 0, { timeout: 15_000 }).toBe(2);
    expect(await withDatabase(async (db) => (await sql`select fingerprint from error_groups`.execute(db)).rows)).toHaveLength(0);

    // Back online it is sent and acknowledged: the device forgets it, the server holds it once.
    await goOnline(context);
    await expect.poll(async () => (await storedReports(page)).length, { timeout: 20_000 }).toBe(0);
    const groups = await withDatabase(async (db) => (await sql<{ fingerprint: string; count: number | string; route: string }>`select fingerprint, count, route from error_groups where kind = 'render'`.execute(db)).rows);
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({ fingerprint: stored!.fingerprint, route: '/classes/:id' });
    expect(Number(groups[0]!.count)).toBe(2);

    // Staff read it: counted, its frames mapped back to the screen's source file and line.
    const table = await admin(baseURL!, 'errors');
    expect(table).toContain(stored!.fingerprint);
    const group = await admin(baseURL!, 'errors', stored!.fingerprint);
    expect(group).toMatch(/\bsrc\/features\/booking\/screens\/ClassOverviewTab\.tsx:\d+/);
    expect(group).toMatch(/\b2\b/);
  });

  test('a flood of 1,000 errors on one page leaves the device store bounded and the server answering', async ({ page, loginPage, baseURL }) => {
    await loginPage.signInAs(DEMO.alex);
    await page.evaluate(() => {
      const word = (n: number) => n.toString(26).replace(/\d/g, (d) => 'qrstuvwxyz'[Number(d)]!);
      // 150 different errors, thrown 1,000 times in all, none caught.
      for (let i = 0; i < 1_000; i += 1) setTimeout(() => {
        throw new Error(`flood ${word(i % 150)} broke`);
      });
    });
    // The device never holds more than 100 groups; everything it held goes out and is acknowledged.
    let most = 0;
    await expect.poll(async () => {
      const count = (await storedReports(page)).length;
      most = Math.max(most, count);
      const received = await withDatabase(async (db) => Number((await sql<{ n: number }>`select coalesce(sum(count), 0) as n from error_groups where message like '%flood%'`.execute(db)).rows[0]?.n ?? 0));
      return count === 0 && received > 0;
    }, { timeout: 30_000 }).toBe(true);
    expect(most).toBeLessThanOrEqual(100);
    const groups = await withDatabase(async (db) => (await sql<{ n: number }>`select count(*) as n from error_groups where message like '%flood%'`.execute(db)).rows[0]?.n);
    expect(Number(groups)).toBeGreaterThan(0);
    expect(Number(groups)).toBeLessThanOrEqual(150);
    // The server still answers the app: the timetable reloads from it.
    await page.reload();
    await expect(page.getByTestId('session-row').first()).toBeVisible();
    expect(await admin(baseURL!, 'errors')).toContain('flood');
  });
});
