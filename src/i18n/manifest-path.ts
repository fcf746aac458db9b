import type { Locale } from '../../core/locales';

/**
 * The web app manifest in the member's language: the home-screen shortcuts' names are translated
 * (src/i18n/manifest.ts builds one per locale at build time). The page points its manifest link
 * here when the language is known; an install, or the browser's next look at the manifest, takes it.
 */
export const manifestPath = (lng: Locale): string => `/manifest-${lng}.webmanifest`;
