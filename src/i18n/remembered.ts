// The language last shown on this device, in localStorage so it is read synchronously at the next
// start: by main.tsx (its strings load at once, alongside the data base opening; the profile's
// locale still decides, LocaleFollower) and by index.html's body script, which on a first visit asks
// for those strings while the app's modules load (app/snapshot/restore-body.ts).
import { negotiateLocale, type Locale } from '../../core/locales';

const REMEMBERED_LOCALE_KEY = 'member-pwa:locale';

/** The language last shown here: null when none was, undefined when storage cannot be read. */
export function rememberedLocale(): string | null | undefined {
  try {
    return localStorage.getItem(REMEMBERED_LOCALE_KEY);
  } catch {
    return undefined;
  }
}

export function rememberLocale(lng: string): void {
  try {
    localStorage.setItem(REMEMBERED_LOCALE_KEY, lng);
  } catch {
    // Storage blocked: the next start reads the profile's locale from IndexedDB first.
  }
}

/**
 * The language a start shows first: the one last shown here, else the browser's. Every start
 * remembers its language, so none remembered is a first visit, which does not wait for IndexedDB
 * to be made (~90 ms at 4x CPU) to find no profile there. Only with storage unreadable is the
 * profile's language read first. Either way LocaleFollower then follows the profile's.
 */
export async function startLocale(profileLocale: () => Promise<string | null>, languages: readonly string[]): Promise<Locale> {
  const remembered = rememberedLocale();
  return negotiateLocale(remembered === undefined ? await profileLocale() : remembered, languages);
}
