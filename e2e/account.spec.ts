import { test, expect, expectAccessible, goOffline, goOnline, waitForServiceWorker, DEMO } from './fixtures';
import { withDatabase } from './support/studio';

test.describe('account', () => {
  test('Alex sees the membership in force with the visits it was used for, the pass that ended, the passes switch, invoices and the shop, and all of it offline', async ({ page, context, loginPage }) => {
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

    // The invoices and the cart are on the device too once seen.
    const { invoices, used } = await withDatabase(async (db) => {
      const alex = await db.selectFrom('members_profiles').select('id').where('email', '=', DEMO.alex.email).executeTakeFirstOrThrow();
      const harbour = await db.selectFrom('orgs').select('id').where('name', '=', 'Harbour Strength').executeTakeFirstOrThrow();
      const membership = await db.selectFrom('memberships').select('id').where('profile_id', '=', alex.id).where('org_id', '=', harbour.id).where('name', '=', 'Unlimited Membership').executeTakeFirstOrThrow();
      return {
        invoices: (await db.selectFrom('invoices').select('id').where('profile_id', '=', alex.id).where('org_id', '=', harbour.id).execute()).length,
        used: (await db.selectFrom('visit_charges').select('id').where('membership_id', '=', membership.id).execute()).length,
      };
    });
    await page.goto('/account/invoices');
    await expect(invoices > 0 ? page.getByTestId('invoice') : page.getByText('No invoices yet.')).toHaveCount(invoices > 0 ? invoices : 1);
    await page.goto('/checkout');
    await expect(page.getByTestId('product').first()).toBeVisible();

    await goOffline(context);
    await page.goto('/account');
    const membership = page.getByTestId('current').getByTestId('membership');
    await expect(membership).toContainText('Unlimited Membership');
    // What the membership was used for, counted by the server: every visit charged to it.
    if (used > 0) await expect(membership).toContainText(`${used} visit${used === 1 ? '' : 's'} used`);
    else await expect(membership).not.toContainText('used');
    await page.goto('/account/passes');
    await page.getByRole('radio', { name: 'All', exact: true }).check();
    await expect(page.getByTestId('passes').getByTestId('pass')).toContainText('Intro 5-Visit Pass');
    await page.goto('/account/invoices');
    await expect(page.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();
    if (invoices > 0) await expect(page.getByTestId('invoice')).toHaveCount(invoices);
    await page.goto('/checkout');
    await expect(page.getByTestId('product').filter({ hasText: '10-Visit Pass' })).toBeVisible();
    await goOnline(context);
  });
});

test.describe('account on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('an ended pass says it ended once, with when: under Past, with no second “Ended” beside it', async ({ page, loginPage }) => {
    await loginPage.signInAs(DEMO.alex);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Account' }).click();
    const past = page.getByRole('region', { name: 'Past' });
    const pass = past.getByTestId('pass').filter({ hasText: 'Intro 5-Visit Pass' });
    await expect(pass).toContainText(/Ended \d/);
    const everywhere = async () => (await page.locator('main').innerText()).match(/\bEnded\b/g)?.length ?? 0;
    const endedRows = await past.getByTestId('pass').or(past.getByTestId('membership')).filter({ hasText: /Ended \d/ }).count();
    expect(await everywhere()).toBe(endedRows);

    await page.getByRole('link', { name: 'All passes' }).click();
    await page.getByRole('radio', { name: 'All', exact: true }).check();
    const listed = page.getByTestId('passes').getByTestId('pass').filter({ hasText: 'Intro 5-Visit Pass' });
    await expect(listed).toContainText(/Ended \d/);
    expect((await listed.innerText()).match(/\bEnded\b/g)).toHaveLength(1);
  });
});
