// index.html's second inline script, after the splash and #root: puts the saved screen (restore-head.ts
// chose it) into the splash, which covers the page until the app paints the live screen (App.tsx),
// and starts the app's modules (listed in #app-modules): at once, or after the saved screen's first paint.
// It is the app's own markup, taken from its own rendered DOM (capture.ts): text the app escaped
// when it rendered is escaped again by the serialisation, so no member text becomes markup.
const html = window.__lastScreen;
delete window.__lastScreen;
let shown = false;
try {
  const splash = document.getElementById('splash');
  if (html && splash) {
    splash.className = 'splash splash--screen';
    // The live app underneath is what assistive technology and taps reach.
    splash.removeAttribute('role');
    splash.removeAttribute('aria-live');
    splash.setAttribute('aria-hidden', 'true');
    splash.inert = true;
    splash.innerHTML = html;
    // Style attributes went through data-style (capture.ts): the CSP allows styles set this way.
    for (const node of splash.querySelectorAll<HTMLElement>('[data-style]')) node.style.cssText = node.dataset.style ?? '';
    shown = true;
    performance.mark('member:last-screen');
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
  // rAF runs just before a frame is painted; the task after it runs once it has been. A tab
  // opened in the background paints no frame: the timer starts the app there.
  if (shown) {
    requestAnimationFrame(() => setTimeout(startOnce, 0));
    setTimeout(startOnce, 200);
  } else startOnce();
}

// A module (for its test); bundled into index.html as a plain script.
export {};
