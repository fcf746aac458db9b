// date-fns locale objects per app locale, loaded on demand so only en-US (which date-fns bundles
// as its default anyway) sits in the initial chunk. initI18n/changeLocale await loadDateLocale
// before switching language, so the sync getter is ready by the time anything renders.
import type { Locale as DateFnsLocale } from 'date-fns';
import { enUS } from 'date-fns/locale/en-US';
import { resolveLocale, type Locale } from '../../core/locales';

// en (English AU/NZ) → enAU; en-GB → enGB; en-US → enUS; et → et; fr → fr; es-ES → es;
// mi-NZ → our own Māori locale (date-fns has none), see ./date-fns-mi.ts.
const LOADERS: Record<Locale, () => Promise<DateFnsLocale>> = {
  en: () => import('date-fns/locale/en-AU').then((m) => m.enAU),
  'en-GB': () => import('date-fns/locale/en-GB').then((m) => m.enGB),
  'en-US': () => Promise.resolve(enUS),
  et: () => import('date-fns/locale/et').then((m) => m.et),
  fr: () => import('date-fns/locale/fr').then((m) => m.fr),
  'mi-NZ': () => import('./date-fns-mi').then((m) => m.mi),
  'es-ES': () => import('date-fns/locale/es').then((m) => m.es),
};

const loaded = new Map<Locale, DateFnsLocale>([['en-US', enUS]]);
const pending = new Map<Locale, Promise<DateFnsLocale>>();

/** Load the date-fns locale for an app locale (any tag; resolved first). Safe to call repeatedly. */
export function loadDateLocale(locale: string): Promise<void> {
  const lng = resolveLocale(locale);
  if (loaded.has(lng)) return Promise.resolve();
  let p = pending.get(lng);
  if (!p) {
    p = LOADERS[lng]().then(
      (l) => {
        loaded.set(lng, l);
        pending.delete(lng);
        return l;
      },
      (err: unknown) => {
        pending.delete(lng);
        throw err;
      },
    );
    pending.set(lng, p);
  }
  return p.then(() => undefined);
}

/** The loaded date-fns locale for an app locale, or enUS when it has not been loaded (yet). */
export function dateLocale(locale: string): DateFnsLocale {
  return loaded.get(resolveLocale(locale)) ?? enUS;
}

/** Whether loadDateLocale has finished for this locale. */
export function isDateLocaleLoaded(locale: string): boolean {
  return loaded.has(resolveLocale(locale));
}
