// Phone first, as a failing check: every route of both areas at 320, 360, 390 and 430 px wide, in
// light and dark. A route fails when the page scrolls sideways, when a control is smaller than
// 44 × 44 px, when a heading or tab is cut with an ellipsis, or when axe finds a violation.
// Screenshots of every route at 390 px land in test-results/screens/ for review (CI keeps the folder).
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect, DEMO, axeViolations, goOffline, goOnline } from './fixtures';
import { LoginPage } from './pages/LoginPage';
import { withDatabase } from './support/studio';
import { payForTenVisitPass } from './support/shop';
import { classWithAlexsResults, putInCart } from './support/navigation';
import { layoutProblems, painted, sweepState, SCREENS_DIR, SCREENSHOT_WIDTH, THEMES, WIDTHS, type Finding } from './support/layout';

/** The page has settled: a heading is painted and no route is still loading. */
async function settle(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('.spinner, [aria-busy="true"]')).toHaveCount(0, { timeout: 10_000 }).catch(() => undefined);
  await page.evaluate(() => document.fonts.ready.then(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))));
}

/**
 * Opens a route in the running app as a tapped link does, without starting the app again: the
 * address is pushed and the router follows it, and the screen has committed when the page names
 * it (data-shown-path, src/app/ScrollToTop.tsx). A page not running the app yet loads it.
 */
async function visit(page: Page, route: string): Promise<void> {
  const shown = () => page.evaluate(() => document.documentElement.dataset.shownPath ?? null).catch(() => null);
  if ((await shown()) === null) {
    await page.goto(route);
    return;
  }
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, route);
  const pathname = new URL(route, 'http://x').pathname;
  await expect.poll(shown, { message: `${route} was not shown` }).toBe(pathname);
  // A tapped link starts the new screen at the top; a popstate (Back) keeps the window where it was.
  await page.evaluate(() => window.scrollTo(0, 0));
}

async function firstHref(page: Page, path: string, selector: string): Promise<string> {
  await visit(page, path);
  const link = page.locator(selector).first();
  await expect(link).toBeAttached();
  const href = await link.getAttribute('href');
  if (!href) throw new Error(`no link ${selector} on ${path}`);
  return new URL(href, 'http://x').pathname;
}

/** LAYOUT_ONLY=/classes,/training checks only the routes that start with one of these (while working on them). */
const ONLY = process.env.LAYOUT_ONLY?.split(',').filter(Boolean);

/**
 * Each route is loaded once, then looked at in both themes and at every width by resizing the same
 * page (as a phone turning, or a window narrowing); the layout is checked at every width and axe
 * runs once per theme (what it checks, names, roles and contrast, does not change with the width).
 */
async function sweep(page: Page, allRoutes: readonly string[], area: string, findings: Finding[]): Promise<number> {
  const routes = ONLY ? allRoutes.filter((route) => ONLY.some((prefix) => route.startsWith(prefix))) : allRoutes;
  let checks = 0;
  for (const route of routes) {
    await page.setViewportSize({ width: WIDTHS[0], height: 844 });
    await page.emulateMedia({ colorScheme: THEMES[0], reducedMotion: 'reduce' });
    await visit(page, route);
    await settle(page);
    for (const theme of THEMES) {
      await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 844 });
        await painted(page);
        for (const problem of await layoutProblems(page)) findings.push({ route, width, theme, problem });
        if (width === SCREENSHOT_WIDTH) {
          for (const problem of await axeViolations(page)) findings.push({ route, width, theme, problem });
          // Link tokens are random: the file is named for the screen, not the token.
          const name = `${area}${route.replace(/[\w-]{40,}/g, 'token').replace(/[/?=&,]+/g, '_')}`.replace(/_$/, '');
          await page.screenshot({ path: `${SCREENS_DIR}/${name}.${theme}.png`, fullPage: true });
        }
        checks += 1;
      }
    }
  }
  return checks;
}

function report(findings: Finding[], checks: number, label: string): void {
  console.log(`${label}: ${checks} checks (routes × ${WIDTHS.length} widths × ${THEMES.length} themes), ${findings.length} findings`);
  const byProblem = new Map<string, string[]>();
  for (const f of findings) {
    const key = `${f.route} ${f.problem}`;
    byProblem.set(key, [...(byProblem.get(key) ?? []), `${f.width}/${f.theme}`]);
  }
  for (const [key, where] of byProblem) console.log(`  ${key} [${where.join(' ')}]`);
}

