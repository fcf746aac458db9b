import { defineConfig } from '@playwright/test';
import { chromiumPath } from './e2e/chromium';
import { E2E_ADMIN_TOKEN, E2E_MAIL_DIR } from './e2e/support/admin-token';

// Requests a service worker makes are only visible to context.route with this flag, and the
// offline tests need them cut too (playwright#2311).
process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS = '1';

const PORT = Number(process.env.E2E_PORT ?? 4173);

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'en-NZ',
    timezoneId: 'Pacific/Auckland',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath(),
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: {
    command: `node e2e/serve.mjs`,
    url: `http://127.0.0.1:${PORT}/api/v1/timezones`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: { PORT: String(PORT), DATABASE_FILE: 'data/e2e.sqlite', SEED_DEMO: '1', ADMIN_TOKEN: E2E_ADMIN_TOKEN, MAIL_DIR: E2E_MAIL_DIR },
    stdout: 'pipe',
  },
});
