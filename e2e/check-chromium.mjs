// Fails early, with the fix, when no Chromium is installed (Playwright cannot download one here).
import { existsSync } from 'node:fs';

const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
if (!candidates.some((path) => existsSync(path))) {
  console.error(
    'No Chromium found for the end-to-end tests (looked at ' + candidates.join(', ') + ').\n' +
      'Install Debian\'s Chromium:  sudo apt-get update && sudo apt-get install -y chromium\n' +
      'or point CHROMIUM_PATH at a Chromium or Chrome binary.',
  );
  process.exit(1);
}
