import type { Page } from '@playwright/test';
import { test, expect, axeViolations, expectAccessible, goOffline, goOnline, DEMO } from './fixtures';
import { countVisits, placesTaken, setClass, withDatabase } from './support/studio';

// Recurring bookings and "why can't I book": a class made weekly from its page, listed in My
// bookings and stopped; a class whose booking has not opened says when, and stores a reminder.

async function alexId(): Promise<number> {
  return withDatabase(async (db) => (await db.selectFrom('members_profiles').select('id').where('email', '=', DEMO.alex.email).executeTakeFirstOrThrow()).id);
}

/** The next class at Wellington with this name whose booking is open (or not yet open) and that Alex is not in. */
async function wellingtonClass(name: string, open: boolean): Promise<number> {
  return wellingtonClassWithout(name, DEMO.alex.email, open);
}

/** The next class at Wellington with this name whose booking is open (or not yet open) and that this member is not in. */
async function wellingtonClassWithout(name: string, email: string, open = true): Promise<number> {
  const me = await withDatabase(async (db) => (await db.selectFrom('members_profiles').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id);
  const at = new Date().toISOString();
  return withDatabase(async (db) => {
    const row = await db
      .selectFrom('sessions')
      .innerJoin('facilities', 'facilities.id', 'sessions.facility_id')
      .select('sessions.id')
      .where('facilities.name', '=', 'Wellington')
      .where('sessions.name', '=', name)
      .where('sessions.cancelled', '=', 0)
      .where('sessions.start_at', '>', new Date(Date.now() + 3 * 3_600_000).toISOString())
      .where('sessions.booking_open_at', open ? '<=' : '>', at)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('visits').select('visits.id').whereRef('visits.session_id', '=', 'sessions.id').where('visits.profile_id', '=', me))))
      .orderBy('sessions.start_at')
      .executeTakeFirstOrThrow();
    return row.id;
  });
}

/** Axe in light and dark at 320 px, and nothing wider than the screen. */
async function fitsAPhone(page: Page): Promise<string[]> {
  await page.setViewportSize({ width: 320, height: 640 });
  const problems: string[] = [];
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
    problems.push(...(await axeViolations(page)).map((p) => `${theme}: ${p}`));
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    if (wide > 320) problems.push(`${theme}: the page is ${wide} px wide`);
  }
  return problems;
}

