import { test as base, expect, type Page } from '@playwright/test';
import axe from 'axe-core';
import { LoginPage } from './pages/LoginPage';
import { ShellPage } from './pages/ShellPage';
import { sharedServices, startStudio, type Studio } from './support/server';
import { useStudio } from './support/studio';

// The journeys cut the network with these (the benches do too).
export { goOffline, goOnline } from './support/network';

export const DEMO = {
  alex: { email: 'demo@example.com', password: 'demo1234', firstName: 'Alex' },
  sam: { email: 'sam@example.com', password: 'demo1234', firstName: 'Sam' },
  kai: { email: 'kai@example.com', password: 'demo1234', firstName: 'Kai' },
} as const;

/**
 * Every screen a test visits is checked against WCAG 2.1 A/AA rules. In the scale-out run (the
 * same journeys against two processes) the pages are the same markup as in the first run, which
 * checked them: axe is skipped there, the journeys' other checks all run.
 */
export async function expectAccessible(page: Page): Promise<void> {
  if (sharedServices()) return;
  expect(await axeViolations(page), `axe violations on ${page.url()}`).toEqual([]);
}

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * The page's WCAG 2.1 A/AA violations, one line each. axe runs in the page, injected once per
 * document (0.2 s a run here, where @axe-core/playwright opened a page of its own for every run to
 * merge frames' results: 0.8 s). The app has no frames; a page that gets one fails here, so a
 * frame is never skipped unnoticed.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  expect(await page.locator('iframe, frame').count(), 'axe runs in the page only: a frame would go unchecked').toBe(0);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const run = async () => {
    await settleAnimations(page);
    return page.evaluate(async (tags) => {
      const results = await (window as unknown as { axe: typeof axe }).axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
      return results.violations.map((v) => `axe ${v.id}: ${v.help} (${v.nodes.map((n) => `${n.target.join(' ')}${n.failureSummary ? `: ${n.failureSummary.replace(/\s+/g, ' ')}` : ''}`).join(', ')})`);
    }, AXE_TAGS);
  };
  const first = await run();
  if (first.length === 0) return first;
  // A violation is what a member sees, so it must still be there a moment later: under load
  // Chromium once gave the top bar the new theme's background with the old theme's text colour
  // for a frame (CI, 1 run in 30 here). What a second look a moment later still finds is reported.
  await page.waitForTimeout(250);
  return run();
}

/**
 * Resolves once no finite animation runs, and `quietFrames` frames have passed with none. A theme
 * or state just changed starts transitions (0.01 ms under reduced motion, but running until the
 * animation clock next ticks; a busy renderer may start them a frame or two late: axe waits for
 * two quiet frames), and a button just pressed is still scaled on its way back (already running:
 * the size checks need no quiet frame). Colours and sizes are read as the member sees them at
 * rest, not mid-way (a text colour from the other theme, a 44 px button at 43).
 */
export async function settleAnimations(page: Page, quietFrames = 2): Promise<void> {
  await page.evaluate(async (wanted) => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    for (let quiet = 0, tries = 0; tries < 50; tries++) {
      const running = document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity);
      if (running.length === 0 && quiet >= wanted) return;
      quiet = running.length === 0 ? quiet + 1 : 0;
      await Promise.all(running.map((a) => a.finished.catch(() => undefined)));
      await frame();
    }
  }, quietFrames);
}

/** Resolves once a service worker controls the page, i.e. the shell is precached. */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }));
    }
    return registration.active?.state;
  });
}

export const test = base.extend<{ studio: Studio; loginPage: LoginPage; shell: ShellPage; studioEnv: Record<string, string> }>({
  /** More environment for the journey's server (test.use({ studioEnv: {…} })), e.g. a job's interval. */
  studioEnv: [{}, { option: true }],
  // Every journey gets a studio of its own (e2e/support/server.ts): the page, the API helpers and
  // the database helpers all point at it.
  studio: async ({ studioEnv }, use) => {
    const studio = await startStudio(sharedServices(), studioEnv);
    useStudio(studio);
    try {
      await use(studio);
    } finally {
      useStudio(null);
      await studio.stop();
    }
  },
  baseURL: async ({ studio }, use) => use(studio.url),
  loginPage: async ({ page }, use) => use(new LoginPage(page)),
  shell: async ({ page }, use) => use(new ShellPage(page)),
});

export { expect };
