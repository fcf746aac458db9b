// index.html's body script: the saved screen into the splash, then the app's modules, after the
// first frame when a screen is shown (at once otherwise), and always, whatever the screen did.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const MODULES = ['/assets/index-1.js', '/assets/react-dom-2.js'];

function page(): void {
  document.head.innerHTML = '';
  document.body.innerHTML = `<div id="splash" class="splash" role="status" aria-live="polite"><img alt=""></div><div id="root"></div>
    <script type="application/json" id="app-modules">${JSON.stringify(MODULES)}</script>`;
}

// What the script adds to <head> (kept out of the DOM: happy-dom would try to load the modules).
let added: Element[] = [];
const started = () => added.filter((node) => node.matches('script[type=module]')).map((script) => script.getAttribute('src'));
const preloaded = () => added.filter((node) => node.matches('link[rel=modulepreload]')).map((link) => link.getAttribute('href'));

beforeEach(() => {
  vi.resetModules();
  vi.useFakeTimers();
  page();
  added = [];
  vi.spyOn(document.head, 'append').mockImplementation((...nodes) => void added.push(...(nodes as Element[])));
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  delete window.__lastScreen;
});

describe('the body script', () => {
  it('shows the saved screen inert and hidden from assistive technology, styles through the CSSOM, then starts the app after a frame', async () => {
    window.__lastScreen = '<div class="shell"><ul data-style="height: 400px"><li>6:00 AM CrossFit</li></ul></div>';
    await import('./restore-body');
    const splash = document.getElementById('splash')!;
    expect(splash.className).toBe('splash splash--screen');
    expect(splash.inert).toBe(true);
    expect(splash.getAttribute('aria-hidden')).toBe('true');
    expect(splash.hasAttribute('aria-live')).toBe(false);
    expect(splash.querySelector('ul')!.style.height).toBe('400px');
    expect(started()).toEqual([]);
    await vi.advanceTimersByTimeAsync(250);
    expect(started()).toEqual([MODULES[0]]);
    expect(preloaded()).toEqual(MODULES);
  });

  it('starts the app at once when there is no saved screen', async () => {
    await import('./restore-body');
    expect(document.getElementById('splash')!.className).toBe('splash');
    expect(started()).toEqual([MODULES[0]]);
  });

  it('still starts the app when the saved screen cannot be shown', async () => {
    window.__lastScreen = '<div class="shell"></div>';
    vi.spyOn(Element.prototype, 'querySelectorAll').mockImplementationOnce(() => {
      throw new Error('broken');
    });
    await import('./restore-body');
    expect(started()).toEqual([MODULES[0]]);
  });
});
