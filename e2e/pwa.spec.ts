import { readFileSync } from 'node:fs';
import { test, expect, expectAccessible, goOffline, goOnline, waitForServiceWorker, DEMO } from './fixtures';
import { MemberApi, adminPost, withDatabase } from './support/studio';

test.describe('installable and offline', () => {
  test('the built service worker is a classic script: no lazy import or import.meta reached it', () => {
    // A module the worker bundles that loads code lazily makes the worker fail to evaluate, and
    // the app silently loses its offline shell.
    const sw = readFileSync('dist/sw.js', 'utf8');
    expect(sw).not.toContain('import.meta');
    expect(sw).not.toMatch(/\bimport\(/);
  });

  test('the manifest is installable, and a service worker controls the page once the member has signed in', async ({ page, loginPage }) => {
    // The page's timers are the test's to run (the registration's waits, below).
    await page.clock.install();
    await loginPage.goto();
    const manifestUrl = await page.locator('link[rel=manifest]').getAttribute('href');
    const manifest = (await (await page.request.get(manifestUrl!)).json()) as Record<string, unknown> & { icons: { sizes: string; type: string; purpose?: string }[] };
    expect(manifest).toMatchObject({ short_name: 'Member', display: 'standalone', start_url: '/', scope: '/' });
    expect(manifest.theme_color).toBeTruthy();
    expect(manifest.background_color).toBeTruthy();
    // A CSV from another tracker's share sheet goes where the service worker takes it (sw/share-target.ts).
    expect(manifest.share_target).toMatchObject({ action: '/share/import', method: 'POST', enctype: 'multipart/form-data', params: { files: [{ name: 'file', accept: expect.arrayContaining(['text/csv', '.csv']) }] } });
    for (const size of ['192x192', '512x512']) {
      expect(manifest.icons.some((i) => i.sizes === size && i.purpose === 'maskable')).toBe(true);
      expect(manifest.icons.some((i) => i.sizes === size && (i.purpose ?? 'any') === 'any')).toBe(true);
    }
    // No SVG loaded as an image at each start (the manifest's icon, the favicon, the splash's logo):
    // each would be a document of its own built on the main thread (decisions#svg-images).
    expect(manifest.icons.map((i) => i.type)).toEqual(manifest.icons.map(() => 'image/png'));
    expect(await (await page.request.get('/')).text()).not.toMatch(/<(img|link)[^>]+\.svg/);
    // The first install waits while the member signs in (decisions#first-install): 20 s on, well
    // past the waits a screen without member data is given and short of the 30 s after which the
    // worker is registered whatever the screen, nothing is. (Each wait starts once the code before
    // it has loaded: a moment of real time between them.)
    await page.clock.runFor(10_000);
    await page.waitForTimeout(400);
    await page.clock.runFor(10_000);
    await page.waitForTimeout(1_000);
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
    await loginPage.signIn(DEMO.alex.email, DEMO.alex.password);
    await expect(page).toHaveURL(/\/classes$/);
    await waitForServiceWorker(page);
    expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    // Long-press shortcuts, named in the page's language (its manifest link follows it), each icon there.
    const lang = await page.evaluate(() => document.documentElement.lang);
    expect(await page.locator('link[rel=manifest]').getAttribute('href')).toBe(`/manifest-${lang}.webmanifest`);
    const french = (await (await page.request.get('/manifest-fr.webmanifest')).json()) as { lang: string; shortcuts: { name: string; url: string; icons: { src: string }[] }[] };
    expect(french.lang).toBe('fr');
    expect(french.shortcuts.map((s) => [s.name, s.url])).toEqual([['Cours du jour', '/classes'], ['Mes réservations', '/bookings'], ['Enregistrer une levée', '/training/workouts/new/lift'], ["Code d'entrée", '/checkin']]);
    for (const icon of french.shortcuts.flatMap((s) => s.icons)) expect((await page.request.get(icon.src)).headers()['content-type'], icon.src).toBe('image/png');
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

test.describe('the last known screen', () => {
  test('a repeat visit offline paints the saved timetable before the app runs, then the live one takes over; signing out forgets it', async ({ page, context, loginPage, shell }) => {
    await loginPage.signInAs(DEMO.alex);
    await waitForServiceWorker(page);
    await expect(page.getByTestId('session-row').first()).toBeVisible();
    // Saved once the timetable has its rows (when the browser is idle).
    await expect.poll(() => page.evaluate(() => localStorage.getItem('member-pwa:last-screen:/classes')?.includes('session-row') ?? false)).toBe(true);
    // A screen saved while an animation played (the bell's pulse) shows it still.
    await page.evaluate(() => {
      const key = 'member-pwa:last-screen:/classes';
      localStorage.setItem(key, `<span class="bell__badge bell__badge--pulse">1</span>${localStorage.getItem(key)}`);
    });

    await goOffline(context);
    const next = await context.newPage();
    await next.emulateMedia({ reducedMotion: 'no-preference' }); // the journeys reduce motion: here it must play, if anything does
    const violations: string[] = [];
    next.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await next.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { order: string[] }).order = seen;
      document.addEventListener('securitypolicyviolation', (event) => seen.push(`csp ${event.violatedDirective}`));
      new MutationObserver(() => {
        if (!seen.includes('saved') && document.querySelector('#splash.splash--screen .session-row')) {
          seen.push('saved');
          const splash = document.getElementById('splash')!;
          (window as unknown as { playing: number }).playing = document.getAnimations().filter((a) => a.effect instanceof KeyframeEffect && a.effect.target && splash.contains(a.effect.target)).length;
        }
        if (!seen.includes('live') && document.querySelector('#root .session-row')) seen.push('live');
      }).observe(document, { childList: true, subtree: true });
    });
    await next.goto('/');
    await expect(next.getByTestId('session-row').first()).toBeVisible();
    await expect(next.locator('#splash')).toHaveCount(0);
    expect(await next.evaluate(() => (window as unknown as { order: string[] }).order)).toEqual(['saved', 'live']);
    expect(await next.evaluate(() => (window as unknown as { playing: number }).playing)).toBe(0);
    expect(violations).toEqual([]);
    await expectAccessible(next);
    await next.close();

    await goOnline(context);
    await shell.signOut();
    await expect(page).toHaveURL(/\/login/);
    expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('member-pwa:last-screen')))).toEqual([]);
  });

  for (const offline of [true, false]) {
    test(`a class tapped on the saved timetable before the live one is up opens once the app runs (${offline ? 'offline' : 'online'})`, async ({ page, context, loginPage }) => {
      await loginPage.signInAs(DEMO.alex);
      await waitForServiceWorker(page);
      await expect(page.getByTestId('session-row').first()).toBeVisible();
      await expect.poll(() => page.evaluate(() => localStorage.getItem('member-pwa:last-screen:/classes')?.includes('session-row') ?? false)).toBe(true);
      if (offline) await goOffline(context);

      const next = await context.newPage();
      // What the page held when the tap came: the saved screen, and no live row yet. A slow phone,
      // made certain: the app's entry script, if the page adds it before the tap, is held back until
      // the tap has been handled (a CPU throttle left it a race the app won now and then).
      await next.addInitScript(() => {
        const append = Element.prototype.append;
        let tapped = false;
        let held: (() => void) | undefined;
        Element.prototype.append = function (...nodes) {
          if (!tapped && nodes.some((node) => node instanceof HTMLScriptElement && node.type === 'module')) held = () => append.apply(this, nodes);
          else append.apply(this, nodes);
        };
        addEventListener('click', () => {
          (window as unknown as { atTap: string[] }).atTap ??= [document.querySelector('#splash.splash--screen .session-row') ? 'saved' : '', document.querySelector('#root .session-row') ? 'live' : ''].filter(Boolean);
          tapped = true;
          setTimeout(() => held?.(), 0); // after the page's own handler kept the tap
        }, true);
      });
      // From the home screen icon (start_url '/', which opens the timetable).
      await next.goto('/', { waitUntil: 'commit' });
      const saved = next.locator('#splash.splash--screen .session-row').first();
      const { href, name, x, y } = await saved.evaluate((row) => {
        const box = row.getBoundingClientRect();
        return { href: row.getAttribute('href'), name: row.querySelector('.session-row__name')?.textContent, x: box.x + box.width / 2, y: box.y + box.height / 2 };
      });
      await next.mouse.click(x, y);

      expect(await next.evaluate(() => (window as unknown as { atTap?: string[] }).atTap)).toEqual(['saved']);
      expect(href).toMatch(/^\/classes\/\d+$/);
      await expect(next).toHaveURL(new RegExp(`${href}$`));
      await expect(next.getByRole('heading', { level: 1 })).toHaveText(name!);
      await expect(next.locator('#splash')).toHaveCount(0);
      // Back is the timetable the tap was made on.
      await next.goBack();
      await expect(next).toHaveURL(/\/classes$/);
      await expect(next.getByTestId('session-row').first()).toBeVisible();
      await next.close();
      if (offline) await goOnline(context);
    });
  }
});


