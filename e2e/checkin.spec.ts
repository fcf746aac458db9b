// Check in at the front desk with the phone, offline (issue 31, item 1). The member's phone shows
// its rotating code with the network cut; the desk, a browser of its own whose camera is a file
// holding a picture of that code (Chromium's fake capture device), reads it with the network cut
// too, verifies it with the facility's public key, refuses it a second time and when expired, and
// sends the check-in exactly once when it is back online.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { sql } from 'kysely';
import { test, expect, expectAccessible, goOffline, goOnline, waitForServiceWorker, DEMO } from './fixtures';
import { headlessShellPath } from './chromium';
import { E2E_ADMIN_TOKEN } from './support/admin-token';
import { countOf, countVisits, MemberApi, withDatabase } from './support/studio';
import { sweepState, type Finding } from './support/layout';

const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** A class of the facility moved to start in 20 minutes, Sam booked in it: the class a check-in now is for. */
async function bookClassStartingSoon(baseURL: string, facilityName: string): Promise<number> {
  const sam = await MemberApi.signIn(baseURL, DEMO.sam.email);
  try {
    const later = (await sam.sessions(facilityName)).filter((s) => Date.parse(s.start_date) > Date.now() + 3 * 3_600_000 && !s.visit);
    const id = later[0]!.id;
    const start = new Date(Date.now() + 20 * 60_000);
    await withDatabase((db) =>
      db.updateTable('sessions').set({
          start_at: start.toISOString(),
          end_at: new Date(start.getTime() + 3_600_000).toISOString(),
          booking_open_at: new Date(Date.now() - 86_400_000).toISOString(),
          booking_close_at: start.toISOString(),
          cancellation_close_at: start.toISOString(),
          capacity: 20,
        }).where('id', '=', id).execute(),
    );
    expect((await sam.post(`/sessions/${id}/book`, facilityName)).status).toBe(201);
    return id;
  } finally {
    await sam.close();
  }
}

