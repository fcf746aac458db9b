// The words on a waitlist offer's system notification, in the member's language. The service
// worker has no i18next: it takes the `reservation` group of each locale's shell.json (the same
// strings the app shows; the bundler keeps only that group) and picks by the profile's locale.
import { reservation as en } from '../locales/en/shell.json';
import { reservation as enGB } from '../locales/en-GB/shell.json';
import { reservation as enUS } from '../locales/en-US/shell.json';
import { reservation as esES } from '../locales/es-ES/shell.json';
import { reservation as et } from '../locales/et/shell.json';
import { reservation as fr } from '../locales/fr/shell.json';
import { reservation as miNZ } from '../locales/mi-NZ/shell.json';
import { resolveLocale, type Locale } from '../core/locales';
import { db } from '../src/data/db';
import { getAuthState } from '../src/data/sync/auth-row';

export type OfferStrings = Pick<typeof en, 'confirm' | 'decline' | 'confirmQueued' | 'declineQueued'>;

const STRINGS: Record<Locale, OfferStrings> = { en, 'en-GB': enGB, 'en-US': enUS, 'es-ES': esES, et, fr, 'mi-NZ': miNZ };

/** The signed-in member's language (their profile's), else the fallback language. */
export async function offerStrings(): Promise<OfferStrings> {
  const auth = await getAuthState().catch(() => null);
  const id = auth?.status === 'authenticated' ? auth.profileId : null;
  const profile = id === null ? undefined : await db.profiles.get(id).catch(() => undefined);
  return STRINGS[resolveLocale(profile?.locale)];
}
