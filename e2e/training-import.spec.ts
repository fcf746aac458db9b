import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { sql } from 'kysely';
import { test, expect, expectAccessible, goOffline, goOnline, waitForServiceWorker, DEMO } from './fixtures';
import { firstLink, newestMailTo } from './support/mailbox';
import { adminPost, countOf, withDatabase } from './support/studio';

/** The member's workouts at Harbour Strength on the server, and how many distinct import keys they carry. */
async function serverLog(email: string): Promise<{ workouts: number; keys: number }> {
  const where = sql`FROM workouts w JOIN members_profiles p ON p.id = w.profile_id JOIN orgs o ON o.id = w.org_id WHERE p.email = ${email} AND o.name = 'Harbour Strength'`;
  const workouts = await countOf(sql<{ n: number }>`SELECT COUNT(*) AS n ${where}`);
  const keys = await countOf(sql<{ n: number }>`SELECT COUNT(DISTINCT w.import_key) AS n ${where}`);
  return { workouts, keys };
}

/** A new member invited to Wellington signs up from the emailed link (as in auth.spec.ts). */
async function signUpFreshMember(page: Page, baseURL: string, email: string): Promise<void> {
  const facilityId = await withDatabase(async (db) => (await db.selectFrom('facilities').select('id').where('name', '=', 'Wellington').executeTakeFirstOrThrow()).id);
  const since = Date.now();
  expect((await adminPost(baseURL, '/invitations', { facility_id: facilityId, email })).status).toBe(201);
  let mail: string | undefined;
  await expect.poll(async () => (mail = await newestMailTo(email, since))).toBeDefined();
  await page.goto(new URL(firstLink(mail!)!).pathname);
  await page.getByLabel('First name').fill('Robin');
  await page.getByLabel('Last name').fill('Import');
  await page.getByRole('textbox', { name: 'Password' }).fill('a long new password');
  await page.getByLabel('I accept the studio’s terms and privacy policy.').check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/classes/);
}

async function chooseFile(page: Page, csv: Buffer): Promise<void> {
  await page.getByTestId('import-file').setInputFiles({ name: 'training-log.csv', mimeType: 'text/csv', buffer: csv });
}

test.describe('training log export and import', () => {
  test('a CSV export imported into a fresh member', async ({ page, loginPage, browser, baseURL }) => {
    test.slow();
    // Alex exports the whole log as CSV.
    await loginPage.signInAs(DEMO.alex);
    await page.goto('/training');
    await expect(page.getByTestId('workout-row').first()).toBeVisible();
    await page.getByTestId('training-export').click();
    const alexCount = (await serverLog(DEMO.alex.email)).workouts;
    await expect(page.getByTestId('export-status')).toHaveText(`Your whole log: ${alexCount} workouts.`);
    await expectAccessible(page);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
    expect(download.suggestedFilename()).toMatch(/^training-log-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await download.path())!);
    const text = csv.toString('utf8');
    expect(text.split(/\r?\n/)[0]).toBe('type,date,name,movement,set,reps,weight,weight_units,height,height_units,distance,distance_units,rep_scheme,notes,scoring,score_time,score_rounds,score_repetitions,score_distance,score_load,score_load_units,score_calories,score_tabata,score_total,as_prescribed,workout');
    await expect(page.getByTestId('export-done')).toHaveText(`Exported ${alexCount} workouts.`);

    // A fresh member, on another device, imports it.
    const context = await browser.newContext({ baseURL });
    const fresh = await context.newPage();
    const email = `robin-import-${Date.now()}@example.com`;
    await signUpFreshMember(fresh, baseURL!, email);
    await waitForServiceWorker(fresh);
    await fresh.goto('/training');
    await expect(fresh.getByRole('heading', { name: 'Training log' })).toBeVisible();
    await expect(fresh.getByTestId('workout-row')).toHaveCount(0);
    await fresh.getByTestId('training-import').click();
    await expect(fresh.getByRole('heading', { name: 'Import workouts' })).toBeVisible();

    await chooseFile(fresh, csv);
    // The mapping preview: our own columns are recognised, and the first workouts are shown.
    await expect(fresh.getByLabel('Date', { exact: true })).toHaveValue('date');
    await expect(fresh.getByLabel('Exercise', { exact: true })).toHaveValue('movement');
    await expect(fresh.getByLabel('Reps', { exact: true })).toHaveValue('reps');
    await expect(fresh.getByLabel('Weight unit', { exact: true })).toHaveValue('weight_units');
    await expect(fresh.getByTestId('import-preview').locator('tbody tr').first()).toBeVisible();
    await expect(fresh.getByTestId('import-unknown')).toHaveCount(0);
    await expect(fresh.getByTestId('import-problems')).toHaveCount(0);
    const summary = fresh.getByTestId('import-summary');
    await expect(summary).toHaveText(/^\d+ workouts to import\.$/);
    const planned = Number(/^(\d+)/.exec((await summary.textContent())!)![1]);
    expect(planned).toBeGreaterThan(0);
    // Every workout of the log comes back as one workout.
    expect(planned).toBe(alexCount);
    // The preview on a 320 px phone, light and dark: nothing scrolls sideways (the table scrolls in its own region).
    await fresh.setViewportSize({ width: 320, height: 800 });
    for (const colorScheme of ['light', 'dark'] as const) {
      await fresh.emulateMedia({ colorScheme });
      expect(await fresh.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
      await expectAccessible(fresh);
    }

    // Imported offline: queued in the outbox, shown at once, sent on reconnect, each once.
    await goOffline(context);
    await fresh.getByTestId('import-submit').click();
    await expect(fresh.getByTestId('import-result')).toContainText(`Imported ${planned} workouts.`);
    await fresh.getByRole('link', { name: 'See the log' }).click();
    await expect(fresh.getByTestId('workout-row').first()).toBeVisible();
    expect((await serverLog(email)).workouts).toBe(0);
    await goOnline(context);
    await expect.poll(() => serverLog(email), { timeout: 30_000 }).toEqual({ workouts: planned, keys: planned });

    // The same file again adds nothing, on the device and on the server.
    await fresh.getByTestId('training-import').click();
    await chooseFile(fresh, csv);
    await expect(fresh.getByTestId('import-summary')).toHaveText(`0 workouts to import. ${planned} already imported, skipped.`);
    await expect(fresh.getByTestId('import-submit')).toBeDisabled();
    expect((await serverLog(email)).workouts).toBe(planned);
    await fresh.goto('/training/export');
    await expect(fresh.getByTestId('export-status')).toHaveText(`Your whole log: ${planned} workouts.`);
    await context.close();
  });
});

