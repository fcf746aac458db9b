import { test, expect, expectAccessible, DEMO } from './fixtures';
import { firstLink, newestMailTo } from './support/mailbox';
import { adminPost, withDatabase } from './support/studio';
import { ShellPage } from './pages/ShellPage';

test.describe('sign-in and the shell', () => {
  test('a member signs in, lands on /classes and sees the shell', { tag: '@two-processes' }, async ({ page, loginPage, shell }) => {
    await loginPage.goto();
    await expectAccessible(page);
    await loginPage.signInAs(DEMO.alex);
    await expect(shell.title).toHaveText('Classes');
    await expect(shell.subtitle).toHaveText(/Wellington|Petone/);
    await shell.openMenu();
    for (const key of ['classes', 'feed', 'bookings', 'account', 'visits', 'training', 'lifts']) {
      await expect(shell.menuItem(key)).toBeVisible();
    }
    await expect(page.locator('footer')).toContainText('Harbour Strength');
    await expectAccessible(page);
  });

  test('a member who taps on while sign-in is still fetching their details stays where they tapped', async ({ page, loginPage, shell }) => {
    // The studio is slow with the member's details: the timetable shows before sign-in has them.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/v1/member', async (route) => {
      await held;
      await route.continue();
    });
    await loginPage.goto();
    await loginPage.signIn(DEMO.alex.email, DEMO.alex.password);
    await expect(page).toHaveURL(/\/classes$/);
    await shell.openMenu();
    await shell.menuItem('bookings').click();
    await expect(page.getByRole('heading', { level: 1, name: 'My bookings' })).toBeVisible();
    const answered = page.waitForResponse('**/api/v1/member');
    release();
    await answered;
    // Sign-in ends moments after its last answer; it used to take the member back to the timetable then.
    await page.waitForTimeout(1000);
    await expect(page).toHaveURL(/\/bookings$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My bookings' })).toBeVisible();
  });

  test('wrong password shows the server message and keeps the member on /login', async ({ page, loginPage }) => {
    await loginPage.goto();
    await loginPage.signIn(DEMO.sam.email, 'not-the-password');
    await expect(page.getByRole('alert').filter({ hasText: 'Email or password is incorrect.' })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('form validation explains empty and malformed fields', async ({ page, loginPage }) => {
    await loginPage.goto();
    await page.getByRole('button', { name: /sign in/i }).click();
    await expect(page.getByText('Enter your email address.')).toBeVisible();
    await expect(page.getByText('Enter your password.')).toBeVisible();
    await expectAccessible(page);
  });

  test('signed-out paths go to /login and signed-in /login goes to /classes', async ({ page, loginPage }) => {
    await page.goto('/account/invoices');
    await expect(page).toHaveURL(/\/login$/);
    await loginPage.signIn(DEMO.alex.email, DEMO.alex.password);
    await expect(page).toHaveURL(/\/account\/invoices$/);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/classes$/);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/classes$/);
  });

  test('the training menu is hidden when track_training is off', async ({ loginPage, shell }) => {
    await loginPage.signInAs(DEMO.sam);
    await shell.openMenu();
    await expect(shell.menuItem('classes')).toBeVisible();
    await expect(shell.menuItem('training')).toHaveCount(0);
    await expect(shell.menuItem('lifts')).toHaveCount(0);
  });

  test('signing out wipes member data and returns to /login', { tag: '@two-processes' }, async ({ page, loginPage, shell }) => {
    await loginPage.signInAs(DEMO.sam);
    await shell.signOut();
    const profiles = await page.evaluate(async () => {
      const open = indexedDB.open('member-pwa');
      const database = await new Promise<IDBDatabase>((resolve, reject) => {
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const count = await new Promise<number>((resolve) => {
        const request = database.transaction('profiles').objectStore('profiles').count();
        request.onsuccess = () => resolve(request.result);
      });
      database.close();
      return count;
    });
    expect(profiles).toBe(0);
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a 401 from the API signs the member out and shows /login', { tag: '@two-processes' }, async ({ page, loginPage, context }) => {
    await loginPage.signInAs(DEMO.sam);
    // End the session on the server behind the app's back (as an expiry or a remote sign-out would).
    const response = await context.request.delete('/api/v1/authentication', { headers: { 'X-App-Id': 'member-pwa' } });
    expect(response.status()).toBe(204);
    await page.reload();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Your session has ended. Please sign in again.')).toBeVisible();
  });

  test('Sam forgot his password: the link from the mailbox sets a new one, signs him in and works once', { tag: '@two-processes' }, async ({ page, loginPage, shell }) => {
    const sam = await withDatabase((db) => db.selectFrom('members_profiles').select(['id', 'password_hash']).where('email', '=', DEMO.sam.email).executeTakeFirstOrThrow());
    // Another journey may leave Sam in French: this one reads English labels.
    await withDatabase((db) => db.updateTable('members_profiles').set({ locale: 'en-GB' }).where('id', '=', sam.id).execute());
    try {
      const since = Date.now();
      await loginPage.goto();
      await page.getByRole('link', { name: 'Forgot your password?' }).click();
      await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await expect(page.getByText('Enter your email address.')).toBeVisible();
      await page.getByLabel('Email').fill(DEMO.sam.email);
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await expect(page.getByTestId('reset-sent')).toContainText('If that email belongs to a member');

      let mail: string | undefined;
      await expect.poll(async () => (mail = await newestMailTo(DEMO.sam.email, since))).toBeDefined();
      const link = firstLink(mail!)!;
      expect(link).toMatch(/\/password_reset\/[\w-]+$/);

      await page.goto(new URL(link).pathname);
      await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
      const password = page.getByRole('textbox', { name: 'New password' });
      await password.fill('short');
      await expect(page.getByTestId('password-rules').locator('li').first()).not.toHaveClass(/password-rules__ok/);
      await page.getByRole('button', { name: 'Set new password and sign in' }).click();
      await expect(page.getByText('Choose a password that meets the rules below.')).toBeVisible();
      await password.fill('a much longer password');
      await expect(page.getByTestId('password-rules').locator('li').first()).toHaveClass(/password-rules__ok/);
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Set new password and sign in' }).click();
      await expect(shell.title).toHaveText('Classes');

      // The link works once.
      await page.goto(new URL(link).pathname);
      await expect(page.getByTestId('reset-invalid')).toHaveText('This reset link has expired or has already been used. Ask for a new one.');
      await expectAccessible(page);
    } finally {
      await withDatabase((db) => db.updateTable('members_profiles').set({ password_hash: sam.password_hash }).where('id', '=', sam.id).execute());
    }
  });

  test('an invited person signs up from the emailed link and lands on /classes; a second invitation, accepted signed in, adds the organisation', async ({ page, shell, baseURL }) => {
    const email = `robin-${Date.now()}@example.com`;
    const facilityId = (name: string) => withDatabase(async (db) => (await db.selectFrom('facilities').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id);
    const inviteLink = async (facility: string) => {
      const since = Date.now();
      const res = await adminPost(baseURL!, '/invitations', { facility_id: await facilityId(facility), email });
      expect(res.status).toBe(201);
      let mail: string | undefined;
      await expect.poll(async () => (mail = await newestMailTo(email, since))).toBeDefined();
      return new URL(firstLink(mail!)!).pathname;
    };

    await page.goto(await inviteLink('Wellington'));
    await expect(page.getByRole('heading', { name: 'Join Harbour Strength' })).toBeVisible();
    await expect(page.getByTestId('invite-intro')).toHaveText('Harbour Strength invites you to Wellington. Create your account to book classes, appointments and more.');
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Enter your first name.')).toBeVisible();
    await expect(page.getByText('Accept the terms to create your account.')).toBeVisible();
    await page.getByLabel('First name').fill('Robin');
    await page.getByLabel('Last name').fill('Hale');
    await page.getByRole('textbox', { name: 'Password' }).fill('a long new password');
    await page.getByLabel('I accept the studio’s terms and privacy policy.').check();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(shell.title).toHaveText('Classes');
    await expect(page.locator('footer')).toContainText('Harbour Strength');

    // Invited to Tallinn Movement too: signed in, the pasted link opens the profile to accept it.
    await page.goto('/invite');
    await expect(page.getByRole('link', { name: /sign in/i })).toHaveCount(0);
    await page.getByLabel('Invitation link or code').fill(await inviteLink('Tallinn Old Town'));
    await page.getByRole('button', { name: 'Open invitation' }).click();
    await expect(page).toHaveURL(/\/profile\?invite=/);
    await expect(page.getByTestId('invite-accept')).toContainText('Tallinn Movement invites you to Tallinn Old Town.');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Join Tallinn Movement' }).click();
    await expect(shell.title).toHaveText('Classes');
    await expect(shell.subtitle).toHaveText('Tallinn Old Town');
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('the sign-up form lets the invited person read the studio’s terms and privacy policy before accepting them', async ({ page, baseURL }) => {
      const email = `reader-${Date.now()}@example.com`;
      const facility = await withDatabase(async (db) => (await db.selectFrom('facilities').select('id').where('name', '=', 'Wellington').executeTakeFirstOrThrow()).id);
      const since = Date.now();
      expect((await adminPost(baseURL!, '/invitations', { facility_id: facility, email })).status).toBe(201);
      let mail: string | undefined;
      await expect.poll(async () => (mail = await newestMailTo(email, since))).toBeDefined();
      await page.goto(new URL(firstLink(mail!)!).pathname);
      await expect(page.getByRole('heading', { name: 'Join Harbour Strength' })).toBeVisible();

      await page.getByRole('button', { name: 'Read the terms' }).click();
      const terms = page.getByRole('dialog', { name: 'Harbour Strength: terms' });
      await expect(terms).toContainText('Harbour Strength runs its classes, appointments and courses on these terms.');
      await expect(terms).toContainText('a late cancel or a missed class counts as a visit');
      await expectAccessible(page);
      await terms.getByRole('button', { name: 'Close' }).first().click();
      await expect(terms).toHaveCount(0);

      await page.getByRole('button', { name: 'Read the privacy policy' }).click();
      const privacy = page.getByRole('dialog', { name: 'Harbour Strength: privacy policy' });
      await expect(privacy).toContainText('Card numbers go to our payment provider and are never stored by us.');
      await privacy.getByRole('button', { name: 'Close' }).first().click();
      await expect(privacy).toHaveCount(0);

      // Read, then accepted: the account is made.
      await page.getByLabel('First name').fill('Robin');
      await page.getByLabel('Last name').fill('Reader');
      await page.getByRole('textbox', { name: 'Password' }).fill('a long new password');
      await page.getByLabel('I accept the studio’s terms and privacy policy.').check();
      await page.getByRole('button', { name: 'Create account' }).click();
      await expect(page).toHaveURL(/\/classes$/);
    });
  });
});

test.describe('one phone, two members (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a sign-out forgets where Alex was: Sam, signing in next on the same phone, starts on the timetable, in this tab and in the other', async ({ page, context, loginPage, shell }) => {
    await loginPage.signInAs(DEMO.alex);
    await shell.openMenu();
    await shell.menuItem('bookings').click();
    await expect(page).toHaveURL(/\/bookings$/);
    // Alex has the app open in a second tab too, on My bookings.
    const other = await context.newPage();
    await other.goto('/classes');
    const otherShell = new ShellPage(other);
    // The saved timetable (#splash) covers the live one until its rows are in.
    await expect(other.locator('#splash')).toBeHidden();
    await otherShell.openMenu();
    await otherShell.menuItem('bookings').click();
    await expect(other).toHaveURL(/\/bookings$/);

    await shell.signOut();
    await expect(other).toHaveURL(/\/login$/);
    await loginPage.signIn(DEMO.sam.email, DEMO.sam.password);
    await expect(shell.profileLink).toContainText(DEMO.sam.firstName);
    // Signed in and the facility known: the sign-in screen has taken Sam wherever it will.
    await expect(shell.subtitle).toHaveText(/Wellington|Petone/);
    await expect(page.getByTestId('session-row').first()).toBeVisible();
    await expect(page).toHaveURL(/\/classes$/);
    // The other tab follows the sign-in, to the timetable as well, never to Alex's bookings.
    await expect(otherShell.profileLink).toContainText(DEMO.sam.firstName);
    await expect(other.getByTestId('session-row').first()).toBeVisible();
    await expect(other).toHaveURL(/\/classes$/);
  });

  test('Alex’s session ends on My bookings: Sam signing in next starts on the timetable, not on Alex’s page', async ({ page, loginPage, shell, context }) => {
    await loginPage.signInAs(DEMO.alex);
    await shell.openMenu();
    await shell.menuItem('bookings').click();
    await expect(page).toHaveURL(/\/bookings$/);
    // The session ends behind the app's back (an expiry or a sign-out elsewhere).
    expect((await context.request.delete('/api/v1/authentication', { headers: { 'X-App-Id': 'member-pwa' } })).status()).toBe(204);
    await page.reload();
    await expect(page.getByText('Your session has ended. Please sign in again.')).toBeVisible();

    await loginPage.signIn(DEMO.sam.email, DEMO.sam.password);
    await expect(shell.profileLink).toContainText(DEMO.sam.firstName);
    await expect(shell.subtitle).toHaveText(/Wellington|Petone/);
    await expect(page.getByTestId('session-row').first()).toBeVisible();
    await expect(page).toHaveURL(/\/classes$/);
  });
});

test.describe('a new member’s first screen (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('after signing up, the timetable starts at the top and never says “No classes” while the classes are on their way', async ({ page, shell, baseURL }) => {
    const email = `robin-${Date.now()}@example.com`;
    const facility = await withDatabase(async (db) => (await db.selectFrom('facilities').select('id').where('name', '=', 'Wellington').executeTakeFirstOrThrow()).id);
    const since = Date.now();
    expect((await adminPost(baseURL!, '/invitations', { facility_id: facility, email })).status).toBe(201);
    let mail: string | undefined;
    await expect.poll(async () => (mail = await newestMailTo(email, since))).toBeDefined();

    await page.goto(new URL(firstLink(mail!)!).pathname);
    await page.getByLabel('First name').fill('Robin');
    await page.getByLabel('Last name').fill('Hale');
    await page.getByRole('textbox', { name: 'Password' }).fill('a long new password');
    await page.getByLabel('I accept the studio’s terms and privacy policy.').check();
    // The member scrolled down the form to its button.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    // Everything the page shows from here on, as it shows it.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { seen: string[] }).seen = seen;
      new MutationObserver(() => {
        if (document.querySelector('.empty-state')) seen.push('empty');
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    await page.getByRole('button', { name: 'Create account' }).click();

    await expect(shell.title).toHaveText('Classes');
    await expect(page.getByTestId('session-row').first()).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { seen: string[] }).seen)).toEqual([]);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });
});
