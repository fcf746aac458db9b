// The member's choice of theme on this device: follow the system (default), or always light or
// dark. Kept in localStorage (read synchronously before the first paint, so the app never flashes
// the other theme) and applied as html[data-theme], which tokens.css turns into color-scheme.
import { useSyncExternalStore } from 'react';
import { applyTheme, readTheme, THEME_STORAGE_KEY, type ThemeChoice } from './theme-apply';

export { THEME_CHOICES, type ThemeChoice } from './theme-apply';

const listeners = new Set<() => void>();

export function setTheme(choice: ThemeChoice): void {
  try {
    if (choice === 'system') localStorage.removeItem(THEME_STORAGE_KEY);
    else localStorage.setItem(THEME_STORAGE_KEY, choice);
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