test.describe('recurring bookings', () => {
  test('Alex books a class every week, sees it in My bookings, and stops it', async ({ page, loginPage }) => {
    const id = await wellingtonClass('Mobility', true);
    const me = await alexId();
    await loginPage.signInAs(DEMO.alex);
    await page.goto(`/classes/${id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mobility');
    await page.getByRole('button', { name: 'Book every week' }).click();
    await expect(page.getByTestId('every-week')).toContainText('You book this class every week.');
    await expect(page.getByRole('button', { name: 'Stop booking Mobility every week' })).toBeVisible({ timeout: 15_000 });
    await expect.poll(() => withDatabase(async (db) => (await db.selectFrom('recurring_bookings').select(['name', 'stopped_at']).where('profile_id', '=', me).where('name', '=', 'Mobility').execute()))).toEqual([{ name: 'Mobility', stopped_at: null }]);
    expect(await fitsAPhone(page)).toEqual([]);

    await page.goto('/bookings');
    const row = page.getByTestId('recurring-row').filter({ hasText: 'Mobility' });
    await expect(row).toContainText(/Every \w+ at \d/);
    await expectAccessible(page);
    await row.getByRole('button', { name: 'Stop booking Mobility every week' }).click();
    await expect(row).toHaveCount(0);
    await expect.poll(() => withDatabase(async (db) => (await db.selectFrom('recurring_bookings').select('stopped_at').where('profile_id', '=', me).where('name', '=', 'Mobility').executeTakeFirstOrThrow()).stopped_at)).not.toBeNull();
  });

  test('a class whose booking is not open says when it opens, and Remind me stores the reminder', async ({ page, loginPage }) => {
    const id = await wellingtonClass('Olympic Lifting', false);
    const me = await alexId();
    await loginPage.signInAs(DEMO.alex);
    await page.goto(`/classes/${id}`);
    const why = page.getByTestId('booking-block');
    await expect(why).toHaveAttribute('data-reason', 'not_open');
    await expect(why).toContainText('Booking opens');
    await expect(page.getByRole('button', { name: 'Book', exact: true })).toHaveCount(0);
    await why.getByRole('button', { name: 'Remind me when it opens' }).click();
    await expect(page.getByTestId('reminder-set')).toContainText('We’ll remind you at');
    await expect.poll(() => withDatabase(async (db) => (await db.selectFrom('booking_reminders').select('sent_at').where('profile_id', '=', me).where('session_id', '=', id).execute()).length)).toBe(1);
    expect(await fitsAPhone(page)).toEqual([]);
    await why.getByRole('button', { name: 'Cancel reminder' }).click();
    await expect.poll(() => withDatabase(async (db) => (await db.selectFrom('booking_reminders').select('id').where('profile_id', '=', me).where('session_id', '=', id).execute()).length)).toBe(0);
  });
});

test.describe('Book every week: this week at once (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  const badges = (page: Page) => page.locator('.tab-panel .status-badges').first();

  test('this week’s class is booked at the tap: Book gives way to Booked, and the studio confirms it in seconds', async ({ page, loginPage }) => {
    const id = await wellingtonClass('Mobility', true);
    await loginPage.signInAs(DEMO.alex);
    await page.goto(`/classes/${id}`);
    await expect(page.getByRole('button', { name: 'Book', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Book every week' }).click();

    // At once, on the device: this week is booked, and nothing offers to book it again.
    const everyWeek = page.getByTestId('every-week');
    await expect(everyWeek).toContainText('You book this class every week.');
    await expect(everyWeek.getByTestId('this-week')).toHaveText(/^Booked for /);
    await expect(badges(page).getByText('Booked', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Book', exact: true })).toHaveCount(0);
    // The studio's answer, in seconds (the weekly run used to book it within the minute, and the device to see it after two).
    await expect(page.getByTestId('waiting-to-sync')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Stop booking Mobility every week' })).toBeVisible();
    expect(await countVisits(id, DEMO.alex.email, 'booked')).toBe(1);
    await expect(everyWeek.getByTestId('this-week')).toHaveText(/^Booked for /);
    expect(await fitsAPhone(page)).toEqual([]);
  });

  test('offline, a full class: on its waitlist at once with “Waiting to sync”, and the studio’s place in line once back online', async ({ page, context, loginPage }) => {
    const id = await wellingtonClass('HIIT', true);
    await setClass(id, { capacity: await placesTaken(id), waitlists_on: true });
    await loginPage.signInAs(DEMO.alex);
    await page.goto(`/classes/${id}`);
    await expect(page.getByRole('button', { name: 'Join waitlist' })).toBeVisible();

    await goOffline(context);
    await page.getByRole('button', { name: 'Book every week' }).click();
    await expect(page.getByTestId('this-week')).toHaveText(/^Waitlisted for /);
    await expect(badges(page).getByText('Waitlisted', { exact: true })).toBeVisible();
    await expect(page.getByTestId('waitlist-standing')).toHaveText('You are on the waitlist.');
    await expect(page.getByTestId('waiting-to-sync')).toBeVisible();
    await expect(page.getByTestId('every-week')).toContainText('Waiting to sync');
    expect(await countVisits(id, DEMO.alex.email)).toBe(0);

    await goOnline(context);
    await expect(page.getByTestId('waitlist-standing')).toHaveText('1st on the waitlist');
    await expect(page.getByTestId('waiting-to-sync')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Stop booking HIIT every week' })).toBeVisible();
    expect(await countVisits(id, DEMO.alex.email, 'waitlisted')).toBe(1);
  });

  test('nothing of Sam’s covers the class: the studio’s answer undoes the guess and says why, and Book is offered again', async ({ page, loginPage }) => {
    await withDatabase((db) => db.updateTable('memberships').set({ valid_to: new Date(Date.now() - 86_400_000).toISOString() })
      .where('profile_id', '=', db.selectFrom('members_profiles').select('id').where('email', '=', DEMO.sam.email)).execute());
    const id = await wellingtonClassWithout('Yoga Flow', DEMO.sam.email);
    await loginPage.signInAs(DEMO.sam);
    await page.goto(`/classes/${id}`);
    await page.getByRole('button', { name: 'Book every week' }).click();

    await expect(page.getByTestId('this-week')).toHaveText(/^Not booked for .*: No membership or pass of yours covers this class\.$/);
    await expect(page.getByTestId('waiting-to-sync')).toHaveCount(0);
    await expect(badges(page).getByText('Booked', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Book', exact: true })).toBeVisible();
    expect(await countVisits(id, DEMO.sam.email)).toBe(0);
    expect(await fitsAPhone(page)).toEqual([]);
  });
});
