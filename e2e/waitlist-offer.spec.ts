import type { BrowserContext, Page, Worker } from '@playwright/test';
import { test, expect, expectAccessible, goOffline, goOnline, waitForServiceWorker, DEMO } from './fixtures';
import { MemberApi, countVisits, placesTaken, setClass, withDatabase } from './support/studio';
import type { AppNotification, Session } from '../core/contract/types';
import { isBookable } from '../core/rules/session';

// The place in line and the offer's countdown on the class page, and an offer confirmed from the
// system notification's Confirm button while the device is offline (see docs/decisions.md#waitlist).

async function serviceWorker(context: BrowserContext): Promise<Worker> {
  return context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
}

/** Members of the class's organisation who cannot sign in and have no place in it: the rest of the line. */
async function waitingAhead(sessionId: number, count: number, before: Date): Promise<number[]> {
  return withDatabase(async (db) => {
    const { org_id } = await db.selectFrom('sessions').innerJoin('facilities', 'facilities.id', 'sessions.facility_id').select('facilities.org_id').where('sessions.id', '=', sessionId).executeTakeFirstOrThrow();
    const fillers = await db.selectFrom('accounts').innerJoin('members_profiles', 'members_profiles.id', 'accounts.profile_id').select('accounts.profile_id')
      .where('accounts.org_id', '=', org_id).where('members_profiles.password_hash', 'is', null)
      .where('accounts.profile_id', 'not in', db.selectFrom('visits').select('profile_id').where('session_id', '=', sessionId))
      .orderBy('accounts.profile_id').limit(count).execute();
    const ids: number[] = [];
    for (const [i, f] of fillers.entries()) {
      const at = new Date(before.getTime() - (count - i) * 60_000).toISOString();
      const row = await db.insertInto('visits').values({ profile_id: f.profile_id, session_id: sessionId, state: 'waitlisted', offer_expires_at: null, created_at: at, updated_at: at }).returning('id').executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    return ids;
  });
}

/** What this device has queued, read from IndexedDB in the page. */
function queuedOps(page: Page): Promise<string[]> {
  return page.evaluate(() => new Promise<string[]>((resolve, reject) => {
    const open = indexedDB.open('member-pwa');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const all = open.result.transaction('outbox').objectStore('outbox').getAll();
      all.onsuccess = () => {
        resolve((all.result as { op: string }[]).map((e) => e.op));
        open.result.close();
      };
      all.onerror = () => reject(all.error);
    };
  }));
}

/** The class page at 320 px, in light and dark: no sideways scroll, axe-clean. */
async function phoneChecks(page: Page): Promise<void> {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 320, height: 640 });
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    await expectAccessible(page);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  if (size) await page.setViewportSize(size);
}

