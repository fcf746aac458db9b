// The theme choice on this device, read from localStorage and applied to <html> without React: the
// app uses it (theme.ts), and so does index.html's inline script, before the first paint.
export const THEME_CHOICES = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];

export const THEME_STORAGE_KEY = 'theme';
// The browser's own bars follow the top bar's colour in each theme (tokens --color-topbar).
const BAR_COLOURS = { light: '#0f766e', dark: '#151d24' } as const;

function isChoice(value: unknown): value is ThemeChoice {
  return typeof value === 'string' && (THEME_CHOICES as readonly string[]).includes(value);
}

export function readTheme(): ThemeChoice {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    return isChoice(stored) ? stored : 'system';
  } catch {
    return 'system'; // storage blocked: follow the system
  }
}

function systemIsDark(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches;
}

/** Applies a choice to the document: data-theme for the tokens, theme-color for the browser's bars. */
export function applyTheme(choice: ThemeChoice = readTheme()): void {
  const root = document.documentElement;
  if (choice === 'system') delete root.dataset.theme;
  else root.dataset.theme = choice;
  const dark = choice === 'dark' || (choice === 'system' && systemIsDark());
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', BAR_COLOURS[dark ? 'dark' : 'light']);
}