test.describe('import from another tracker’s share sheet', () => {
  test('a Strong CSV shared to the app opens the import with it, offline: the 12-hour dates read, the warm-up left out; imported, it reaches the server once back online', async ({ page, context, loginPage }) => {
    await loginPage.signInAs(DEMO.alex);
    await waitForServiceWorker(page);
    // The member has opened the training log before: the movements are on the device.
    await page.goto('/training');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Training log');
    await expect.poll(() => page.evaluate(() => new Promise<number>((resolve) => {
      const open = indexedDB.open('member-pwa');
      open.onsuccess = () => {
        const count = open.result.transaction('movements').objectStore('movements').count();
        count.onsuccess = () => resolve(count.result);
      };
    }))).toBeGreaterThan(0);
    const before = await serverLog(DEMO.alex.email);
    // Strong's export today: a 12-hour clock with U+202F before PM, "W" for a warm-up set.
    const strong = [
      'Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE',
      '2024-03-05 6:12:40\u202fPM,Evening,45m,Deadlift,W,60,5,0,0,,,',
      '2024-03-05 6:12:40\u202fPM,Evening,45m,Deadlift,1,140,3,0,0,,,',
      '2024-03-05 6:12:40\u202fPM,Evening,45m,Deadlift,2,150,2,0,0,,,',
    ].join('\n');

    await goOffline(context);
    // What the system does when the member picks the app in Strong's share sheet: a POST of the file
    // to the manifest's share_target, which the service worker answers.
    await page.evaluate((text) => {
      const form = Object.assign(document.createElement('form'), { method: 'POST', action: '/share/import', enctype: 'multipart/form-data' });
      const input = Object.assign(document.createElement('input'), { type: 'file', name: 'file' });
      const files = new DataTransfer();
      files.items.add(new File([text], 'strong_workouts.csv', { type: 'text/csv' }));
      input.files = files.files;
      form.append(input);
      document.body.append(form);
      form.submit();
    }, strong);
    await expect(page).toHaveURL(/\/training\/import$/);
    await expect(page.getByTestId('import-shared')).toHaveText('Opened from strong_workouts.csv, shared from another app.');
    await expect(page.getByTestId('import-summary')).toHaveText('1 workout to import.');
    await expect(page.getByTestId('import-warmups')).toHaveText('1 warm-up set left out: warm-ups are not records.');
    await expect(page.getByTestId('import-preview')).toContainText('Deadlift');
    await expectAccessible(page);
    await page.getByTestId('import-submit').click();
    await expect(page.getByText('Imported 1 workout.')).toBeVisible();
    // A reload does not find the shared file again.
    await page.reload();
    await expect(page.getByTestId('import-shared')).toHaveCount(0);

    await goOnline(context);
    await expect.poll(() => serverLog(DEMO.alex.email)).toEqual({ workouts: before.workouts + 1, keys: before.keys + 1 });
  });
});