test.describe('every route at phone widths in light and dark', () => {
  test.describe.configure({ timeout: 900_000 });
  test.beforeAll(() => mkdirSync(SCREENS_DIR, { recursive: true }));

  test('signed out', async ({ page }) => {
    const { invite, reset } = await signedOutLinks();
    // The link screens both while the link works and once it no longer does.
    const routes = ['/login', '/password_reset', '/invite', '/signup', `/invite/${invite}`, `/signup?invite=${invite}`, '/invite/no-such-invitation', `/password_reset/${reset}`, '/password_reset/no-such-link', '/desk'];
    const findings: Finding[] = [];
    const checks = await sweep(page, routes, 'out', findings);
    report(findings, checks, 'signed-out routes');
    expect(findings.map((f) => `${f.route} @${f.width} ${f.theme}: ${f.problem}`)).toEqual([]);
  });

  // The signed-in routes in four groups that run side by side; each signs in to a studio of its own.
  const SIGNED_IN: { name: string; routes: (links: Links) => string[] }[] = [
    { name: 'timetable, class and bookings', routes: (l) => ['/classes', l.classPath, `${l.classPath}/workouts`, `${l.classPath}/leaderboard`, `${l.classPath}/online`, '/whiteboard', '/bookings', '/visits', l.visitPath, '/no/such/page'] },
    { name: 'appointments, courses, account and shop', routes: () => ['/appointments/book', '/appointments/book/staff?service=2', '/appointments/book/time?service=2&staff=any', '/appointments/1', '/courses', '/courses/1', '/account', '/account/edit', '/account/invoices', '/account/passes', '/checkout', '/checkout/payment', '/checkout/complete'] },
    { name: 'feed, profile and settings', routes: () => ['/activity', '/profile', '/profile/edit', '/profile/facilities', '/settings', '/checkin', '/friends', '/friends/accept/no-such-invitation-token-0000000000'] },
    { name: 'training log', routes: (l) => ['/training', '/training/lifts', l.liftPath, '/training/workouts/new', '/training/workouts/new/wod', l.wodPath, `${l.wodPath}/edit`, '/training/workouts/new/lift', l.liftWorkoutPath, `${l.liftWorkoutPath}/edit`, '/training/export', '/training/import'] },
  ];
  for (const group of SIGNED_IN) {
    test(`signed in: ${group.name}`, async ({ page }) => {
      await new LoginPage(page).signInAs(DEMO.alex);
      const routes = group.routes(await links(page));
      const findings: Finding[] = [];
      const checks = await sweep(page, routes, 'in', findings);
      report(findings, checks, `signed-in routes (${group.name})`);
      expect(findings.map((f) => `${f.route} @${f.width} ${f.theme}: ${f.problem}`)).toEqual([]);
    });
  }
});

interface Links {
  classPath: string;
  visitPath: string;
  wodPath: string;
  liftWorkoutPath: string;
  liftPath: string;
}

/** The first class, visit, WOD, lift workout and lift the member's screens link to. */
async function links(page: Page): Promise<Links> {
  return {
    classPath: await firstHref(page, '/classes', 'a[href^="/classes/"]'),
    visitPath: await firstHref(page, '/visits', 'a[href^="/visits/"]'),
    wodPath: await firstHref(page, '/training', 'a[href^="/training/workouts/wod/"]'),
    liftWorkoutPath: await firstHref(page, '/training', 'a[href^="/training/workouts/lift/"]'),
    liftPath: await firstHref(page, '/training/lifts', 'a[href^="/training/lifts/"]'),
  };
}

/** A working invitation and password-reset link, made as the server makes them (only hashes stored). */
async function signedOutLinks(): Promise<{ invite: string; reset: string }> {
  const invite = randomBytes(32).toString('base64url');
  const reset = randomBytes(32).toString('base64url');
  const hash = (token: string) => createHash('sha256').update(token).digest('hex');
  const now = new Date();
  const later = (minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString();
  await withDatabase(async (db) => {
    const facility = await db.selectFrom('facilities').select(['id', 'org_id']).where('name', '=', 'Wellington').executeTakeFirstOrThrow();
    await db.insertInto('invitations').values({ token_hash: hash(invite), org_id: facility.org_id, facility_id: facility.id, email: `layout-${Date.now()}@example.com`, created_at: now.toISOString(), expires_at: later(60), accepted_at: null, accepted_by: null }).execute();
    const kai = await db.selectFrom('members_profiles').select('id').where('email', '=', DEMO.kai.email).executeTakeFirstOrThrow();
    await db.insertInto('password_resets').values({ id: hash(reset), profile_id: kai.id, created_at: now.toISOString(), expires_at: later(60), used_at: null }).execute();
  });
  return { invite, reset };
}

test.describe('feed, photo and calendar states at phone widths', () => {
  test.describe.configure({ timeout: 600_000 });
  test.beforeAll(() => mkdirSync(SCREENS_DIR, { recursive: true }));

  test('the feed with notified posts highlighted, Settings with the calendar address shown, and the photo crop dialog fit 320–430 px in light and dark and pass axe', async ({ page }) => {
    await new LoginPage(page).signInAs(DEMO.alex);
    const newest = await withDatabase((db) => db.selectFrom('posts').innerJoin('orgs', 'orgs.id', 'posts.org_id').select('posts.id').where('orgs.name', '=', 'Harbour Strength').orderBy('posts.created_at', 'desc').limit(2).execute());
    await visit(page, '/settings');
    const turnOn = page.getByRole('button', { name: 'Turn on calendar feed' });
    await expect(turnOn.or(page.getByTestId('calendar-url'))).toBeVisible();
    if (await turnOn.isVisible()) await turnOn.click();
    await expect(page.getByTestId('calendar-url')).toHaveValue(/\.ics$/);
    const findings: Finding[] = [];
    let checks = await sweep(page, [`/activity?notify=${newest.map((p) => p.id).join(',')}`, '/settings'], 'states', findings);

    const sharp = (await import('sharp')).default;
    const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#2266aa' } }).jpeg().toBuffer();
    // The crop dialog opened once, then seen at every width in both themes.
    await visit(page, '/profile');
    await settle(page);
    await page.getByTestId('avatar-file').setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expect(page.getByRole('dialog').getByTestId('avatar-crop')).toBeVisible();
    // A mouse and keyboard (this browser's primary pointer is fine) are told about the arrow keys.
    await expect(page.getByRole('dialog').locator('#crop-hint')).toHaveText('Drag the picture, or use the arrow keys, to choose what shows in the circle.');
    for (const theme of THEMES) {
      await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 844 });
        await painted(page);
        for (const problem of await layoutProblems(page)) findings.push({ route: '/profile (photo crop)', width, theme, problem });
        if (width === SCREENSHOT_WIDTH) {
          for (const problem of await axeViolations(page)) findings.push({ route: '/profile (photo crop)', width, theme, problem });
          await page.screenshot({ path: `${SCREENS_DIR}/states_photo-crop.${theme}.png` });
        }
        checks += 1;
      }
    }
    report(findings, checks, 'feed, photo and calendar states');
    expect(findings.map((f) => `${f.route} @${f.width} ${f.theme}: ${f.problem}`)).toEqual([]);
  });
});

