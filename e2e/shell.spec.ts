import { test, expect, expectAccessible, goOffline, goOnline, waitForServiceWorker, DEMO } from './fixtures';
import { withDatabase } from './support/studio';

test.describe('organisations, language and screens', () => {
  test('the organisation picker switches account, hides hidden accounts and returns to /', async ({ page, loginPage, shell }) => {
    await loginPage.signInAs(DEMO.alex);
    await shell.orgPicker.click();
    await expect(page.getByRole('menuitem', { name: 'Harbour Strength' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Tallinn Movement' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Summit Climbing' })).toHaveCount(0);
    await expectAccessible(page);
    await page.getByRole('menuitem', { name: 'Tallinn Movement' }).click();
    await expect(page).toHaveURL(/\/classes$/);
    await expect(shell.subtitle).toHaveText('Tallinn Old Town');
    await shell.openMenu();
    // Tallinn Movement has the feed turned off.
    await expect(shell.menuItem('feed')).toHaveCount(0);
    await expect(shell.menuItem('bookings')).toBeVisible();
  });

  test('a member with one account sees the organisation name, not a picker', async ({ page, loginPage, shell }) => {
    await loginPage.signInAs(DEMO.kai);
    await expect(shell.orgPicker).toHaveCount(0);
    await expect(page.getByTestId('org-name')).toHaveText('Tallinn Movement');
  });

  test('changing language translates the app and is kept on the profile', async ({ page, loginPage, shell }) => {
    await loginPage.signInAs(DEMO.sam);
    await page.goto('/settings');
    await expectAccessible(page);
    await page.getByRole('combobox', { name: 'Language' }).selectOption('fr');
    await expect(shell.title).toHaveText('Paramètres');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByTestId('app-version')).toContainText('7.5.2');
    // The choice reached the server: a fresh session in a new page still speaks French.
    await expect.poll(async () => {
      const res = await page.request.get('/api/v1/profile', { headers: { 'X-App-Id': 'member-pwa' } });
      return ((await res.json()) as { locale: string }).locale;
    }).toBe('fr');
    await page.reload();
    await expect(shell.title).toHaveText('Paramètres');
  });

  test('profile, edit, facilities and a not-found page render and pass axe', async ({ page, loginPage }) => {
    await loginPage.signInAs(DEMO.alex);
    for (const [path, heading] of [
      ['/profile', 'Profile'],
      ['/profile/edit', 'Edit profile'],
      ['/profile/facilities', 'Facilities'],
      ['/bookings', 'My bookings'],
      ['/appointments/book/staff', 'Book an appointment'],
      ['/training/workouts/new', 'Log a workout'],
      ['/no/such/page', 'Page not found'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expectAccessible(page);
    }
  });

  test('editing the profile saves through the outbox and reaches the server', async ({ page, loginPage }) => {
    await loginPage.signInAs(DEMO.alex);
    await page.goto('/profile/edit');
    await page.getByLabel('Phone').fill('+64 21 555 0101');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByText('+64 21 555 0101')).toBeVisible();
    await expect.poll(async () => {
      const res = await page.request.get('/api/v1/member', { headers: { 'X-App-Id': 'member-pwa', 'X-Club-Id': await clubId(page) } });
      return ((await res.json()) as { phone: string | null }).phone;
    }).toBe('+64 21 555 0101');
  });

  test('the server refuses a facility the member does not belong to', async ({ page, loginPage }) => {
    await loginPage.signInAs(DEMO.kai);
    const alexProfile = await page.request.fetch('/api/v1/facilities/does-not-matter', { headers: { 'X-App-Id': 'member-pwa' } });
    expect([403, 404]).toContain(alexProfile.status());
    // Kai (Tallinn only) spoofs a Harbour Strength facility header.
    const harbour = await harbourFacilityGuid(page);
    const spoofed = await page.request.get('/api/v1/profile', { headers: { 'X-App-Id': 'member-pwa', 'X-Facility-Id': harbour } });
    expect(spoofed.status()).toBe(403);
    const direct = await page.request.get(`/api/v1/facilities/${harbour}`, { headers: { 'X-App-Id': 'member-pwa' } });
    expect(direct.status()).toBe(403);
    const noAppId = await page.request.get('/api/v1/profile');
    expect(noAppId.status()).toBe(400);
  });

  test('hiding the organisation in use asks first, says where it goes, and Show brings it back', async ({ page, loginPage, shell }) => {
    await loginPage.signInAs(DEMO.alex);
    await page.goto('/profile/facilities');
    await page.getByRole('button', { name: 'Hide: Harbour Strength' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Hide Harbour Strength?' });
    await expect(dialog).toContainText('organisation picker');
    await expectAccessible(page);
    // Cancelling leaves it as it was.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('button', { name: 'Hide: Harbour Strength' })).toBeVisible();
    await page.getByRole('button', { name: 'Hide: Harbour Strength' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Hide' }).click();
    await expect(page.getByRole('button', { name: 'Show: Harbour Strength' })).toBeVisible();
    // Gone from the picker, still in use.
    await shell.orgPicker.click();
    await expect(page.getByRole('menuitem', { name: 'Harbour Strength' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('org-picker')).toContainText('Harbour Strength');
    // Hiding another organisation does not ask.
    await page.getByRole('button', { name: 'Show: Harbour Strength' }).click();
    await expect(page.getByRole('button', { name: 'Hide: Harbour Strength' })).toBeVisible();
    await page.getByRole('button', { name: 'Hide: Tallinn Movement' }).click();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Show: Tallinn Movement' })).toBeVisible();
    await page.getByRole('button', { name: 'Show: Tallinn Movement' }).click();
    await expect(page.getByRole('button', { name: 'Hide: Tallinn Movement' })).toBeVisible();
  });
});

async function clubId(page: import('@playwright/test').Page): Promise<string> {
  const res = await page.request.get('/api/v1/profile', { headers: { 'X-App-Id': 'member-pwa' } });
  const profile = (await res.json()) as { accounts: { org: { id: number; name: string } }[] };
  return String(profile.accounts.find((a) => a.org.name === 'Harbour Strength')?.org.id);
}

/** Looks up a Harbour Strength facility guid through Sam, who belongs there. */
async function harbourFacilityGuid(page: import('@playwright/test').Page): Promise<string> {
  const context = await page.context().browser()!.newContext({ baseURL: new URL(page.url()).origin });
  const login = await context.request.post('/api/v1/authentication', {
    headers: { 'X-App-Id': 'member-pwa' },
    data: { email: DEMO.sam.email, password: DEMO.sam.password },
  });
  const profile = (await login.json()) as { accounts: { facilities: { guid: string }[] }[] };
  await context.close();
  return profile.accounts[0]!.facilities[0]!.guid;
}

test.describe('calendar feed', () => {
  test('turned on in Settings, served with the bookings, shown offline, revoked when turned off after asking', { tag: '@two-processes' }, async ({ page, context, loginPage }) => {
    await loginPage.signInAs(DEMO.alex);
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Turn on calendar feed' }).click();
    const address = page.getByTestId('calendar-url');
    await expect(address).toHaveValue(/\/calendar\/[\w-]+\.ics$/);
    const url = await address.inputValue();
    await expect(page.getByRole('link', { name: 'Subscribe in your calendar' })).toHaveAttribute('href', url.replace(/^https?:/, 'webcal:'));
    await expectAccessible(page);
    const feed = await page.request.get(url);
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    const ics = await feed.text();
    expect(ics).toContain('BEGIN:VEVENT');
    expect(ics).toContain('TRIGGER:-PT1H');

    // The address is on the device: Settings shows it offline, with the switch disabled.
    await waitForServiceWorker(page);
    await goOffline(context);
    await page.reload();
    await expect(address).toHaveValue(url);
    await expect(page.getByRole('button', { name: 'Turn off and revoke the address' })).toBeDisabled();
    await goOnline(context);
    await page.reload();

    // Turning it off asks first, on a phone, saying what it breaks; kept on, nothing changes.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Turn off and revoke the address' }).click();
    const ask = page.getByRole('alertdialog', { name: 'Turn off your calendar feed?' });
    await expect(ask).toContainText('The address stops working at once: calendars subscribed to it stop showing your bookings.');
    await expectAccessible(page);
    await ask.getByRole('button', { name: 'Keep it on' }).click();
    await expect(ask).toHaveCount(0);
    await expect(address).toHaveValue(url);
    expect((await page.request.get(url)).status()).toBe(200);
    await page.getByRole('button', { name: 'Turn off and revoke the address' }).click();
    await ask.getByRole('button', { name: 'Turn off' }).click();
    await expect(page.getByRole('button', { name: 'Turn on calendar feed' })).toBeVisible();
    await expect(address).toHaveCount(0);
    expect((await page.request.get(url)).status()).toBe(404);
  });
});

test.describe('profile photo', () => {
  test('Sam crops and uploads a photo and sees it in the top bar; offline, the next one waits to sync and goes up once back online', { tag: '@two-processes' }, async ({ page, context, loginPage }) => {
    const sharp = (await import('sharp')).default;
    const photo = (colour: string) => sharp({ create: { width: 1200, height: 800, channels: 3, background: colour } }).jpeg().toBuffer();
    // An earlier journey leaves Sam in French: this one reads English labels.
    await withDatabase((db) => db.updateTable('members_profiles').set({ locale: 'en-GB' }).where('email', '=', DEMO.sam.email).execute());
    await loginPage.signInAs(DEMO.sam);
    await page.goto('/profile');
    const topBar = page.getByTestId('profile-link').locator('img');

    await page.getByTestId('avatar-file').setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: await photo('#2266aa') });
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('avatar-crop')).toBeVisible();
    await dialog.getByTestId('avatar-crop').focus();
    await page.keyboard.press('ArrowLeft');
    await dialog.getByLabel('Zoom').fill('1.5');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Use this photo' }).click();
    await expect(page.getByText('Photo updated.')).toBeVisible();
    await expect(topBar).toHaveAttribute('src', /^\/uploads\/avatars\/[a-z0-9-]+-thumb\.webp$/);
    const first = await topBar.getAttribute('src');
    expect((await page.request.get(first!)).headers()['content-type']).toBe('image/webp');

    await waitForServiceWorker(page);
    await goOffline(context);
    await page.getByTestId('avatar-file').setInputFiles({ name: 'me2.jpg', mimeType: 'image/jpeg', buffer: await photo('#aa6622') });
    await page.getByRole('dialog').getByRole('button', { name: 'Use this photo' }).click();
    await expect(page.getByTestId('avatar-waiting')).toHaveText('Waiting to sync');
    await expect(topBar).toHaveAttribute('src', first!);
    await goOnline(context);
    await expect(page.getByTestId('avatar-waiting')).toHaveCount(0, { timeout: 15_000 });
    await expect(topBar).not.toHaveAttribute('src', first!);
    await expect(topBar).toHaveAttribute('src', /-thumb\.webp$/);
  });
});
