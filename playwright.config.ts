import { defineConfig } from '@playwright/test';
import { chromiumPath, headlessShellPath } from './e2e/chromium';

// Requests a service worker makes are only visible to context.route with this flag, and the
// offline tests need them cut too (playwright#2311).
process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS = '1';

// Every journey starts its own server on a fresh database (the `studio` fixture in
// e2e/fixtures.ts), so journeys run side by side, in any order, with no retries: a journey that
// fails, fails. E2E_PARALLEL sets how many run at once (default 2, one per core here).
// Periodic Background Sync exists in the full Chromium only, not in the headless shell.
const FULL_CHROMIUM = /@system-notification|@periodic-sync/;

const launch = (executablePath: string) => ({
  executablePath,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: true,
  workers: Number(process.env.E2E_PARALLEL ?? 2),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    locale: 'en-NZ',
    timezoneId: 'Pacific/Auckland',
    // A failed journey keeps its actions, network and console; no screencast or DOM snapshots,
    // which cost a third and then a sixth of the run's CPU (docs/decisions.md, the suite's browsers).
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false },
    reducedMotion: 'reduce',
  },
  // Journeys tagged @system-notification prove a notification the service worker shows (the
  // headless shell shows none), those tagged @periodic-sync a periodic background sync (the shell
  // has none): they run in the full Chromium; every other journey in the shell.
  projects: [
    { name: 'shell', grepInvert: FULL_CHROMIUM, use: { launchOptions: launch(headlessShellPath()) } },
    { name: 'chromium', grep: FULL_CHROMIUM, use: { launchOptions: launch(chromiumPath()) } },
  ],
});