test.describe('what pays: its questions and states at phone widths', () => {
  test.describe.configure({ timeout: 600_000 });
  test.beforeAll(() => mkdirSync(SCREENS_DIR, { recursive: true }));

  test('the shop’s question about a pass a membership leaves unused, an appointment paid at the studio, the course enrolment question, an enrolled course and a class of it fit 320–430 px in light and dark and pass axe', async ({ page }) => {
    await new LoginPage(page).signInAs(DEMO.alex);
    const findings: Finding[] = [];
    let checks = 0;
    /** What is on screen now, at every width in both themes (sweepState), then back at 390 px for the next tap. */
    const check = async (state: string) => {
      checks += await sweepState(page, state, findings);
      await page.setViewportSize({ width: SCREENSHOT_WIDTH, height: 844 });
    };

    await visit(page, '/checkout');
    const pass = page.getByTestId('product').filter({ has: page.locator('.list-row__title', { hasText: /^10-Visit Pass$/ }) });
    await expect(pass.getByTestId('product-note')).toBeVisible();
    await check('/checkout (products with what you have)');
    await pass.getByRole('button', { name: /^Add 10-Visit Pass/ }).click();
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await check('/checkout (a pass you would not use)');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Don’t add it' }).click();

    await visit(page, '/appointments/book');
    await page.getByTestId('services').getByRole('listitem').filter({ has: page.getByText('Nutrition Consult', { exact: true }) }).getByRole('link').click();
    await page.getByTestId('staff').getByRole('link').first().click();
    await page.getByTestId('slots').getByRole('button').first().click();
    await expect(page.getByTestId('concession')).toBeVisible();
    await check('/appointments/book/concession (paid at the studio)');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('button', { name: 'Book and pay at the studio' })).toBeVisible();
    await check('/appointments/book/confirm (paid at the studio)');
    await page.getByRole('button', { name: 'Book and pay at the studio' }).click();
    await expect(page.getByRole('link', { name: 'See your invoices' })).toBeVisible();
    await check('/appointments/:id (paid at the studio)');

    await visit(page, '/courses');
    await page.getByRole('link', { name: /Beginners' Barbell/ }).click();
    await page.getByRole('button', { name: 'Enrol', exact: true }).click();
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await check('/courses/:id (the enrolment question)');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Enrol and pay at the studio' }).click();
    await expect(page.getByTestId('course-paid')).toBeVisible();
    await check('/courses/:id (enrolled, due at the studio)');
    await page.getByTestId('course-classes').getByRole('link').first().click();
    await expect(page.getByRole('link', { name: /^Part of the course/ })).toBeVisible();
    await check('/classes/:id (a class of a course)');

    report(findings, checks, 'what pays: questions and states');
    expect(findings.map((f) => `${f.route} @${f.width} ${f.theme}: ${f.problem}`)).toEqual([]);
  });
});

test.describe('the photo crop on a touch phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('says to drag and pinch (not the arrow keys), and two fingers pinching apart zoom in', async ({ page, loginPage }) => {
    // Sizes are measured still: the dialog's opening scale would make 44 px read as 43.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await loginPage.signInAs(DEMO.alex);
    // A tap the page takes before it listens (a busy machine) is tapped again, as a member would.
    await expect(async () => {
      await page.getByTestId('profile-link').tap();
      await expect(page).toHaveURL(/\/profile$/, { timeout: 2_000 });
    }).toPass();
    await expect(page.getByRole('button', { name: /^(Add a photo|Change photo)$/ })).toBeVisible();
    const sharp = (await import('sharp')).default;
    const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#2266aa' } }).jpeg().toBuffer();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: /^(Add a photo|Change photo)$/ }).tap();
    await (await chooser).setFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: photo });
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('avatar-crop')).toBeVisible();
    await expect(dialog.locator('#crop-hint')).toHaveText('Drag the picture with a finger, and pinch to zoom, to choose what shows in the circle.');
    expect([...(await layoutProblems(page)), ...(await axeViolations(page))]).toEqual([]);

    // A real two-finger pinch, as the phone sends it.
    const box = (await dialog.getByTestId('avatar-crop').boundingBox())!;
    const y = box.y + box.height / 2;
    const cx = box.x + box.width / 2;
    const cdp = await page.context().newCDPSession(page);
    const fingers = (spread: number) => [{ x: cx - spread, y, id: 0 }, { x: cx + spread, y, id: 1 }];
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers(20) });
    for (const spread of [30, 40, 50, 60]) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: fingers(spread) });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await expect.poll(() => dialog.getByRole('slider', { name: 'Zoom' }).inputValue().then(Number)).toBeGreaterThan(2.5);
  });
});

