import { existsSync } from 'node:fs';

/** Debian's Chromium (apt-get install chromium), or CHROMIUM_PATH. */
export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean) as string[];
  return candidates.find((path) => existsSync(path)) ?? candidates[0] ?? '/usr/bin/chromium';
}

/**
 * Chromium's headless shell (apt-get install chromium-headless-shell), or CHROMIUM_HEADLESS_SHELL_PATH;
 * the full Chromium when neither is there. The same engine without the browser's own UI process
 * work: a journey costs about a fifth less CPU. It shows no system notifications, so journeys
 * that prove one run in the full Chromium (playwright.config.ts).
 */
export function headlessShellPath(): string {
  const candidates = [process.env.CHROMIUM_HEADLESS_SHELL_PATH, '/usr/bin/chromium-headless-shell'].filter(Boolean) as string[];
  return candidates.find((path) => existsSync(path)) ?? chromiumPath();
}
