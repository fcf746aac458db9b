import type { Page } from '@playwright/test';
import { test, expect, expectAccessible, goOffline, goOnline, waitForServiceWorker, DEMO } from './fixtures';
import { MemberApi, countVisits, fillClass, placesTaken, setClass, withDatabase } from './support/studio';
import { isInLateCancelWindow } from '../core/rules/session';
import type { Session } from '../core/contract/types';

const badges = (page: Page) => page.locator('.tab-panel .status-badges').first();

async function classId(api: MemberApi, facility: string, pick: (s: Session) => boolean): Promise<number> {
  const found = (await api.sessions(facility)).find(pick);
  if (!found) throw new Error('no matching class in the seed');
  return found.id;
}

const tomorrowsBarbellBasics = (s: Session) => s.name === 'Barbell Basics' && Date.parse(s.start_date) > Date.now();

test.describe('offline-first booking', () => {
  test('the timetable opens offline after one visit', async ({ page, context, loginPage }) => {
    await loginPage.signInAs(DEMO.alex);
    await waitForServiceWorker(page);
    const tomorrow = page.locator('.week-nav__day').nth(1);
    await tomorrow.click();
    await expect(page.getByTestId('session-row').filter({ hasText: 'Barbell Basics' })).toBeVisible();
    await expectAccessible(page);

    await goOffline(context);
    await page.reload();
    await expect(page.getByTestId('offline-banner')).toBeVisible();
    await tomorrow.click();
    await expect(page.getByTestId('session-row').filter({ hasText: 'Barbell Basics' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
    await page.getByTestId('session-row').filter({ hasText: 'Barbell Basics' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Barbell Basics');
    await goOnline(context);
  });

  test('a class booked offline waits to sync, survives a reload and reaches the server once', { tag: '@two-processes' }, async ({ page, context, loginPage, baseURL }) => {
    const alex = await MemberApi.signIn(baseURL!, DEMO.alex.email);
    const id = await classId(alex, 'Wellington', tomorrowsBarbellBasics);
    await loginPage.signInAs(DEMO.alex);
    await waitForServiceWorker(page);
    await page.goto(`/classes/${id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Barbell Basics');
    await expectAccessible(page);

    await goOffline(context);
    await page.getByRole('button', { name: 'Book', exact: true }).click();
    await expect(badges(page).getByText('Booked', { exact: true })).toBeVisible();
    await expect(page.getByTestId('waiting-to-sync')).toBeVisible();
    await expect(page.getByTestId('sync-indicator')).toBeVisible();
    expect(await countVisits(id, DEMO.alex.email)).toBe(0);

    await page.reload();
    await expect(badges(page).getByText('Booked', { exact: true })).toBeVisible();
    await expect(page.getByTestId('waiting-to-sync')).toBeVisible();

    await goOnline(context);
    await expect(page.getByTestId('waiting-to-sync')).toHaveCount(0, { timeout: 15_000 });
    await expect(badges(page).getByText('Booked', { exact: true })).toBeVisible();
    expect(await countVisits(id, DEMO.alex.email, 'booked')).toBe(1);
    expect(await countVisits(id, DEMO.alex.email)).toBe(1);
    await alex.close();
  });

  test('a late cancel asks first, with the exact prompt, and is recorded', async ({ page, loginPage, baseURL }) => {
    const alex = await MemberApi.signIn(baseURL!, DEMO.alex.email);
    const id = await classId(alex, 'Wellington', (s) => s.visit?.state === 'booked' && isInLateCancelWindow(s, new Date()));
    await loginPage.signInAs(DEMO.alex);
    await page.goto(`/classes/${id}`);
    await page.getByRole('button', { name: 'Late cancel' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Confirm late cancel' });
    await expect(dialog).toContainText('counts as a visit against your membership or pass');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'No, keep my booking' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(badges(page).getByText('Booked', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Late cancel' }).click();
    await page.getByRole('alertdialog', { name: 'Confirm late cancel' }).getByRole('button', { name: 'Yes, late cancel my booking' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Cancelled' })).toBeVisible();
    // The server has it (the chip may not have appeared yet when the badge changes: poll the server).
    await expect.poll(() => countVisits(id, DEMO.alex.email, 'cancelled'), { timeout: 15_000 }).toBe(1);
    await expect(page.getByTestId('waiting-to-sync')).toHaveCount(0);
    await alex.close();

    // On a phone, the visit says it once: late cancelled (it is a kind of cancelled), not "Cancelled · Late cancel".
    await page.setViewportSize({ width: 390, height: 844 });
    const visit = await withDatabase((db) => db.selectFrom('visits').innerJoin('members_profiles', 'members_profiles.id', 'visits.profile_id').select('visits.id').where('visits.session_id', '=', id).where('members_profiles.email', '=', DEMO.alex.email).executeTakeFirstOrThrow());
    await page.goto(`/visits/${visit.id}`);
    await expect(page.getByTestId('visit-facts').getByText(/cancel/i)).toHaveText('Late cancelled');
  });

  test('a class that filled while offline rolls back and says why', { tag: '@two-processes' }, async ({ page, context, loginPage, baseURL }) => {
    const sam = await MemberApi.signIn(baseURL!, DEMO.sam.email);
    const id = await classId(sam, 'Petone', tomorrowsBarbellBasics);
    await loginPage.signInAs(DEMO.sam);
    await waitForServiceWorker(page);
    await page.goto('/profile/facilities');
    await page.getByRole('button', { name: 'Choose Harbour Strength Petone' }).click();
    await expect(page).toHaveURL(/\/classes$/);
    await page.goto(`/classes/${id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Barbell Basics');

    await goOffline(context);
    await page.getByRole('button', { name: 'Book', exact: true }).click();
    await expect(page.getByTestId('waiting-to-sync')).toBeVisible();
    await fillClass(id); // meanwhile the studio gives away the last places
    await goOnline(context);

    await expect(page.getByRole('alert').filter({ hasText: 'This class is full.' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('waiting-to-sync')).toHaveCount(0);
    await expect(badges(page).getByText('Booked', { exact: true })).toHaveCount(0);
    expect(await countVisits(id, DEMO.sam.email)).toBe(0);
    await sam.close();
  });

  test("Sam's cancel offers Alex the waitlisted place, and Alex confirms it", { tag: '@two-processes' }, async ({ page, loginPage, baseURL }) => {
    const sam = await MemberApi.signIn(baseURL!, DEMO.sam.email);
    const samBooking = (await sam.bookings('Wellington')).find((v) => v.session.name === 'CrossFit' && v.state === 'booked' && v.session.full);
    expect(samBooking, 'Sam is booked on the full CrossFit class').toBeTruthy();
    const id = samBooking!.session.id;
    expect((await sam.put(`/visits/${samBooking!.id}/cancel`, 'Wellington')).status).toBe(200);

    await loginPage.signInAs(DEMO.alex);
    await page.goto(`/classes/${id}`);
    const prompt = page.getByRole('dialog', { name: 'Confirm reservation' });
    await expect(prompt).toContainText('Please confirm or decline your reservation for CrossFit at');
    await expectAccessible(page);
    await prompt.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Confirmed' })).toBeVisible();
    await expect(badges(page).getByText('Booked', { exact: true })).toBeVisible();
    // The server has it (the chip may not have appeared yet when the badge changes: poll the server).
    await expect.poll(() => countVisits(id, DEMO.alex.email, 'booked'), { timeout: 15_000 }).toBe(1);
    await expect(page.getByTestId('waiting-to-sync')).toHaveCount(0);
    await sam.close();
  });

  test('bookings, visits, whiteboard and the class tabs render and pass axe', async ({ page, loginPage }) => {
    await loginPage.signInAs(DEMO.alex);
    await page.goto('/bookings');
    await expect(page.getByTestId('visit-row').first()).toBeVisible();
    await expectAccessible(page);
    await page.goto('/visits');
    await expect(page.getByTestId('visit-row').first()).toBeVisible();
    await expectAccessible(page);
    await page.getByTestId('visit-row').first().getByRole('link').click();
    await expect(page).toHaveURL(/\/visits\/\d+$/);
    await expectAccessible(page);
    await page.goto('/whiteboard');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Whiteboard');
    await expectAccessible(page);
    await page.goto('/classes');
    await page.getByTestId('session-row').first().click();
    for (const tab of ['Online', 'Workouts', 'Leaderboard', 'Overview']) {
      await page.getByRole('link', { name: tab }).click();
      await expectAccessible(page);
    }
  });
});

test.describe('joining a waitlist (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('Alex, opening the app on a full class, joins its waitlist: on it at once, the place in line from the studio within seconds', { tag: '@two-processes' }, async ({ page, loginPage, baseURL }) => {
    const alex = await MemberApi.signIn(baseURL!, DEMO.alex.email);
    const id = await classId(alex, 'Wellington', (s) => tomorrowsBarbellBasics(s) && s.visit === null);
    await setClass(id, { capacity: await placesTaken(id), waitlists_on: true });
    await loginPage.signInAs(DEMO.alex);
    // The app opens on the class (as from a notification or a shared link), a fresh page.
    await page.goto(`/classes/${id}`);
    await expect(page.getByTestId('booking-block')).toContainText('This class is full: join the waitlist');

    // The studio's answer is held back until the screen has been seen without it.
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    await page.context().route(`**/api/v1/sessions/${id}/waitlist`, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Join waitlist' }).click();
    // At once, before the studio has answered: the member's new state, in words.
    await expect(badges(page).getByText('Waitlisted', { exact: true })).toBeVisible();
    await expect(page.getByTestId('waitlist-standing')).toHaveText('You are on the waitlist.');
    await expect(page.getByRole('button', { name: 'Remove from waitlist' })).toBeVisible();
    answer();
    // The studio's answer brings the place in line: sent at once, not when the page has settled
    // (it used to wait 2–5 s for the first screen's fallback before anything was sent).
    await expect(page.getByTestId('waitlist-standing')).toHaveText('1st on the waitlist', { timeout: 2_000 });
    await expect(page.getByTestId('waiting-to-sync')).toHaveCount(0);
    expect(await countVisits(id, DEMO.alex.email, 'waitlisted')).toBe(1);
    await expectAccessible(page);
    await alex.close();
  });
});

test.describe('drop-in on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a class shows its drop-in spaces exactly when it offers Drop in: not once it is full', async ({ page, loginPage, baseURL }) => {
    const api = await MemberApi.signIn(baseURL!, DEMO.alex.email);
    const now = Date.now();
    const open = (await api.sessions('Wellington')).filter((s) => s.name === 'CrossFit' && s.dropin_spaces === 2 && s.visit === null && !s.full && !s.cancelled && Date.parse(s.booking_open_date) < now && Date.parse(s.start_date) > now + 3_600_000);
    await api.close();
    expect(open.length, 'two CrossFit classes Alex can drop in to').toBeGreaterThanOrEqual(2);
    const [full, free] = [open[0]!.id, open[1]!.id];
    await fillClass(full);
    await loginPage.signInAs(DEMO.alex);

    await page.goto(`/classes/${free}`);
    await expect(badges(page)).toContainText('2 drop-in spaces');
    await expect(page.locator('[data-action="dropin"]')).toHaveText('Drop in');
    await expect(page.getByTestId('class-facts')).toContainText('Drop-in');

    await page.goto(`/classes/${full}`);
    await expect(badges(page)).toContainText('Full');
    await expect(page.locator('[data-action="dropin"]')).toHaveCount(0);
    await expect(badges(page)).not.toContainText('drop-in');
    await expect(page.getByTestId('class-facts')).not.toContainText('Drop-in');
  });
});
