// The web app manifest, one per locale (issue 31, item 2): long-press the installed icon for the
// home-screen shortcuts, named in the member's language. Built by vite.config.ts; the default
// manifest.webmanifest is the English one. Icons: public/shortcuts (scripts/shortcut-icons.ts).
import { SUPPORTED_LOCALES, type Locale } from '../../core/locales';
import { manifestPath } from './manifest-path';
import en from '../../locales/en/shell.json';
import enGB from '../../locales/en-GB/shell.json';
import enUS from '../../locales/en-US/shell.json';
import es from '../../locales/es-ES/shell.json';
import et from '../../locales/et/shell.json';
import fr from '../../locales/fr/shell.json';
import mi from '../../locales/mi-NZ/shell.json';

const SHELL: Record<Locale, typeof enUS> = { en, 'en-GB': enGB, 'en-US': enUS, 'es-ES': es, et, fr, 'mi-NZ': mi };

export const BASE_MANIFEST = {
  id: '/',
  name: 'Member — classes, bookings and training',
  short_name: 'Member',
  description: 'Book classes, manage your membership and log your training, even offline.',
  start_url: '/',
  scope: '/',
  display: 'standalone' as const,
  orientation: 'portrait' as const,
  theme_color: '#0f766e',
  background_color: '#f4f7f5',
  categories: ['health', 'fitness', 'lifestyle'],
  // PNGs only: the browser fetches one into the page at each start to check the app is installable,
  // and an SVG there is a document built on the page's main thread (decisions#svg-images).
  icons: [
    { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' as const },
    { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icon-maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
    { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
  // A CSV shared from another tracker opens the import with it (sw/share-target.ts).
  share_target: {
    action: '/share/import',
    method: 'POST' as const,
    enctype: 'multipart/form-data' as const,
    params: { files: [{ name: 'file', accept: ['text/csv', 'text/comma-separated-values', 'text/plain', 'application/vnd.ms-excel', '.csv'] }] },
  },
};

/** Sizes each shortcut icon is drawn at (Chromium asks for 96 dp; 192 for dense screens). */
export const SHORTCUT_ICON_SIZES = [96, 192] as const;

const icons = (name: string) => SHORTCUT_ICON_SIZES.map((size) => ({ src: `/shortcuts/${name}-${size}.png`, sizes: `${size}x${size}`, type: 'image/png' }));

/** The manifest in `lng`: its language and the shortcuts' names in it. */
export function localisedManifest(lng: Locale): typeof BASE_MANIFEST & { lang: string; shortcuts: { name: string; short_name: string; url: string; icons: ReturnType<typeof icons> }[] } {
  const strings = SHELL[lng];
  return {
    ...BASE_MANIFEST,
    lang: lng,
    shortcuts: [
      { name: strings.shortcuts.classesToday, short_name: strings.nav.classes, url: '/classes', icons: icons('classes') },
      { name: strings.nav.bookings, short_name: strings.nav.bookings, url: '/bookings', icons: icons('bookings') },
      { name: strings.titles.liftNew, short_name: strings.titles.liftNew, url: '/training/workouts/new/lift', icons: icons('lift') },
      { name: strings.titles.checkin, short_name: strings.nav.checkin, url: '/checkin', icons: icons('checkin') },
    ],
  };
}

/** Every locale's manifest file: its path in dist and its text. */
export function localisedManifests(): { fileName: string; source: string }[] {
  return SUPPORTED_LOCALES.map((lng) => ({ fileName: manifestPath(lng).slice(1), source: JSON.stringify(localisedManifest(lng)) }));
}
