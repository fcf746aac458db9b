// The member's choice of theme on this device: follow the system (default), or always light or
// dark. Kept in localStorage (read synchronously before the first paint, so the app never flashes
// the other theme) and applied as html[data-theme], which tokens.css turns into color-scheme.
import { useSyncExternalStore } from 'react';

export const THEME_CHOICES = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];

const STORAGE_KEY = 'theme';
// The browser's own bars follow the top bar's colour in each theme (tokens --color-topbar).
const BAR_COLOURS = { light: '#0f766e', dark: '#151d24' } as const;

const listeners = new Set<() => void>();

function isChoice(value: unknown): value is ThemeChoice {
  return typeof value === 'string' && (THEME_CHOICES as readonly string[]).includes(value);
}

export function readTheme(): ThemeChoice {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
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

export function setTheme(choice: ThemeChoice): void {
  try {
    if (choice === 'system') localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, choice);
  } catch {
    // Not kept across visits, but applied now.
  }
  applyTheme(choice);
  for (const listener of listeners) listener();
}

/** Applies the stored choice now and whenever the system theme changes. */
export function startTheme(): void {
  applyTheme();
  if (typeof matchMedia === 'function') matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => applyTheme());
}

export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore((listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }, readTheme, () => 'system');
}