test.describe('paying at phone widths in light and dark', () => {
  test('the card form as it is filled in and the bank’s 3-D Secure page fit and are axe-clean', async ({ page, loginPage }) => {
    // Without his membership the pass is one he would use, so the shop adds it without asking.
    await withDatabase((db) => db.updateTable('memberships').set({ valid_to: new Date(Date.now() - 86_400_000).toISOString() }).where('name', '=', 'Unlimited Membership').execute());
    await loginPage.signInAs(DEMO.alex);
    await payForTenVisitPass(page);
    if (await page.getByRole('button', { name: 'Add a card' }).isVisible()) await page.getByRole('button', { name: 'Add a card' }).click();
    await page.getByLabel('Card number').fill('4000 0000 0000 3220');
    await page.getByLabel('Expiry').fill('12/30');
    await page.getByLabel('Security code').fill('123');
    const problems: string[] = [];
    const check = async (what: string) => {
      for (const theme of THEMES) {
        await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 844 });
          await painted(page);
          const axe = width === SCREENSHOT_WIDTH ? await axeViolations(page) : [];
          for (const problem of [...(await layoutProblems(page)), ...axe]) problems.push(`${what} @${width} ${theme}: ${problem}`);
        }
      }
    };
    await check('card form');
    await page.getByRole('button', { name: 'Save card' }).click();
    await expect(page.getByRole('radio', { name: /ending 3220/ }).last()).toBeChecked();
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(page.getByRole('heading', { name: 'Confirm your payment' })).toBeVisible();
    await check('3-D Secure page');
    // Failed, the order closes and says so.
    await page.getByRole('button', { name: 'Fail authentication' }).click();
    await expect(page.getByTestId('payment-problem')).toBeVisible();
    expect(problems).toEqual([]);
  });
});

test.describe('navigation at phone widths in light and dark', () => {
  test.describe.configure({ timeout: 600_000 });
  test.beforeAll(() => mkdirSync(SCREENS_DIR, { recursive: true }));

  test('the menu drawer with every entry, the cart in the top bar, a class result with Edit, Order complete with its invoice link and that invoice marked fit 320–430 px and pass axe', async ({ page, loginPage, baseURL }) => {
    const board = await classWithAlexsResults(baseURL!, DEMO.alex.email);
    await putInCart(DEMO.alex.email, 'Harbour Strength', '10-Visit Pass');
    await loginPage.signInAs(DEMO.alex);
    // The results reach the device with the training log.
    await visit(page, '/training');
    await expect(page.getByTestId('workout-row').first()).toBeVisible();
    // Something in the cart: the top bar offers it.
    await visit(page, '/checkout');
    await expect(page.getByTestId('cart-line')).toHaveCount(1);
    await expect(page.getByTestId('cart-button')).toBeVisible();
    const findings: Finding[] = [];
    let checks = await sweep(page, ['/classes', `/classes/${board.sessionId}/workouts`], 'nav', findings);
    // Paid, for Order complete and its invoice.
    await page.getByTestId('cart-button').click();
    await page.getByRole('link', { name: 'Continue to payment' }).click();
    if (await page.getByRole('button', { name: 'Add a card' }).isVisible()) await page.getByRole('button', { name: 'Add a card' }).click();
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry').fill('12/30');
    await page.getByLabel('Security code').fill('123');
    await page.getByRole('button', { name: 'Save card' }).click();
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Order complete');
    const invoice = new URL((await page.getByTestId('invoice-number').getAttribute('href'))!, 'http://x');
    checks += await sweep(page, ['/checkout/complete', `${invoice.pathname}${invoice.hash}`], 'nav', findings);
    await expect(page.locator('.invoice--target')).toHaveCount(1);
    // The drawer, open on a short phone (it scrolls), at every width in both themes.
    await visit(page, '/classes');
    await settle(page);
    for (const theme of THEMES) {
      await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 640 });
        await page.getByRole('button', { name: 'Open menu' }).click();
        await expect(page.getByTestId('menu-shop')).toBeVisible();
        await painted(page);
        for (const problem of await layoutProblems(page)) findings.push({ route: 'menu drawer', width, theme, problem });
        if (width === SCREENSHOT_WIDTH) {
          for (const problem of await axeViolations(page)) findings.push({ route: 'menu drawer', width, theme, problem });
          await page.screenshot({ path: `${SCREENS_DIR}/nav_menu.${theme}.png` });
        }
        // The last entry and Sign out are reached by scrolling the drawer.
        await page.getByTestId('menu-settings').scrollIntoViewIfNeeded();
        await expect(page.getByTestId('menu-settings')).toBeInViewport();
        await page.keyboard.press('Escape');
        await expect(page.locator('#side-menu')).not.toHaveClass(/side-menu--open/);
        checks += 1;
      }
    }
    report(findings, checks, 'navigation states');
    expect(findings.map((f) => `${f.route} @${f.width} ${f.theme}: ${f.problem}`)).toEqual([]);
  });

  test('My bookings with nothing coming offers classes, an appointment and past visits, in Estonian, at 320–430 px', async ({ page, loginPage }) => {
    // Kai's coming classes given up (the longest words here: Estonian).
    await withDatabase(async (db) => {
      const kai = await db.selectFrom('members_profiles').select('id').where('email', '=', DEMO.kai.email).executeTakeFirstOrThrow();
      await db.updateTable('visits').set({ state: 'cancelled' }).where('profile_id', '=', kai.id).where('state', 'in', ['booked', 'waitlisted', 'pending']).execute();
    });
    await loginPage.signInAs(DEMO.kai);
    const findings: Finding[] = [];
    const checks = await sweep(page, ['/bookings'], 'nav-empty', findings);
    await expect(page.getByRole('link', { name: 'Broneeri aeg' })).toHaveAttribute('href', '/appointments/book');
    report(findings, checks, 'My bookings, nothing coming');
    expect(findings.map((f) => `${f.route} @${f.width} ${f.theme}: ${f.problem}`)).toEqual([]);
  });
});

