// The splash in index.html covers the page until the first real render; it fades in 300 ms.
export const SPLASH_FADE_MS = 300;

export function hideSplash(): void {
  const splash = document.getElementById('splash');
  if (!splash || splash.classList.contains('splash--hidden')) return;
  splash.classList.add('splash--hidden');
  window.setTimeout(() => splash.remove(), SPLASH_FADE_MS);
}
