// index.html's body script: the saved screen into the splash, then the app's modules, after the
// first frame when a screen is shown (at once otherwise), and always, whatever the screen did.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localDay, screenKey, screenPath, SNAPSHOT_KEY, SNAPSHOT_VERSION } from './format';

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
/** A paint timing observer the test reports to: the splash's background first, then its content. */
let observed: ((entries: { getEntriesByName(name: string): unknown[] }) => void) | undefined;
const paint = (name: 'first-paint' | 'first-contentful-paint') => observed?.({ getEntriesByName: (asked) => (asked === name ? [{ name }] : []) });
const PaintObserver = class {
  constructor(callback: NonNullable<typeof observed>) {
    observed = callback;
  }
  observe(): void {}
  disconnect(): void {}
};

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
  delete window.__lastScreenTap;
});

describe('the body script', () => {
  it('shows the saved screen inert and hidden from assistive technology, styles through the CSSOM, then starts the app after a frame', async () => {
    window.__lastScreen = { html: '<div class="shell"><ul data-style="height: 400px"><li>6:00 AM CrossFit</li></ul></div>', who: '7@wlg' };
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

  it('points the manifest link at the saved screen\'s language, so the browser reads the manifest and its icon once', async () => {
    document.head.innerHTML = '<link rel="manifest" href="/manifest.webmanifest">';
    const lang = document.documentElement.lang;
    document.documentElement.lang = 'mi-NZ'; // restore-head.ts: the saved screen's language
    try {
      window.__lastScreen = { html: '<div class="shell"></div>', who: '7@wlg' };
      await import('./restore-body');
      expect(document.querySelector('link[rel=manifest]')!.getAttribute('href')).toBe('/manifest-mi-NZ.webmanifest');
    } finally {
      document.documentElement.lang = lang;
    }
  });

  it('with a saved screen, from the network, asks for the app only once that paint has been presented (not from the frame that paints it)', async () => {
    vi.stubGlobal('PerformanceObserver', PaintObserver);
    window.__lastScreen = { html: '<div class="shell"></div>', who: '7@wlg' };
    await import('./restore-body');
    await vi.advanceTimersByTimeAsync(50); // frames go by: the paint is not reported yet
    expect(preloaded()).toEqual([]);
    paint('first-contentful-paint');
    await vi.advanceTimersByTimeAsync(0);
    expect(started()).toEqual([MODULES[0]]);
    vi.unstubAllGlobals();
  });

  it('with a saved screen, from the service worker, asks for the app from the frame that paints it', async () => {
    vi.stubGlobal('PerformanceObserver', class {
      observe(): void {}
      disconnect(): void {}
    });
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { controller: {} } });
    try {
      window.__lastScreen = { html: '<div class="shell"></div>', who: '7@wlg' };
      await import('./restore-body');
      expect(preloaded()).toEqual([]);
      await vi.advanceTimersByTimeAsync(50); // a frame, though no paint is reported
      expect(started()).toEqual([MODULES[0]]);
    } finally {
      delete (navigator as { serviceWorker?: unknown }).serviceWorker;
      vi.unstubAllGlobals();
    }
  });

  it('starts the app at once when there is no saved screen', async () => {
    await import('./restore-body');
    expect(document.getElementById('splash')!.className).toBe('splash');
    expect(started()).toEqual([MODULES[0]]);
  });

  it('still starts the app when the saved screen cannot be shown', async () => {
    window.__lastScreen = { html: '<div class="shell"></div>', who: '7@wlg' };
    vi.spyOn(Element.prototype, 'querySelectorAll').mockImplementationOnce(() => {
      throw new Error('broken');
    });
    await import('./restore-body');
    expect(started()).toEqual([MODULES[0]]);
  });
});

describe('a first visit', () => {
  const FIRST_VISIT = { modules: ['/assets/login-3.js', '/assets/forms-4.js'], strings: { 'en-US': '/assets/shell-us.json', fr: '/assets/shell-fr.json', 'mi-NZ': '/assets/shell-mi.json' } };
  const fetched = () => added.filter((node) => node.matches('link[rel=preload][as=fetch]')).map((link) => [link.getAttribute('href'), (link as HTMLLinkElement).crossOrigin]);
  const at = (path: string) => window.history.replaceState(null, '', path);
  beforeEach(() => {
    document.body.insertAdjacentHTML('beforeend', `<script type="application/json" id="first-visit">${JSON.stringify(FIRST_VISIT)}</script>`);
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-FR', 'en']);
    vi.stubGlobal('PerformanceObserver', PaintObserver);
  });
  afterEach(() => {
    at('/');
    vi.unstubAllGlobals();
    localStorage.removeItem('member-pwa:locale');
  });

  it('asks for the sign-in screen and the shell’s strings in the browser’s language once the splash’s logo is painted, after the entry', async () => {
    at('/login');
    await import('./restore-body');
    expect(started()).toEqual([MODULES[0]]);
    expect(preloaded()).toEqual(MODULES);
    paint('first-paint'); // the splash's background: not yet
    await vi.advanceTimersByTimeAsync(0);
    expect(preloaded()).toEqual(MODULES);
    paint('first-contentful-paint');
    await vi.advanceTimersByTimeAsync(0);
    expect(preloaded()).toEqual([...MODULES, ...FIRST_VISIT.modules]);
    // As the app's fetch() asks for it (same-origin credentials), so the browser uses this one.
    expect(fetched()).toEqual([['/assets/shell-fr.json', '']]);
  });

  it('takes the language this device last showed over the browser’s, at the app’s address too', async () => {
    localStorage.setItem('member-pwa:locale', 'mi-NZ');
    await import('./restore-body');
    paint('first-contentful-paint');
    await vi.advanceTimersByTimeAsync(0);
    expect(fetched()).toEqual([['/assets/shell-mi.json', '']]);
  });

  it('asks for nothing more on another path, under a service worker, or with a saved screen', async () => {
    at('/invite/abc');
    await import('./restore-body');
    paint('first-contentful-paint');
    await vi.advanceTimersByTimeAsync(250);
    expect(preloaded()).toEqual(MODULES);

    vi.resetModules();
    added = [];
    at('/login');
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { controller: {} } });
    try {
      await import('./restore-body');
      await vi.advanceTimersByTimeAsync(250);
    } finally {
      delete (navigator as { serviceWorker?: unknown }).serviceWorker;
    }
    expect(preloaded()).toEqual(MODULES);
    expect(fetched()).toEqual([]);

    vi.resetModules();
    added = [];
    window.__lastScreen = { html: '<div class="shell"></div>', who: '7@wlg' };
    await import('./restore-body');
    paint('first-contentful-paint');
    await vi.advanceTimersByTimeAsync(250);
    expect(preloaded()).toEqual(MODULES);
    expect(fetched()).toEqual([]);
  });
});

