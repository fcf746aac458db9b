import { test, expect, goOffline, goOnline, waitForServiceWorker, DEMO } from './fixtures';
import { LoginPage } from './pages/LoginPage';
import { MemberApi, withDatabase } from './support/studio';
import { sweepState, type Finding } from './support/layout';

// Friends (issue 31 item 6): Alex invites from the Friends screen, Sam opens the link signed out,
// signs in, comes back to it and accepts; Sam's booking shows on Alex's timetable ("Sam is booked"),
// with the network cut too; Sam turns sharing off in Settings and Alex, back online, no longer sees it.

/** A Wellington class in the timetable's first days, bookable, that neither member is in. */
async function classForSam(): Promise<{ id: number; day: string }> {
  return withDatabase(async (db) => {
    const row = await db
      .selectFrom('sessions')
      .innerJoin('facilities', 'facilities.id', 'sessions.facility_id')
      .select(['sessions.id', 'sessions.start_at'])
      .where('facilities.name', '=', 'Wellington')
      .where('sessions.cancelled', '=', 0)
      .where('sessions.capacity', '>', 5)
      .where('sessions.start_at', '>', new Date(Date.now() + 26 * 3_600_000).toISOString())
      .where('sessions.start_at', '<', new Date(Date.now() + 4 * 86_400_000).toISOString())
      .where('sessions.booking_open_at', '<=', new Date().toISOString())
      .where((eb) => eb.not(eb.exists(eb.selectFrom('visits').select('visits.id').whereRef('visits.session_id', '=', 'sessions.id'))))
      .orderBy('sessions.start_at')
      .executeTakeFirstOrThrow();
    return { id: row.id, day: new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Auckland' }).format(new Date(row.start_at)) };
  });
}

test.describe('friends', () => {
  test('Alex invites Sam by link; Sam accepts; Alex sees Sam booked, offline too, until Sam turns sharing off', async ({ page, context, browser, loginPage, baseURL }) => {
    // The states only this journey reaches, at 320–430 px in light and dark (axe at 390 px).
    const findings: Finding[] = [];
    await loginPage.signInAs(DEMO.alex);
    await waitForServiceWorker(page);

    // Alex reaches Friends by tapping: the profile, then Friends.
    await page.getByTestId('profile-link').click();
    await page.getByRole('link', { name: 'Friends' }).click();
    await expect(page.getByRole('heading', { name: 'Friends', level: 1 })).toBeVisible();
    await expect(page.getByText('No friends yet')).toBeVisible();
    await page.getByRole('button', { name: 'Invite a friend' }).click();
    const link = (await page.getByTestId('friend-invite-link').textContent())!;
    expect(link).toMatch(/\/friends\/accept\/[\w-]{40,}$/);
    await expect(page.getByTestId('qr-code')).toBeVisible();
    await expect(page.getByRole('button', { name: /Copy link|Share link/ })).toBeVisible();
    await sweepState(page, 'friends (an invitation)', findings);

    // Sam opens the link signed out: sign in, and back to the invitation.
    const samContext = await browser.newContext({ baseURL, locale: 'en-NZ', timezoneId: 'Pacific/Auckland', viewport: { width: 390, height: 844 } });
    try {
      const sam = await samContext.newPage();
      await sam.goto(link);
      await new LoginPage(sam).signIn(DEMO.sam.email, DEMO.sam.password);
      await expect(sam).toHaveURL(/\/friends\/accept\//);
      await expect(sam.getByRole('heading', { name: 'Alex wants to be friends' })).toBeVisible();
      await sweepState(sam, 'friend invitation to accept', findings);
      await sam.getByRole('button', { name: 'Accept' }).click();
      await expect(sam).toHaveURL(/\/friends$/);
      await expect(sam.getByTestId('friend-row')).toContainText('Alex Rivera');

      // Sam books a class; Alex's timetable says so.
      const { id, day } = await classForSam();
      const samApi = await MemberApi.signIn(baseURL!, DEMO.sam.email);
      expect((await samApi.post(`/sessions/${id}/book`, 'Wellington')).status).toBe(201);
      await samApi.close();

      await page.goto(`/classes?date=${day}`);
      const row = page.locator(`[data-session-id="${id}"]`);
      await expect(row.getByTestId('friends-line')).toHaveText('Sam is booked');
      await row.click();
      await expect(page.getByRole('navigation', { name: 'Class sections' })).toBeVisible();
      await expect(page.getByTestId('friends-line')).toHaveText('Sam is booked');
      await sweepState(page, 'class (a friend booked)', findings);
      expect(findings.map((f) => `${f.route} @${f.width} ${f.theme}: ${f.problem}`)).toEqual([]);

      // With the network cut, after a reload: from IndexedDB.
      await goOffline(context);
      await page.goto(`/classes?date=${day}`);
      await expect(page.locator(`[data-session-id="${id}"]`).getByTestId('friends-line')).toHaveText('Sam is booked');

      // Sam turns sharing off in Settings.
      await sam.goto('/settings');
      const share = sam.getByLabel('Show my bookings to friends');
      await expect(share).toBeChecked();
      await share.uncheck();
      await expect.poll(() => withDatabase(async (db) => (await db.selectFrom('members_profiles').select('share_bookings_with_friends').where('email', '=', DEMO.sam.email).executeTakeFirstOrThrow()).share_bookings_with_friends)).toBe(0);

      // Alex, back online, no longer sees Sam on the class.
      await goOnline(context);
      await expect(page.locator(`[data-session-id="${id}"]`).getByTestId('friends-line')).toHaveCount(0);
    } finally {
      await samContext.close();
    }
  });
});
