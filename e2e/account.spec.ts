import { test, expect, expectAccessible, goOffline, goOnline, waitForServiceWorker, DEMO } from './fixtures';

test.describe('account', () => {
  test('Alex sees the membership in force and the pass that ended, the passes switch, and all of it offline', async ({ page, context, loginPage }) => {
    await loginPage.signInAs(DEMO.alex);
    await waitForServiceWorker(page);
    await page.goto('/account');
    const current = page.getByTestId('current');
    await expect(current.getByTestId('membership')).toContainText('Unlimited Membership');
    await expect(current.getByTestId('membership')).toContainText(/Unlimited visits, until /);
    await expect(current.getByTestId('membership')).toContainText('Also pays for Personal Training');
    await expect(page.getByTestId('ended').getByTestId('pass')).toContainText('Intro 5-Visit Pass');
    await expect(page.getByTestId('ended').getByTestId('pass')).toContainText(/Ended /);
    await expectAccessible(page);

    await page.getByRole('link', { name: 'All passes' }).click();
    await expect(page).toHaveURL(/\/account\/passes$/);
    await expect(page.getByText('No active passes.')).toBeVisible();
    await page.getByRole('radio', { name: 'All', exact: true }).check();
    await expect(page.getByTestId('passes').getByTestId('pass')).toContainText('Intro 5-Visit Pass');
    await expectAccessible(page);

    await goOffline(context);
    await page.goto('/account');
    await expect(page.getByTestId('current').getByTestId('membership')).toContainText('Unlimited Membership');
    await goOnline(context);
  });
});