test.describe('phone shell', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('on a phone the organisation picker shows the organisation and facility by name', async ({ loginPage, shell }) => {
    await loginPage.signInAs(DEMO.alex);
    await expect(shell.orgPicker).toBeVisible();
    await expect(shell.orgPicker).toContainText('Harbour Strength');
    await expect(shell.orgPicker).toContainText('Wellington');
    await expect(shell.orgPicker).toHaveAccessibleName(/Harbour Strength/);
  });

  test('the organisation’s name is never cut in the top bar, online or offline (two lines at most), with or without the picker, 320–430 px', async ({ page, context, loginPage, shell }) => {
    const problems: string[] = [];
    const check = async (who: string) => {
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 844 });
        await painted(page);
        const name = await page.locator('.topbar__org-name').evaluate((el) => {
          const style = getComputedStyle(el);
          return { text: el.textContent, cut: el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight + 1, lines: Math.round(el.getBoundingClientRect().height / parseFloat(style.lineHeight)) };
        });
        if (name.cut) problems.push(`${who} @${width}: "${name.text}" is cut`);
        if (name.lines > 2) problems.push(`${who} @${width}: "${name.text}" takes ${name.lines} lines`);
        problems.push(...(await layoutProblems(page)).map((p) => `${who} @${width}: ${p}`));
      }
    };
    for (const member of [DEMO.alex, DEMO.sam]) {
      await loginPage.signInAs(member);
      await expect(page.locator('.topbar__org-name')).toHaveText('Harbour Strength');
      await check(`${member.firstName} online`);
      await goOffline(context);
      await expect(page.getByTestId('offline-banner')).toBeVisible();
      await check(`${member.firstName} offline`);
      await goOnline(context);
      await expect(page.getByTestId('offline-banner')).toHaveCount(0);
      if (member === DEMO.alex) await shell.signOut();
    }
    expect(problems).toEqual([]);
  });

  test('the menu drawer and the notifications panel fit a 320 px phone, in light and dark', async ({ page, loginPage }) => {
    await loginPage.signInAs(DEMO.alex);
    await page.setViewportSize({ width: 320, height: 640 });
    const problems: string[] = [];
    for (const theme of THEMES) {
      await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(page.locator('#side-menu')).toBeVisible();
      problems.push(...(await layoutProblems(page)).map((p) => `menu ${theme}: ${p}`), ...(await axeViolations(page)).map((p) => `menu ${theme}: ${p}`));
      await page.keyboard.press('Escape');
      await page.goto('/classes');
      await page.getByTestId('notifications-bell').click();
      await expect(page.getByRole('heading', { name: 'Notifications' })).toBeVisible();
      problems.push(...(await layoutProblems(page)).map((p) => `bell ${theme}: ${p}`), ...(await axeViolations(page)).map((p) => `bell ${theme}: ${p}`));
      await page.goto('/classes');
    }
    expect(problems).toEqual([]);
  });

  test('Estonian, the longest words here, fits a 320 px phone on the timetable, a class and the profile', async ({ page, loginPage }) => {
    await loginPage.signInAs(DEMO.kai);
    await page.setViewportSize({ width: 320, height: 640 });
    const problems: string[] = [];
    const classPath = await firstHref(page, '/classes', 'a[href^="/classes/"]');
    for (const route of ['/classes', classPath, '/bookings', '/profile', '/profile/facilities', '/settings']) {
      await visit(page, route);
      await settle(page);
      problems.push(...(await layoutProblems(page)).map((p) => `${route}: ${p}`));
    }
    expect(problems).toEqual([]);
  });

  test('the theme follows the system until the member chooses one in Settings, and the choice stays', async ({ page, loginPage }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await loginPage.signInAs(DEMO.alex);
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const dark = await background();
    await page.goto('/settings');
    await page.getByRole('radio', { name: 'Light' }).check();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    // Colours change through a transition (0.01 ms under reduced motion): read once it has ended.
    await expect.poll(background).not.toBe(dark);
    await page.reload();
    await expect(page.getByRole('radio', { name: 'Light' })).toBeChecked();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await page.getByRole('radio', { name: 'Automatic' }).check();
    await expect(page.locator('html')).not.toHaveAttribute('data-theme', /./);
    await expect.poll(background).toBe(dark);
  });

  test('the layout of /classes does not shift while it loads, goes offline and the offline chip comes and goes', async ({ page, context, loginPage }) => {
    await loginPage.signInAs(DEMO.alex);
    await page.addInitScript(() => {
      const w = window as unknown as { __cls: number };
      w.__cls = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!entry.hadRecentInput) w.__cls += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto('/classes');
    await expect(page.getByTestId('session-row').first()).toBeVisible();
    await context.setOffline(true);
    await expect(page.getByTestId('offline-banner')).toBeVisible();
    await context.setOffline(false);
    await expect(page.getByTestId('offline-banner')).toHaveCount(0);
    await page.waitForTimeout(500);
    const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
    console.log(`CLS on /classes (load, offline, online): ${cls.toFixed(4)}, budget 0.02`);
    expect(cls).toBeLessThanOrEqual(0.02);
  });
});

