import { readFileSync } from 'node:fs';
import { test, expect, expectAccessible, goOffline, goOnline, waitForServiceWorker, DEMO } from './fixtures';

test.describe('installable and offline', () => {
  test('the built service worker is a classic script: no lazy import or import.meta reached it', () => {
    // A module the worker bundles that loads code lazily makes the worker fail to evaluate, and
    // the app silently loses its offline shell.
    const sw = readFileSync('dist/sw.js', 'utf8');
    expect(sw).not.toContain('import.meta');
    expect(sw).not.toMatch(/\bimport\(/);
  });

  test('the manifest is installable and a service worker controls the page', async ({ page, loginPage }) => {
    await loginPage.goto();
    const manifestUrl = await page.locator('link[rel=manifest]').getAttribute('href');
    const manifest = (await (await page.request.get(manifestUrl!)).json()) as Record<string, unknown> & { icons: { sizes: string; purpose?: string }[] };
    expect(manifest).toMatchObject({ short_name: 'Member', display: 'standalone', start_url: '/', scope: '/' });
    expect(manifest.theme_color).toBeTruthy();
    expect(manifest.background_color).toBeTruthy();
    for (const size of ['192x192', '512x512']) {
      expect(manifest.icons.some((i) => i.sizes === size && i.purpose === 'maskable')).toBe(true);
      expect(manifest.icons.some((i) => i.sizes === size && (i.purpose ?? 'any') === 'any')).toBe(true);
    }
    await waitForServiceWorker(page);
    expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  });

  test('after one visit, a reload with the network cut still shows the shell and the member', async ({ page, context, loginPage, shell }) => {
    await loginPage.signInAs(DEMO.alex);
    await waitForServiceWorker(page);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Profile');

    await goOffline(context);
    // The server is unreachable for the page and for the service worker alike.
    expect(await page.evaluate(() => fetch('/api/v1/timezones', { headers: { 'X-App-Id': 'member-pwa' } }).then(() => 'reached', () => 'cut'))).toBe('cut');
    await page.reload();
    await expect(shell.profileLink).toContainText('Alex');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Profile');
    await expect(page.getByText('Alex Rivera')).toBeVisible();
    await expect(page.getByTestId('offline-banner')).toBeVisible();
    // A deep link never visited before opens from the precached shell too.
    await page.goto('/settings');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings');
    await expectAccessible(page);
    await goOnline(context);
  });
});
