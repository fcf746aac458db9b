// The splash in index.html covers the page until the first real render (or, when it holds the last
// known screen, until the live screen has its data); it fades in 300 ms.
export const SPLASH_FADE_MS = 300;

/** Whether the splash holds the last known screen (index.html's inline scripts put it there). */
export function splashShowsLastScreen(): boolean {
  return document.getElementById('splash')?.classList.contains('splash--screen') ?? false;
}

export function hideSplash(): void {
  const splash = document.getElementById('splash');
  if (!splash || splash.classList.contains('splash--hidden')) return;
  splash.classList.add('splash--hidden');
  window.setTimeout(() => splash.remove(), SPLASH_FADE_MS);
}
