// The initial JS budget as a failing check: what a cold, signed-in load of /classes fetches
// before the first class row (see bench/cold-load.ts for what counts).
import { readFileSync } from 'node:fs';
import { test, expect } from './fixtures';
import { INITIAL_JS_BUDGET_KB, SHELL_JS_BUDGET_KB, measureColdClassesLoad, signInDemo } from '../bench/cold-load';
import { bundleReport } from '../bench/bundle';

test('a cold load of /classes fetches at most the initial JS budget before the first class row', async ({ page, context, baseURL }) => {
  await signInDemo(page);
  const load = await measureColdClassesLoad(context, baseURL!);
  for (const file of load.files) console.log(`  ${file.url.padEnd(56)} ${file.kb.toFixed(1).padStart(7)} KB`);
  console.log(`initial JS, gzip, cold /classes (${load.files.length} files): ${load.kb.toFixed(1)} KB, budget ${INITIAL_JS_BUDGET_KB} KB, ${(load.kb / INITIAL_JS_BUDGET_KB * 100).toFixed(0)}% of budget`);
  expect(load.files.length, 'the entry script was seen').toBeGreaterThan(0);
  expect(load.kb, `initial JS ${load.kb.toFixed(1)} KB gzip over the ${INITIAL_JS_BUDGET_KB} KB budget`).toBeLessThanOrEqual(INITIAL_JS_BUDGET_KB);
});

test('the JS that index.html names stays within the shell budget', () => {
  const shell = bundleReport().find((line) => line.budget !== undefined)!;
  console.log(`${shell.name}: ${shell.value.toFixed(1)} KB, budget ${SHELL_JS_BUDGET_KB} KB, ${(shell.value / SHELL_JS_BUDGET_KB * 100).toFixed(0)}% of budget`);
  expect(shell.value).toBeLessThanOrEqual(SHELL_JS_BUDGET_KB);
});

test('index.html names the entry with the chunks it imports, so they are fetched with it, not after it is parsed', () => {
  const html = readFileSync('dist/index.html', 'utf8');
  const listed = JSON.parse(/<script type="application\/json" id="app-modules">([^<]*)<\/script>/.exec(html)![1]!) as string[];
  const entry = readFileSync(`dist${listed[0]}`, 'utf8');
  const imports = [...entry.matchAll(/(?:^|[;\s}])import(?:[^("']*?from)?\s*["']\.\/([^"']+\.js)["']/g)].map((match) => `/assets/${match[1]}`);
  expect(imports.length).toBeGreaterThan(0);
  expect(listed.slice(1)).toEqual(expect.arrayContaining(imports));
});

test('a first visit to the sign-in page asks for its screen and the shell’s strings in the browser’s language before the app runs, each once', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, locale: 'fr-FR' });
  try {
    const page = await context.newPage();
    // A phone network (Lighthouse's slow 4G: 150 ms round trips, 1.6 Mbit/s down): the splash paints
    // (and the body script asks) while the entry is on its way. With the round trip alone and no
    // limit on the bandwidth, the entry could arrive and run before the splash's logo had painted on
    // a busy machine (1 CI run in ~85), which no phone network does.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
    const seen = await page.evaluate(() => {
      const { modules, strings } = JSON.parse(document.getElementById('first-visit')!.textContent!) as { modules: string[]; strings: Record<string, string> };
      const boot = performance.getEntriesByName('member:boot')[0]!.startTime;
      const requests = (url: string) => performance.getEntriesByType('resource').filter((entry) => new URL(entry.name).pathname === url);
      return [...modules, strings.fr!].map((url) => ({ url, count: requests(url).length, beforeTheApp: requests(url).every((entry) => entry.startTime < boot) }));
    });
    expect(seen.length).toBeGreaterThan(1);
    // Each asked for before the app's code ran, and once: the app's own request used the preload.
    for (const file of seen) expect(file, file.url).toEqual({ url: file.url, count: 1, beforeTheApp: true });
  } finally {
    await context.close();
  }
});
