// index.html's second inline script, after the splash and #root: puts the saved screen (restore-head.ts
// chose it) into the splash, which covers the page until the app paints the live screen (App.tsx),
// and starts the app's modules (listed in #app-modules): at once, or after the saved screen's first paint;
// on a first visit, also the sign-in screen's files (#first-visit).
// It is the app's own markup, taken from its own rendered DOM (capture.ts): text the app escaped
// when it rendered is escaped again by the serialisation, so no member text becomes markup.
import { isLocale, negotiateLocale } from '../../../core/locales';
import { manifestPath } from '../../i18n/manifest-path';
import { rememberedLocale } from '../../i18n/remembered';
import { LAST_SCREEN_TAP } from './format';

const saved = window.__lastScreen;
delete window.__lastScreen;
let shown = false;
try {
  const splash = document.getElementById('splash');
  if (saved && splash) {
    splash.className = 'splash splash--screen';
    // The live app underneath is what assistive technology and the keyboard reach.
    splash.removeAttribute('role');
    splash.removeAttribute('aria-live');
    splash.setAttribute('aria-hidden', 'true');
    splash.inert = true;
    splash.innerHTML = saved.html;
    // Style attributes went through data-style (capture.ts): the CSP allows styles set this way.
    for (const node of splash.querySelectorAll<HTMLElement>('[data-style]')) node.style.cssText = node.dataset.style ?? '';
    shown = true;
    performance.mark('member:last-screen');
    // The manifest in the saved screen's language (restore-head.ts set it) before the browser reads
    // it: it fetches the manifest and its icon once, not again when the app names its language.
    const lang = document.documentElement.lang;
    if (isLocale(lang)) document.querySelector('link[rel="manifest"]')?.setAttribute('href', manifestPath(lang));
    // A tap is on what the member sees: while the saved screen is up, a tap on one of its links
    // (a class row) is kept for the app to follow once it runs (splash.ts#followLastScreenTaps),
    // not lost on the inert picture nor given to whatever the live app has beneath it yet.
    const onTap = (event: MouseEvent) => {
      if (!splash.isConnected || splash.classList.contains('splash--hidden')) {
        removeEventListener('click', onTap, true); // the live screen shows: taps are its own
        return;
      }
      const link = event.detail
        ? [...splash.querySelectorAll('a')].find((a) => {
            const box = a.getBoundingClientRect();
            return event.clientX >= box.left && event.clientX < box.right && event.clientY >= box.top && event.clientY < box.bottom;
          })
        : undefined; // a click from the keyboard has no point: it is the live app's
      const path = link?.getAttribute('href');
      if (!link || !path?.startsWith('/') || path.startsWith('//') || link.target) return;
      event.preventDefault();
      event.stopPropagation();
      splash.querySelector('[data-tapped]')?.removeAttribute('data-tapped');
      link.setAttribute('data-tapped', '');
      window.__lastScreenTap = { path, who: saved.who };
      dispatchEvent(new Event(LAST_SCREEN_TAP));
    };
    addEventListener('click', onTap, true);
  }
} catch {
  // Whatever went wrong with the saved screen, the app below still starts.
}

/**
 * Runs `start` once the saved screen (or the splash's logo) has been painted. From the service
 * worker (a repeat visit) the modules are asked for from the frame that paints it (rAF, then the
 * task after it). From the network they wait until that contentful paint has been presented (its
 * timing entry; the splash's plain background paints before its logo): a download begun before it
 * was counted towards it by Lighthouse's model of a slow network (1.2 s instead of 0.7 s, one run
 * in two); offline the wait cost the live rows 20–30 ms for nothing.
 */
function startAfterPaint(start: () => void): void {
  const afterFrame = () => requestAnimationFrame(() => setTimeout(start, 0));
  // (No service worker at all outside a secure context.)
  if ((navigator.serviceWorker as ServiceWorkerContainer | undefined)?.controller) {
    afterFrame();
    return;
  }
  try {
    const painted = new PerformanceObserver((entries) => {
      if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
      painted.disconnect();
      setTimeout(start, 0);
    });
    painted.observe({ type: 'paint', buffered: true });
  } catch {
    afterFrame(); // no paint timing here
  }
}

function preload(rel: 'modulepreload' | 'preload', href: string): void {
  const link = document.createElement('link');
  link.rel = rel;
  if (rel === 'preload') link.as = 'fetch'; // as the app's fetch() asks for it, so it is the same request
  link.crossOrigin = '';
  link.href = href;
  document.head.append(link);
}

/**
 * A first visit (no saved screen and no service worker yet: every file comes over the network) to
 * the app's address or the sign-in page shows the sign-in screen. Its chunks and the shell's
 * strings, in the language main.tsx will choose (#first-visit, by scripts/vite-last-screen.ts), are
 * asked for while the entry is on its way, instead of once it has arrived and run
 * (decisions.md#first-visit).
 */
function preloadFirstVisit(): void {
  const block = document.getElementById('first-visit');
  if (!block?.textContent || (location.pathname !== '/' && location.pathname !== '/login')) return;
  if ((navigator.serviceWorker as ServiceWorkerContainer | undefined)?.controller) return;
  const { modules, strings } = JSON.parse(block.textContent) as { modules: string[]; strings: Partial<Record<string, string>> };
  for (const href of modules) preload('modulepreload', href);
  const language = strings[negotiateLocale(rememberedLocale(), navigator.languages)];
  if (language) preload('preload', language);
}

const list = document.getElementById('app-modules');
if (list?.textContent) {
  const [entry, ...imports] = JSON.parse(list.textContent) as string[];
  const start = () => {
    for (const href of [entry, ...imports]) preload('modulepreload', href!);
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry!;
    document.head.append(script);
  };
  let started = false;
  const startOnce = () => {
    if (started) return;
    started = true;
    start();
  };
  // A tab opened in the background paints no frame: the timer starts the app there.
  if (shown) {
    startAfterPaint(startOnce);
    setTimeout(startOnce, 200);
  } else {
    startOnce();
    // After the splash's paint, as the modules under a saved screen: asked for before it, Lighthouse's
    // model of a slow network counted them towards the sign-in page's largest paint (1.7 → 2.1 s).
    startAfterPaint(() => {
      try {
        preloadFirstVisit();
      } catch {
        // Only a head start: the app asks for the same files itself.
      }
    });
  }
}
