// index.html's second inline script, after the splash and #root: puts the saved screen (restore-head.ts
// chose it) into the splash, which covers the page until the app paints the live screen (App.tsx),
// and starts the app's modules (listed in #app-modules): at once, or after the saved screen's first paint.
// It is the app's own markup, taken from its own rendered DOM (capture.ts): text the app escaped
// when it rendered is escaped again by the serialisation, so no member text becomes markup.
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

const list = document.getElementById('app-modules');
if (list?.textContent) {
  const [entry, ...imports] = JSON.parse(list.textContent) as string[];
  const start = () => {
    for (const href of [entry, ...imports]) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href!;
      document.head.append(link);
    }
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
  // The saved screen is on the screen before the app's modules are asked for: started from the
  // frame that paints it (rAF), their download could begin before that frame was presented, and
  // Lighthouse then counted it towards the first paint (1.2 s instead of 0.7 s on its slow
  // network, one run in two). The first paint's entry is reported once the frame is presented. A
  // tab opened in the background paints no frame: the timer starts the app there.
  if (shown) {
    try {
      const painted = new PerformanceObserver(() => {
        painted.disconnect();
        setTimeout(startOnce, 0);
      });
      painted.observe({ type: 'paint', buffered: true });
    } catch {
      requestAnimationFrame(() => setTimeout(startOnce, 0)); // no paint timing: after the frame's callbacks
    }
    setTimeout(startOnce, 200);
  } else startOnce();
}