describe('a tap on the saved screen before the app is live', () => {
  const ROW = { left: 0, right: 360, top: 100, bottom: 160 };
  const tap = (x: number, y: number, detail = 1) => {
    const event = new MouseEvent('click', { bubbles: true, cancelable: true, clientX: x, clientY: y, detail });
    document.body.dispatchEvent(event);
    return event;
  };

  beforeEach(async () => {
    window.__lastScreen = { html: '<div class="shell"><a class="session-row" href="/classes/42">6:00 AM CrossFit</a><a href="https://example.com/">Elsewhere</a></div>', who: '7@wlg' };
    vi.spyOn(HTMLAnchorElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLAnchorElement) {
      const box = this.matches('.session-row') ? ROW : { left: 0, right: 360, top: 200, bottom: 260 };
      return { ...box, x: box.left, y: box.top, width: box.right - box.left, height: box.bottom - box.top, toJSON: () => box } as DOMRect;
    });
    await import('./restore-body');
  });

  it('keeps the link under the finger for the app, with whose screen it was, and tells the app', () => {
    const told = vi.fn();
    window.addEventListener('member:last-screen-tap', told);
    const event = tap(20, 120);
    expect(event.defaultPrevented).toBe(true);
    expect(window.__lastScreenTap).toEqual({ path: '/classes/42', who: '7@wlg' });
    expect(told).toHaveBeenCalledTimes(1);
    expect(document.querySelector('#splash [data-tapped]')?.getAttribute('href')).toBe('/classes/42');
    window.removeEventListener('member:last-screen-tap', told);
  });

  it('leaves alone a tap beside the links, on a link out of the app, from the keyboard, or once the live screen shows', () => {
    expect(tap(20, 180).defaultPrevented).toBe(false);
    expect(tap(20, 220).defaultPrevented).toBe(false);
    expect(tap(20, 120, 0).defaultPrevented).toBe(false);
    expect(window.__lastScreenTap).toBeUndefined();
    document.getElementById('splash')!.classList.add('splash--hidden');
    expect(tap(20, 120).defaultPrevented).toBe(false);
    expect(window.__lastScreenTap).toBeUndefined();
  });
});

describe('the head script', () => {
  const build = 'b1';
  const saved = (screen: Record<string, unknown>) => {
    const path = screenPath(location.pathname, location.search);
    localStorage.setItem(SNAPSHOT_KEY, JSON.stringify({ v: SNAPSHOT_VERSION, build, day: localDay(new Date()), lang: 'en-NZ', who: '7@wlg', screens: [{ path, at: Date.now() - 1_000, ...screen }] }));
    localStorage.setItem(screenKey(path), '<div class="shell"></div>');
  };
  beforeEach(() => {
    vi.useRealTimers();
    const style = document.createElement('style');
    style.dataset.build = build;
    document.head.appendChild(style);
  });
  afterEach(() => localStorage.clear());

  it('links the saved screen’s own stylesheets, render-blocking, before handing its markup on', async () => {
    saved({ sheets: ['/assets/training-a1.css', 'https://evil.example/x.css'] });
    await import('./restore-head');
    const links = added.filter((node) => node.matches('link[rel=stylesheet]'));
    expect(links.map((link) => [link.getAttribute('href'), link.getAttribute('blocking')])).toEqual([['/assets/training-a1.css', 'render']]);
    expect(window.__lastScreen?.html).toBe('<div class="shell"></div>');
    expect(document.documentElement.lang).toBe('en-NZ');
  });

  it('links nothing for a screen whose stylesheets are inline (the timetable) or another build’s', async () => {
    saved({});
    await import('./restore-head');
    expect(added).toEqual([]);
    expect(window.__lastScreen).toBeDefined();
    delete window.__lastScreen;
    vi.resetModules();
    document.querySelector('style')!.dataset.build = 'b2';
    saved({ sheets: ['/assets/training-a1.css'] });
    await import('./restore-head');
    expect(added).toEqual([]);
    expect(window.__lastScreen).toBeUndefined();
  });
});