test.describe('check-in at the front desk', () => {
  test('the phone shows its code offline; the desk reads it offline, refuses it again and once expired, and sends it once', async ({ page, context, loginPage, shell, baseURL }) => {
    test.slow();
    const folder = await mkdtemp(join(tmpdir(), 'desk-camera-'));
    const camera = join(folder, 'camera.mjpeg');
    // The desk's camera shows nothing until the member's code is there.
    await writeFile(camera, await page.screenshot({ type: 'jpeg', clip: { x: 0, y: 0, width: 320, height: 320 } }));
    const desk = await chromium.launch({
      executablePath: headlessShellPath(),
      args: [...CHROMIUM_ARGS, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${camera}`],
    });
    try {
      // Sam opens the check-in code from the menu while online: the phone is set up for it.
      await loginPage.signInAs(DEMO.sam);
      await waitForServiceWorker(page);
      await shell.openMenu();
      await shell.menuItem('checkin').click();
      await expect(page.getByRole('heading', { name: 'Check-in code', level: 1 })).toBeVisible();
      await expect(page.getByTestId('qr-code')).toBeVisible();
      const facilityName = (await page.locator('.checkin__where').textContent())!;
      await expectAccessible(page);
      const sessionId = await bookClassStartingSoon(baseURL!, facilityName);

      // The desk is set up online with the admin token, for Sam's facility.
      const deskContext = await desk.newContext({ baseURL, permissions: ['camera'], locale: 'en-NZ', timezoneId: 'Pacific/Auckland', viewport: { width: 390, height: 844 } });
      // The desk's clock is Playwright's from the start, running on real time. Installed later (by
      // setSystemTime below), it read 1970 for a moment before the new time reached the page (10 of
      // 10 tries): a list fetched then gave the desk an offset to the server's clock of decades, and
      // the code was refused as "check-in has expired", not "code has expired" (2 CI runs in ~85).
      await deskContext.clock.install();
      const deskPage = await deskContext.newPage();
      await deskPage.goto('/desk');
      await expect(deskPage.getByRole('heading', { name: 'Front desk', level: 1 })).toBeVisible();
      await deskPage.getByLabel('Admin token').fill(E2E_ADMIN_TOKEN);
      await deskPage.getByRole('button', { name: 'Continue' }).click();
      const option = deskPage.locator('#desk-facility option', { hasText: `${facilityName} · ` });
      await deskPage.getByLabel('Facility').selectOption((await option.getAttribute('value'))!);
      await deskPage.getByRole('button', { name: 'Set up this desk' }).click();
      await expect(deskPage.getByText(/Today's list from .*: \d+ bookings?/)).toBeVisible();
      await waitForServiceWorker(deskPage);
      await expectAccessible(deskPage);

      // Both lose the network. Sam's phone still shows a code, minted on the phone.
      await goOffline(context);
      await goOffline(deskContext);
      await page.reload();
      await expect(page.getByTestId('qr-code')).toBeVisible();
      const digits = (await page.getByTestId('checkin-digits').textContent())!;
      await writeFile(camera, await page.getByTestId('qr-code').screenshot({ type: 'jpeg', quality: 95 }));

      // The desk reads it with its camera: Sam, the class, checked in (to be sent).
      await deskPage.reload();
      await deskPage.getByTestId('desk-scan').click();
      const result = deskPage.getByTestId('desk-result');
      await expect(result).toContainText('Sam');
      await expect(result).toContainText('Checked in');
      await expect(deskPage.getByTestId('desk-queued')).toHaveText('1 check-in waiting to be sent');
      // The desk in use fits a phone, 320–430 px, light and dark.
      const findings: Finding[] = [];
      await sweepState(deskPage, 'desk (checked in offline)', findings);
      expect(findings.map((f) => `${f.route} @${f.width} ${f.theme}: ${f.problem}`)).toEqual([]);
      // The same code again (a photo of it): refused.
      await deskPage.getByTestId('desk-scan').click();
      await expect(result).toHaveText('This code was already used. Ask the member to show the current one.');
      // Digits read out wrong: refused.
      const wrong = digits.replace(/\d$/, (d) => String((Number(d) + 1) % 10));
      await deskPage.getByLabel('Or type the digits').fill(wrong);
      await deskPage.getByRole('button', { name: 'Check in' }).click();
      await expect(result).toHaveText('These digits are not right. Ask the member to read them again.');
      // Nothing reached the studio yet.
      expect(await countVisits(sessionId, DEMO.sam.email, 'attended')).toBe(0);

      // Back online: the check-in goes out once, and Sam is in the class.
      await goOnline(deskContext);
      await expect(deskPage.getByTestId('desk-queued')).toHaveCount(0);
      await expect.poll(() => countVisits(sessionId, DEMO.sam.email, 'attended')).toBe(1);
      await expect(deskPage.getByTestId('desk-row').first()).toContainText('Checked in');
      // Going online again (another reload) sends nothing twice.
      await deskPage.reload();
      await expect(deskPage.getByTestId('desk-row')).toHaveCount(1);
      expect(await countOf(sql<{ n: number }>`SELECT COUNT(*) AS n FROM checkins`)).toBe(1);

      // Five minutes later the picture of the code is refused as expired.
      await deskPage.clock.setSystemTime(Date.now() + 5 * 60_000);
      await deskPage.getByTestId('desk-scan').click();
      await expect(result).toHaveText('This code has expired. Ask the member to show the current one.');

      // The desk signed out elsewhere (its token revoked): it says so and is set up again.
      await deskPage.clock.setSystemTime(Date.now());
      const token = await deskPage.evaluate(
        () =>
          new Promise<string>((resolve, reject) => {
            const open = indexedDB.open('member-pwa-desk');
            open.onsuccess = () => {
              const get = open.result.transaction('state').objectStore('state').get('sign-in');
              get.onsuccess = () => resolve((get.result as { token: string }).token);
              get.onerror = () => reject(get.error);
            };
          }),
      );
      expect((await deskPage.request.post('/api/v1/desk/sign-out', { headers: { 'X-App-Id': 'member-pwa', Authorization: `Bearer ${token}` } })).status()).toBe(204);
      await deskPage.reload();
      await expect(deskPage.getByText('This desk is no longer signed in. Set it up again with the admin token.')).toBeVisible();
      await deskPage.getByRole('button', { name: 'Set up this desk again' }).click();
      await expect(deskPage.getByLabel('Admin token')).toBeVisible();
      await deskContext.close();
      await goOnline(context);
    } finally {
      await desk.close();
      await rm(folder, { recursive: true, force: true });
    }
  });
});
