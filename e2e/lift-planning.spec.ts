import type { Page } from '@playwright/test';
import { sql } from 'kysely';
import { test, expect, expectAccessible, goOffline, goOnline, waitForServiceWorker, DEMO } from './fixtures';
import { withDatabase } from './support/studio';

/** Alex's Front Squat history is this journey's own: the seed logs none, and a rerun starts clean. */
async function clearFrontSquats(): Promise<void> {
  await withDatabase((db) => sql`DELETE FROM workouts
    WHERE profile_id IN (SELECT id FROM members_profiles WHERE email = ${DEMO.alex.email})
      AND movement_id IN (SELECT id FROM movements WHERE name = 'Front Squat')`.execute(db));
}

async function setWeights(page: Page): Promise<string[]> {
  const inputs = page.getByTestId('set-row').getByTestId('set-weight');
  return inputs.evaluateAll((elements) => elements.map((element) => (element as HTMLInputElement).value));
}

test.describe('lift planning', () => {
  test('a lift prefilled from last time (offline), weighed from percentages, with its plates and a new record', async ({ page, context, loginPage }) => {
    await clearFrontSquats();
    await loginPage.signInAs(DEMO.alex);
    await waitForServiceWorker(page);
    await page.goto('/training');
    await expect(page.getByTestId('workout-row').first()).toBeVisible();

    // The first Front Squat: nothing to show from last time, and no record to beat.
    await page.goto('/training/workouts/new/lift');
    await page.getByTestId('lift-movement').selectOption({ label: 'Front Squat' });
    await expect(page.getByTestId('last-time')).toHaveCount(0);
    await page.getByTestId('lift-scheme').fill('3x5');
    for (const input of await page.getByTestId('set-weight').all()) await input.fill('100');
    await page.getByTestId('save-workout').click();
    await expect(page).toHaveURL(/\/training\/workouts\/lift\/-?\d+$/);
    await expect(page.getByTestId('workout-detail')).toBeVisible();

    // A new one, offline: it shows last time from the device and copies it in one tap.
    await page.goto('/training');
    await expect(page.getByTestId('workout-row').first()).toBeVisible();
    await goOffline(context);
    await page.getByRole('link', { name: 'Log a workout' }).click();
    await page.getByTestId('new-lift').click();
    await page.getByTestId('lift-movement').selectOption({ label: 'Front Squat' });
    await expect(page.getByTestId('last-time-sets')).toHaveText('3 × 5 @ 100 kg');
    await expect(page.getByTestId('last-time-next')).toContainText('3 × 5 @ 102.5 kg');
    await page.getByTestId('copy-last-time').click();
    await expect(page.getByTestId('lift-scheme')).toHaveValue('3x5');
    expect(await setWeights(page)).toEqual(['100', '100', '100']);
    await expectAccessible(page);

    // 80 % of the estimated 1RM (5 × 100 kg → 116.7 kg) is 93.3, rounded to 93 kg: Wellington has
    // no 1.25 kg plates (92.5 kg would need them), but 1 and 0.5 kg ones.
    await page.getByTestId('lift-scheme').fill('3x3 @ 80%');
    await expect(page.getByTestId('lift-percent')).toHaveText('80% of your estimated 1RM (116.7 kg) is 93 kg. Rounded to what your studio\'s plates load on a 20 kg bar.');
    expect(await setWeights(page)).toEqual(['93', '93', '93']);

    // The plates for a set, and for any weight on the chosen bar.
    await page.getByTestId('set-plates').first().click();
    await expect(page.getByTestId('plates-weight')).toHaveValue('93');
    await page.getByTestId('plates-weight').fill('100');
    await expect(page.getByRole('radio', { name: '20 kg' })).toBeChecked();
    await expect(page.getByTestId('plates-per-side').locator('li')).toHaveText(['25 kg', '15 kg']);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByTestId('plates-dialog')).toHaveCount(0);

    // The suggestion beats the 5-rep best: the save (queued offline) tells of the record.
    await page.getByTestId('use-suggestion').click();
    expect(await setWeights(page)).toEqual(['102.5', '102.5', '102.5']);
    await page.getByTestId('save-workout').click();
    await expect(page.getByTestId('workout-detail')).toBeVisible();
    await expect(page.getByTestId('record-banner')).toContainText('New record: 5 × 102.5 kg');
    await expectAccessible(page);
    await page.getByTestId('record-banner').getByRole('button', { name: 'Dismiss' }).click();
    await expect(page.getByTestId('record-banner')).toHaveCount(0);
    await goOnline(context);
    await expect(page.getByTestId('waiting-to-sync')).toHaveCount(0, { timeout: 15_000 });
  });

  test.describe('at 390 px', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('a percentage scheme weighs every set at what the studio’s own plates load, and says so', async ({ page, loginPage }) => {
      await loginPage.signInAs(DEMO.alex);
      await page.goto('/training');
      await expect(page.getByTestId('workout-row').first()).toBeVisible();
      await page.getByRole('link', { name: 'Log a workout' }).click();
      await page.getByTestId('new-lift').click();
      await page.getByTestId('lift-movement').selectOption({ label: 'Back Squat' });
      await expect(page.getByTestId('last-time')).toBeVisible();
      await page.getByTestId('lift-scheme').fill('5x3 @ 80%');
      await expect(page.getByTestId('lift-percent')).toContainText('Rounded to what your studio\'s plates load on a 20 kg bar.');
      // 80 % of 122.5 kg is 98 kg, not the 97.5 kg Wellington cannot load without 1.25 kg plates: its
      // smallest plate is 0.5 kg, a pair makes 1 kg, so every set is whole kilograms.
      const weights = (await setWeights(page)).map(Number);
      expect(weights).toHaveLength(5);
      for (const weight of weights) expect(Number.isInteger(weight), `${weight} kg`).toBe(true);
      // And the plate calculator loads it exactly.
      await page.getByRole('button', { name: 'Plates for set 1' }).click();
      await expect(page.getByTestId('plates-per-side')).toBeVisible();
      await expect(page.getByTestId('plates-left-over')).toHaveCount(0);
      await expectAccessible(page);
    });
  });
});