test.describe('fresh when opened', () => {
  test('a periodic background sync brings the week and a notification while no page is open; offline, the timetable shows them and how old they are', { tag: '@periodic-sync' }, async ({ page, context, loginPage, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    // What Chromium grants an installed app it sees used; a test browser is granted it directly.
    const browserSession = await context.browser()!.newBrowserCDPSession();
    const { browserContextIds } = await browserSession.send('Target.getBrowserContexts');
    for (const browserContextId of browserContextIds) await browserSession.send('Browser.grantPermissions', { origin, permissions: ['periodicBackgroundSync'], browserContextId });
    const cdp = await context.newCDPSession(page);
    await cdp.send('ServiceWorker.enable');
    let registrationId = '';
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL.startsWith(origin) && !r.isDeleted);
      if (ours) registrationId = ours.registrationId;
    });

    await loginPage.signInAs(DEMO.alex);
    await waitForServiceWorker(page);
    await expect(page.getByTestId('session-row').first()).toBeVisible();
    // The app asked for the refresh once its service worker was registered.
    await expect.poll(() => page.evaluate(async () => {
      const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & { periodicSync?: { getTags(): Promise<string[]> } };
      return (await registration.periodicSync?.getTags()) ?? [];
    })).toContain('refresh');

    // No page of the app open: the studio renames a class of the week and posts to the member.
    await page.goto('about:blank');
    const alex = await MemberApi.signIn(baseURL!, DEMO.alex.email);
    const target = (await alex.sessions('Wellington', 6)).find((s) => !s.cancelled && Date.parse(s.start_date) > Date.now() + 3_600_000)!;
    await withDatabase((db) => db.updateTable('sessions').set({ name: 'Sunrise Mobility' }).where('id', '=', target.id).execute());
    expect((await adminPost(baseURL!, '/notifications', { email: DEMO.alex.email, type: 'post', message: 'The studio is open on the holiday.', params: { posts: [{ id: 1, author: { full_name: 'Mere Tane' } }] } })).status).toBe(201);
    await alex.close();

    await expect.poll(() => registrationId).not.toBe('');
    await cdp.send('ServiceWorker.dispatchPeriodicSyncEvent', { origin, registrationId, tag: 'refresh' });
    // The worker wrote them into IndexedDB (read from the worker itself: opening the app would pull).
    const worker = context.serviceWorkers().find((w) => w.url().startsWith(origin))!;
    await expect.poll(() => worker.evaluate(async (id) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('member-pwa');
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const get = (store: string, key: IDBValidKey | null) => new Promise<unknown>((resolve) => {
        const request = key === null ? db.transaction(store).objectStore(store).getAll() : db.transaction(store).objectStore(store).get(key);
        request.onsuccess = () => resolve(request.result);
      });
      const session = (await get('sessions', id)) as { name?: string } | undefined;
      const notes = (await get('notifications', null)) as { message: string }[];
      db.close();
      return `${session?.name} | ${notes.some((n) => n.message === 'The studio is open on the holiday.')}`;
    }, target.id)).toBe('Sunrise Mobility | true');

    // In a basement: the app opens with what the refresh brought, and says when it was fetched.
    await goOffline(context);
    await page.goto('/classes');
    await expect(page.getByTestId('session-row').filter({ hasText: 'Sunrise Mobility' })).toBeVisible();
    await expect(page.getByTestId('data-age')).toHaveText(/^updated \d{1,2}:\d{2}\s?[AP]M$/);
    await expectAccessible(page);
    // On the narrowest phone the top bar still fits beside it.
    await page.setViewportSize({ width: 320, height: 640 });
    await expect(page.getByTestId('data-age')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await page.getByTestId('notifications-bell').click();
    await expect(page.getByText('The studio is open on the holiday.')).toBeVisible();
    await goOnline(context);
  });
});
