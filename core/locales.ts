// Locale values and how any language tag (profile setting, navigator.languages, stored
// preference) maps onto them. Pure: no I/O, no globals beyond Intl.
//
// The seven locales: en (English AU/NZ), en-GB, en-US, et, fr, mi-NZ (Māori), es-ES.
// An unsupported locale falls back to en-US.

export const SUPPORTED_LOCALES = ['en', 'en-GB', 'en-US', 'et', 'fr', 'mi-NZ', 'es-ES'] as const;

export type Locale = (typeof SUPPORTED_LOCALES)[number];

export const FALLBACK_LOCALE: Locale = 'en-US';

const BY_LOWER = new Map<string, Locale>(SUPPORTED_LOCALES.map((l) => [l.toLowerCase(), l]));

// English regions that follow Australian/New Zealand conventions → 'en'.
const EN_AU_NZ_REGIONS = new Set(['AU', 'NZ', 'CK', 'NU', 'NF', 'TK', 'FJ', 'WS', 'TO', 'PG', 'SB', 'VU', 'KI', 'NR', 'TV']);

// English regions that follow British conventions (spelling, day-first dates) → 'en-GB'.
// Everything else in English (US, CA, PH, 150 "Europe", 001 "World", …) → 'en-US'.
const EN_GB_REGIONS = new Set([
  'GB', 'UK', 'IE', 'IM', 'JE', 'GG', 'GI', 'MT', 'CY', 'FK', 'SH', 'IO', 'VG', 'AI', 'MS', 'KY', 'BM', 'TC',
  'ZA', 'NA', 'BW', 'ZW', 'ZM', 'MW', 'KE', 'UG', 'TZ', 'RW', 'NG', 'GH', 'SL', 'GM', 'CM',
  'IN', 'PK', 'LK', 'BD', 'MY', 'SG', 'HK', 'BN', 'MU', 'SC', 'MV', 'JM', 'TT', 'BB', 'BS', 'BZ', 'GY',
  'LC', 'VC', 'GD', 'AG', 'DM', 'KN', 'IL', 'AE',
]);

export function isLocale(value: string): value is Locale {
  return (SUPPORTED_LOCALES as readonly string[]).includes(value);
}

interface ParsedTag {
  language: string;
  region: string | undefined;
}

function parseTag(tag: string): ParsedTag | null {
  const cleaned = tag.trim().replace(/_/g, '-');
  if (!cleaned) return null;
  try {
    const loc = new Intl.Locale(cleaned);
    return { language: loc.language.toLowerCase(), region: loc.region?.toUpperCase() };
  } catch {
    // Not a well-formed BCP 47 tag. Accept a bare "xx" or "xx-YY" start ("en-GB.UTF-8",
    // "fr-FR@euro") but nothing fancier.
    const m = /^([a-z]{2,3})(?:-([a-z]{2}|\d{3}))?(?:[^a-z0-9]|$)/i.exec(cleaned);
    if (!m || !m[1]) return null;
    return { language: m[1].toLowerCase(), region: m[2]?.toUpperCase() };
  }
}

/**
 * The supported locale a tag stands for, or null when it matches none of them (no fallback).
 * Exact match (case-insensitive, `_` accepted for `-`) first, then aliases:
 * en-AU/en-NZ (and Pacific English) → en; en-IE and other British-convention regions → en-GB;
 * other English → en-US; mi, mi-* → mi-NZ; es, es-* → es-ES; fr-* → fr; et-* → et.
 */
export function matchLocale(tag: string | null | undefined): Locale | null {
  if (typeof tag !== 'string') return null;
  const exact = BY_LOWER.get(tag.trim().replace(/_/g, '-').toLowerCase());
  if (exact) return exact;
  const parsed = parseTag(tag);
  if (!parsed) return null;
  const { language, region } = parsed;
  switch (language) {
    case 'en':
      if (!region) return 'en';
      if (EN_AU_NZ_REGIONS.has(region)) return 'en';
      if (EN_GB_REGIONS.has(region)) return 'en-GB';
      return 'en-US';
    case 'mi':
      return 'mi-NZ';
    case 'es':
      return 'es-ES';
    case 'fr':
      return 'fr';
    case 'et':
      return 'et';
    default:
      return null;
  }
}

/** The supported locale for a tag; anything unsupported (null, empty, garbage) → en-US. */
export function resolveLocale(tag: string | null | undefined): Locale {
  return matchLocale(tag) ?? FALLBACK_LOCALE;
}

/**
 * Which locale to show: the profile's locale when it is set and maps to a supported locale,
 * else the first browser language that maps to one (not by fallback), else en-US.
 */
export function negotiateLocale(
  profileLocale: string | null | undefined,
  navigatorLanguages: readonly (string | null | undefined)[] | string | null | undefined,
): Locale {
  const fromProfile = matchLocale(profileLocale);
  if (fromProfile) return fromProfile;
  const langs = typeof navigatorLanguages === 'string' ? [navigatorLanguages] : (navigatorLanguages ?? []);
  for (const lang of langs) {
    const m = matchLocale(lang);
    if (m) return m;
  }
  return FALLBACK_LOCALE;
}