test.describe('waitlist offers', () => {
  // A trace keeps the page's console, not the service worker's: what the worker said is printed
  // when the journey fails (two CI runs failed here waiting on a notification it shows).
  const workerSaid: string[] = [];
  test.afterEach(({ page: _page }, testInfo) => {
    if (testInfo.status !== testInfo.expectedStatus) console.log(`The service worker said:\n${workerSaid.join('\n') || '(nothing)'}`);
    workerSaid.length = 0;
  });

  test('an offer confirmed from the notification action while offline', { tag: '@system-notification' }, async ({ page, context, loginPage, baseURL }) => {
    const listen = (worker: Worker) => {
      worker.on('console', (message) => workerSaid.push(`${Date.now()} ${message.type()}: ${message.text()}`));
      worker.on('close', () => workerSaid.push(`${Date.now()} stopped`));
    };
    context.serviceWorkers().forEach(listen);
    context.on('serviceworker', listen);
    // Alex reads English labels and notification buttons.
    await withDatabase((db) => db.updateTable('members_profiles').set({ locale: 'en' }).where('email', '=', DEMO.alex.email).execute());
    const sam = await MemberApi.signIn(baseURL!, DEMO.sam.email);
    const alex = await MemberApi.signIn(baseURL!, DEMO.alex.email);
    // A class neither has a place in, with one place left: Sam takes it; two others wait before Alex joins.
    const now = new Date();
    const alexHasVisit = new Set((await alex.sessions('Wellington')).filter((s) => s.visit).map((s) => s.id));
    const session = (await sam.sessions('Wellington')).find(
      (s: Session) => isBookable(s, now) && !s.visit && !alexHasVisit.has(s.id) && Date.parse(s.start_date) > now.getTime() + 6 * 3_600_000,
    )!;
    await setClass(session.id, { capacity: (await placesTaken(session.id)) + 1, waitlists_on: true });
    expect((await sam.post(`/sessions/${session.id}/book`, 'Wellington')).status).toBe(201);
    const ahead = await waitingAhead(session.id, 2, new Date());
    expect(ahead).toHaveLength(2);
    expect((await alex.post(`/sessions/${session.id}/waitlist`, 'Wellington')).status).toBe(201);

    await context.grantPermissions(['notifications'], { origin: baseURL });
    await loginPage.signInAs(DEMO.alex);
    await waitForServiceWorker(page);
    await page.goto(`/classes/${session.id}`);
    await page.waitForTimeout(3_500); // live notifications settle 3 s after monitoring starts (as in notifications.spec)
    await expect(page.getByTestId('waitlist-position')).toHaveText('3rd on the waitlist');
    await phoneChecks(page);

    // The two ahead leave; Sam's cancel offers the place to Alex, who sees it live with the time left.
    await withDatabase((db) => db.updateTable('visits').set({ state: 'cancelled' }).where('id', 'in', ahead).execute());
    const samVisit = (await sam.bookings('Wellington')).find((v) => v.session.id === session.id)!;
    expect((await sam.put(`/visits/${samVisit.id}/cancel`, 'Wellington')).status).toBe(200);
    const prompt = page.getByRole('dialog', { name: 'Confirm reservation' });
    await expect(prompt).toBeVisible({ timeout: 15_000 });
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('offer-countdown')).toHaveText(/^(2 h 0 min|1 h \d+ min) left to confirm$/);
    await phoneChecks(page);
    // My bookings shows the same countdown on the class's row.
    await page.goto('/bookings');
    await expect(page.locator(`[data-testid="visit-row"][data-session-id="${session.id}"]`).getByTestId('offer-countdown')).toHaveText(/left to confirm$/);
    await expectAccessible(page);
    await page.goto(`/classes/${session.id}`);
    await expect(prompt).toBeVisible();
    await page.keyboard.press('Escape');

    // The push the server sends for the offer reaches the worker: shown with Confirm and Decline.
    const offer = ((await alex.get('/notifications')) as { data: AppNotification[] }).data.find((n) => n.type === 'waitlist' && n.params.class?.id === session.id)!;
    expect(offer).toBeTruthy();
    const worker = await serviceWorker(context);
    const cdp = await context.newCDPSession(page);
    const registrations = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: list }) => {
        const found = list.find((r: { scopeURL: string; isDeleted: boolean }) => r.scopeURL.startsWith(baseURL!) && !r.isDeleted);
        if (found) resolve(found.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: new URL(baseURL!).origin, registrationId: await registrations, data: JSON.stringify({ notification: offer, unread_count: 1 }) });
    const shown = () => worker.evaluate(async (tag) => {
      const list = await (self as unknown as { registration: ServiceWorkerRegistration }).registration.getNotifications({ tag });
      return list.map((n: Notification) => ({ title: n.title, body: n.body, actions: ((n as Notification & { actions?: { action: string; title: string }[] }).actions ?? []).map((a) => `${a.action}:${a.title}`) }));
    }, `n-${offer.id}`);
    await expect.poll(async () => (await shown())[0]?.actions).toEqual(['confirm:Confirm', 'decline:Decline']);
    expect((await shown())[0]?.body).toMatch(/^Confirm it before /);

    // Offline, Confirm on the notification: queued in the outbox, nothing reaches the server yet.
    await goOffline(context);
    await worker.evaluate(async (tag) => {
      const scope = self as unknown as {
        registration: ServiceWorkerRegistration;
        NotificationEvent: new (type: string, init: { notification: Notification; action: string }) => Event;
        dispatchEvent: (event: Event) => boolean;
      };
      const [target] = await scope.registration.getNotifications({ tag });
      if (!target) throw new Error('no notification shown');
      scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification: target, action: 'confirm' }));
    }, `n-${offer.id}`);
    await expect.poll(() => queuedOps(page)).toContain('booking.confirm');
    // The worker first tries to send (it fails fast offline, but waits its turn behind the page's flush).
    await expect.poll(async () => (await shown())[0]?.title, { timeout: 30_000 }).toBe('Place confirmed. It will be sent when you are back online.');
    await expect(page.getByTestId('waiting-to-sync').first()).toBeVisible();
    expect(await countVisits(session.id, DEMO.alex.email, 'pending')).toBe(1);
    expect(await countVisits(session.id, DEMO.alex.email, 'booked')).toBe(0);

    // Back online: sent once, the class page shows the booking.
    await goOnline(context);
    await expect.poll(() => countVisits(session.id, DEMO.alex.email, 'booked'), { timeout: 15_000 }).toBe(1);
    await expect(page.getByTestId('waiting-to-sync')).toHaveCount(0, { timeout: 15_000 });
    await expect(page.locator('.tab-panel .status-badges').first().getByText('Booked', { exact: true })).toBeVisible();
    expect(await queuedOps(page)).not.toContain('booking.confirm');
    // Exactly once: Alex has the one visit, booked.
    expect(await countVisits(session.id, DEMO.alex.email)).toBe(1);
    await sam.close();
    await alex.close();
  });
});