test.describe('lift planning at phone width', () => {
  test('the lift form with last time, a percentage scheme and the plate calculator (also on its own) fits a 320 px phone, in light and dark', async ({ page, loginPage }) => {
    await loginPage.signInAs(DEMO.alex);
    await page.setViewportSize({ width: 320, height: 640 });
    await visit(page, '/training');
    await expect(page.getByTestId('workout-row').first()).toBeVisible();
    await visit(page, '/training/workouts/new/lift');
    await page.getByTestId('lift-movement').selectOption({ label: 'Back Squat' });
    await expect(page.getByTestId('last-time')).toBeVisible();
    await page.getByTestId('lift-scheme').fill('5x3 @ 80%');
    await expect(page.getByTestId('lift-percent')).toBeVisible();
    const problems: string[] = [];
    for (const theme of THEMES) {
      await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
      problems.push(...(await layoutProblems(page)).map((p) => `form ${theme}: ${p}`), ...(await axeViolations(page)).map((p) => `form ${theme}: ${p}`));
      await page.getByTestId('set-plates').first().click();
      await expect(page.getByTestId('plates-per-side')).toBeVisible();
      problems.push(...(await layoutProblems(page)).map((p) => `plates ${theme}: ${p}`), ...(await axeViolations(page)).map((p) => `plates ${theme}: ${p}`));
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('plates-dialog')).toHaveCount(0);
    }
    // On its own, from the lifts list.
    await visit(page, '/training/lifts');
    await page.getByTestId('plate-calculator').click();
    await page.getByTestId('plates-weight').fill('142.5');
    await expect(page.getByTestId('plates-per-side')).toBeVisible();
    for (const theme of THEMES) {
      await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
      problems.push(...(await layoutProblems(page)).map((p) => `lifts plates ${theme}: ${p}`), ...(await axeViolations(page)).map((p) => `lifts plates ${theme}: ${p}`));
    }
    expect(problems).toEqual([]);
  });
});

/**
 * The lift form's sets and rest timer: each set is one line of controls (and no taller than a
 * control and its padding); with the rest running, no control of the form is behind the timer
 * when focused, whether the page was scrolled to put it at the top or at the bottom of the screen,
 * and at the end of the page the last controls clear it.
 */
