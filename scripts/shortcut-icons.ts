// Draws the home-screen shortcut icons into public/shortcuts (src/i18n/manifest.ts names them): the
// app's own stroke icons (src/ui/icon/paths.tsx), white on its theme colour, at each size. Run by
// hand when an icon changes (npm run icons:shortcuts), with Debian's Chromium; the PNGs are committed.
import { chromium } from '@playwright/test';
import { chromiumPath } from '../e2e/chromium';
const ICONS: Record<string, string> = {
  classes: '<rect x="3" y="5" width="18" height="16" rx="2" /><path d="M3 10h18M8 3v4M16 3v4" />',
  bookings: '<path d="M9 6h11M9 12h11M9 18h11M4.5 6h.01M4.5 12h.01M4.5 18h.01" />',
  checkin: '<path d="M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h2v2h-2zM18 14h2M14 20h2v-2M18 18h2v2h-2" />',
  lift: '<path d="M8 12h8M3 10v4M21 10v4" /><rect x="5" y="7" width="3" height="10" rx="1" /><rect x="16" y="7" width="3" height="10" rx="1" />',
};
const browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox'] });
const page = await browser.newPage();
for (const size of [96, 192]) {
  for (const [name, paths] of Object.entries(ICONS)) {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(`<html><body style="margin:0;background:transparent"><svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 48 48"><rect width="48" height="48" rx="10" fill="#0f766e"/><g transform="translate(12 12)" fill="none" stroke="#ffffff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${paths}</g></svg></body></html>`);
    await page.locator('svg').screenshot({ path: `public/shortcuts/${name}-${size}.png`, omitBackground: true });
  }
}
await browser.close();
