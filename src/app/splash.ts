// The splash in index.html covers the page until the first real render (or, when it holds the last
// known screen, until the live screen has its data); it fades in 300 ms.
import { LAST_SCREEN_TAP } from './snapshot/format';
export const SPLASH_FADE_MS = 300;

/** Whether the splash holds the last known screen (index.html's inline scripts put it there). */
export function splashShowsLastScreen(): boolean {
  return document.getElementById('splash')?.classList.contains('splash--screen') ?? false;
}

export function hideSplash(): void {
  const splash = document.getElementById('splash');
  // A tap on the saved screen not followed by now (a signed-out app) goes with it.
  delete window.__lastScreenTap;
  if (!splash || splash.classList.contains('splash--hidden')) return;
  splash.classList.add('splash--hidden');
  window.setTimeout(() => splash.remove(), SPLASH_FADE_MS);
}

/**
 * Links tapped on the last known screen before the live one took over (restore-body.ts): each is
 * followed once the app runs, only for the member and facility the screen showed (`who`);
 * another member's or a signed-out app's taps go nowhere. Returns a stop function.
 */
export function followLastScreenTaps(who: string | null, follow: (path: string) => void): () => void {
  const take = () => {
    const tap = window.__lastScreenTap;
    delete window.__lastScreenTap;
    if (tap && who && tap.who === who) follow(tap.path);
  };
  take();
  addEventListener(LAST_SCREEN_TAP, take);
  return () => removeEventListener(LAST_SCREEN_TAP, take);
}