async function liftFormProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const rows = Array.from(document.querySelectorAll<HTMLElement>('[data-testid="set-row"]'));
    rows.forEach((row, index) => {
      const controls = Array.from(row.querySelectorAll<HTMLElement>('input, button, select, label')).filter((el) => el.getBoundingClientRect().width > 1);
      const boxes = controls.map((el) => el.getBoundingClientRect());
      if (boxes.length > 0 && Math.max(...boxes.map((b) => b.top)) >= Math.min(...boxes.map((b) => b.bottom))) problems.push(`set ${index + 1} takes more than one line`);
      const height = Math.round(row.getBoundingClientRect().height);
      if (height > 64) problems.push(`set ${index + 1} is ${height} px tall`);
    });
    const timer = document.querySelector<HTMLElement>('[data-testid="rest-timer"]');
    if (!timer) return [...problems, 'no rest timer'];
    const topbar = document.querySelector('.topbar')?.getBoundingClientRect().bottom ?? 0;
    const form = document.querySelector<HTMLElement>('[data-testid="lift-form"]')!;
    const controls = Array.from(form.querySelectorAll<HTMLElement>('input, select, textarea, button, a[href]')).filter((el) => !timer.contains(el) && el.getBoundingClientRect().width > 1);
    const covered = (el: HTMLElement) => {
      const a = el.getBoundingClientRect();
      const b = timer.getBoundingClientRect();
      return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    };
    const name = (el: HTMLElement) => (el.getAttribute('aria-label') ?? (el as HTMLInputElement).labels?.[0]?.textContent ?? el.textContent ?? el.tagName).trim().slice(0, 30);
    const start = window.scrollY;
    const focusFresh = (el: HTMLElement) => {
      (document.activeElement as HTMLElement | null)?.blur();
      el.focus();
    };
    for (const el of controls) {
      // Scrolled just below the top bar, then focused (as a member tabbing to it); then just above
      // the bottom of the screen.
      window.scrollTo(0, window.scrollY + el.getBoundingClientRect().top - topbar - 1);
      focusFresh(el);
      if (covered(el)) problems.push(`the rest timer covers "${name(el)}" focused at the top of the screen`);
      window.scrollTo(0, window.scrollY + el.getBoundingClientRect().bottom - window.innerHeight + 1);
      focusFresh(el);
      if (covered(el)) problems.push(`the rest timer covers "${name(el)}" focused at the bottom of the screen`);
    }
    window.scrollTo(0, document.documentElement.scrollHeight);
    for (const el of controls) {
      const box = el.getBoundingClientRect();
      if (box.bottom > 0 && box.top < window.innerHeight && covered(el)) problems.push(`at the end of the page the rest timer covers "${name(el)}"`);
    }
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, start);
    return [...new Set(problems)];
  });
}

/** Every comment box has an id of its own and exactly one label; each comment's actions sit on one line. */
async function feedProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const boxes = Array.from(document.querySelectorAll<HTMLTextAreaElement>('main textarea'));
    const ids = boxes.map((box) => box.id);
    if (new Set(ids).size !== ids.length) problems.push(`comment boxes share ids: ${ids.join(', ')}`);
    boxes.forEach((box, index) => {
      if (box.labels?.length !== 1) problems.push(`comment box ${index + 1} has ${box.labels?.length ?? 0} labels`);
    });
    document.querySelectorAll<HTMLElement>('[data-testid="comment-actions"]').forEach((row, index) => {
      const controls = Array.from(row.querySelectorAll<HTMLElement>('button')).map((el) => el.getBoundingClientRect()).filter((b) => b.width > 1);
      if (controls.length > 0 && Math.max(...controls.map((b) => b.top)) >= Math.min(...controls.map((b) => b.bottom))) problems.push(`comment ${index + 1}: its actions take more than one line`);
    });
    if (document.querySelectorAll('[data-testid="comment-actions"]').length === 0) problems.push('no comment actions');
    return problems;
  });
}

/** A table that is wider than its box is cut: the progress table fits the screen instead. */
async function tableProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => Array.from(document.querySelectorAll<HTMLElement>('main table')).flatMap((table) => {
    const box = table.parentElement!;
    return box.scrollWidth > box.clientWidth + 1 ? [`table "${table.querySelector('caption')?.textContent ?? ''}" is cut: ${box.scrollWidth} > ${box.clientWidth}`] : [];
  }));
}

test.describe('training and feed states at phone widths', () => {
  test.describe.configure({ timeout: 600_000 });
  test.beforeAll(() => mkdirSync(SCREENS_DIR, { recursive: true }));

  test('the lift form: each set one row of labelled 44 px controls, and the running rest timer covers nothing', async ({ page, loginPage }) => {
    await loginPage.signInAs(DEMO.alex);
    await page.setViewportSize({ width: 390, height: 844 });
    await visit(page, '/training');
    await expect(page.getByTestId('workout-row').first()).toBeVisible();
    await page.getByRole('link', { name: 'Log a workout' }).click();
    await page.getByTestId('new-lift').click();
    await page.getByTestId('lift-movement').selectOption({ label: 'Back Squat' });
    await page.getByTestId('lift-scheme').fill('5x5');
    await expect(page.getByTestId('set-row')).toHaveCount(5);
    for (let number = 1; number <= 5; number += 1) {
      const set = page.getByRole('group', { name: `Set ${number}` });
      await expect(set.getByRole('textbox', { name: 'Reps' })).toHaveValue('5');
      await set.getByRole('textbox', { name: 'Weight (kg)' }).fill('100');
      await expect(set.getByRole('button', { name: `Plates for set ${number}` })).toBeVisible();
    }
    await page.getByRole('checkbox', { name: 'Set 1 done' }).check();
    await expect(page.getByTestId('rest-skip')).toBeVisible();
    const findings: Finding[] = [];
    const checks = await sweepState(page, 'lift form resting', findings, liftFormProblems);
    report(findings, checks, 'the lift form, resting');
    expect(findings.map((f) => `${f.route} @${f.width} ${f.theme}: ${f.problem}`)).toEqual([]);
  });

  test('the feed: compact reactions with a picker, and a labelled comment box of its own on every post', async ({ page, loginPage, shell }) => {
    await loginPage.signInAs(DEMO.alex);
    await page.setViewportSize({ width: 390, height: 844 });
    await shell.openMenu();
    await shell.menuItem('feed').click();
    const post = page.getByTestId('post').filter({ has: page.getByTestId('comment') }).first();
    const comment = post.getByTestId('comment').first();
    await expect(comment).toBeVisible();
    const findings: Finding[] = [];
    let checks = await sweepState(page, 'feed', findings, feedProblems);
    // One control for reactions: it shows the count and opens a picker of the four.
    const actions = comment.getByTestId('comment-actions').first();
    await expect(actions.getByRole('button', { name: /^React/ }), findings.map((f) => `${f.route} @${f.width} ${f.theme}: ${f.problem}`).join('\n')).toHaveCount(1);
    await expect(actions.getByRole('button', { name: /^(Like|Love|Strong|Celebrate)/ })).toHaveCount(0);
    await actions.getByRole('button', { name: /^React/ }).click();
    const picker = page.getByRole('menu', { name: 'Reactions' });
    await expect(picker.getByRole('menuitemradio')).toHaveCount(4);
    checks += await sweepState(page, 'feed reaction picker', findings);
    await picker.getByRole('menuitemradio', { name: /^Strong/ }).click();
    await expect(actions.getByRole('button', { name: /^React/ })).toHaveAccessibleName(/yours: Strong/);
    report(findings, checks, 'the feed');
    expect(findings.map((f) => `${f.route} @${f.width} ${f.theme}: ${f.problem}`)).toEqual([]);
  });

  test('a movement’s progress table fits the screen', async ({ page, loginPage }) => {
    await loginPage.signInAs(DEMO.alex);
    await page.setViewportSize({ width: 320, height: 844 });
    await visit(page, '/training/lifts');
    await page.getByRole('link', { name: /Back Squat/ }).first().click();
    await page.getByText('Show as table').click();
    await expect(page.getByTestId('lift-progress-row').first()).toBeVisible();
    const findings: Finding[] = [];
    const checks = await sweepState(page, 'progress table', findings, tableProblems);
    report(findings, checks, 'the progress table');
    expect(findings.map((f) => `${f.route} @${f.width} ${f.theme}: ${f.problem}`)).toEqual([]);
  });

  test('the import screen: the file chooser is one of the app’s buttons, and Import is in view once a file is read', async ({ page, loginPage }) => {
    await loginPage.signInAs(DEMO.alex);
    await page.setViewportSize({ width: 390, height: 844 });
    await visit(page, '/training');
    await page.getByTestId('training-import').click();
    await expect(page.getByRole('heading', { name: 'Import workouts' })).toBeVisible();
    // A real file input behind a label that looks like a button.
    const chooser = page.getByLabel('Choose a CSV file');
    await expect(chooser).toHaveAttribute('type', 'file');
    await expect(page.locator('label.btn', { hasText: 'Choose a CSV file' })).toBeVisible();
    const findings: Finding[] = [];
    let checks = await sweepState(page, 'import', findings);
    // With a warm-up set, so its line is swept too.
    const csv = ['Date,Exercise Name,Set Order,Weight,Reps', '2024-03-01 07:00:00,Back Squat,W,60,5', '2024-03-01 07:00:00,Back Squat,1,100,5', '2024-03-01 07:00:00,Back Squat,2,100,5', '2024-03-03 07:00:00,Zercher Squat,1,80,5'].join('\n');
    await chooser.setInputFiles({ name: 'strong.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await expect(page.getByText('strong.csv', { exact: true })).toBeVisible();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(page.getByTestId('import-summary')).toHaveText(/^1 workout to import\./);
    await expect(page.getByTestId('import-submit')).toBeInViewport();
    await expect(page.getByTestId('import-warmups')).toHaveText('1 warm-up set left out: warm-ups are not records.');
    checks += await sweepState(page, 'import mapping', findings);
    report(findings, checks, 'the import screen');
    expect(findings.map((f) => `${f.route} @${f.width} ${f.theme}: ${f.problem}`)).toEqual([]);
  });
});

test.describe('the error screen at phone widths', () => {
  test.describe.configure({ timeout: 600_000 });

  test('a class page that cannot be shown: Something went wrong with Reload and Go to the timetable fits 320–430 px in light and dark and passes axe', async ({ page, context, loginPage }) => {
    await loginPage.signInAs(DEMO.alex);
    const row = page.getByTestId('session-row').first();
    await expect(row).toBeVisible();
    // Offline, so no fresh copy of the class replaces the bad row below.
    await goOffline(context);
    const id = Number(await row.getAttribute('data-session-id'));
    // A stored row gone bad (an instructor that is null) makes the class page throw while rendering.
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
    await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to the timetable' })).toBeVisible();
    const findings: Finding[] = [];
    const checks = await sweepState(page, 'error screen', findings);
    report(findings, checks, 'the error screen');
    expect(findings.map((f) => `${f.route} @${f.width} ${f.theme}: ${f.problem}`)).toEqual([]);
  });
});
