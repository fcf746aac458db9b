// i18next set-up. Translation files live at locales/<lng>/<namespace>.json in the repo root, one
// namespace for the shell (loaded before the first paint) and one per feature (loaded with the
// feature's chunk, see withStrings). They are loaded at run time as separate, hashed assets (the product loads "translation files
// from a locales asset path"); Vite emits them because of the glob below and the service worker
// precaches them, so switching language works offline.
import i18next, {
  type BackendModule,
  type i18n as I18n,
  type InitOptions,
  type ReadCallback,
  type Resource,
  type ResourceKey,
} from 'i18next';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LOCALE, SUPPORTED_LOCALES, resolveLocale, type Locale } from '../../core/locales';
import { manifestPath } from './manifest-path';
import { rememberLocale } from './remembered';

export { resolveLocale } from '../../core/locales';
export type { Locale } from '../../core/locales';

// date-fns and its locales load with the first screen that formats a date, not with the shell.
function loadDateLocale(lng: Locale): Promise<void> {
  return import('./dateLocales').then((m) => m.loadDateLocale(lng));
}

/** The shell's strings load before the first paint; each feature's load with its screens. */
export const NAMESPACES = ['shell', 'booking', 'training', 'profile', 'appointments', 'account', 'feed'] as const;
export type Namespace = (typeof NAMESPACES)[number];
export const SHELL_NAMESPACE: Namespace = 'shell';

export type UrlsByNamespace = Partial<Record<string, string>>;
export type UrlsByLocale = Readonly<Partial<Record<Locale, UrlsByNamespace>>>;

/** Files as import.meta.glob gives them (`../../locales/<lng>/<ns>.json` → URL), per locale and namespace. */
export function urlsByLocale(files: Record<string, string>): UrlsByLocale {
  const out: Partial<Record<Locale, UrlsByNamespace>> = {};
  for (const [path, url] of Object.entries(files)) {
    const m = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    const lng = m?.[1];
    const ns = m?.[2];
    if (!lng || !ns || !(SUPPORTED_LOCALES as readonly string[]).includes(lng) || !(NAMESPACES as readonly string[]).includes(ns)) continue;
    (out[lng as Locale] ??= {})[ns] = url;
  }
  return out;
}

// `?url` turns each file into an emitted asset and gives its (hashed) URL; `no-inline` stops Vite
// inlining small files as data: URLs into the main chunk. Only the shell's files are named here;
// the features' URLs load with the first feature namespace asked for (feature-urls.ts), so the
// shell does not carry a URL per locale for every feature.
const SHELL_URLS: UrlsByLocale = urlsByLocale(
  import.meta.glob<string>('../../locales/*/shell.json', { query: '?url&no-inline', import: 'default', eager: true }),
);

/** Asset URL of each locale's file per namespace, the features' included. */
export async function translationUrls(): Promise<UrlsByLocale> {
  const FEATURE_URLS = urlsByLocale((await import('./feature-urls')).FEATURE_FILES);
  const out: Partial<Record<Locale, UrlsByNamespace>> = {};
  for (const lng of SUPPORTED_LOCALES) out[lng] = { ...FEATURE_URLS[lng], ...SHELL_URLS[lng] };
  return out;
}

async function defaultUrl(language: string, namespace: string): Promise<string | undefined> {
  if (namespace === SHELL_NAMESPACE) return SHELL_URLS[language as Locale]?.[namespace];
  return (await translationUrls())[language as Locale]?.[namespace];
}

class TranslationLoadError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'TranslationLoadError';
  }
}

type FetchLike = (url: string, init?: RequestInit) => Promise<Pick<Response, 'ok' | 'status' | 'json'>>;

/**
 * A minimal i18next backend: fetches locales/<lng>/<namespace>.json from its asset URL.
 * Network failures are reported as retryable (i18next retries a few times); a missing file or
 * an HTTP error is not.
 */
export class AssetBackend implements BackendModule {
  static readonly type = 'backend' as const;
  readonly type = 'backend' as const;
  readonly callbackApi = true;

  constructor(
    /** Tests give the URLs; the app looks them up (the features' lazily). */
    private readonly urls?: Readonly<Partial<Record<string, UrlsByNamespace>>>,
    private readonly fetchImpl: FetchLike = (url, init) => fetch(url, init),
  ) {}

  init(): void {}

  read(language: string, namespace: string, callback: ReadCallback): void {
    this.load(language, namespace).then(
      (data) => callback(null, data),
      (err: unknown) => {
        const retryable = err instanceof TranslationLoadError ? err.retryable : true;
        callback(err instanceof Error ? err : new Error(String(err)), retryable);
      },
    );
  }

  private async load(language: string, namespace: string): Promise<ResourceKey> {
    const url = this.urls ? this.urls[language]?.[namespace] : await defaultUrl(language, namespace);
    if (!url) throw new TranslationLoadError(`No translation file for "${language}/${namespace}"`, false);
    const res = await this.fetchImpl(url, { credentials: 'same-origin' });
    if (!res.ok) throw new TranslationLoadError(`Loading ${url} failed with HTTP ${res.status}`, res.status >= 500);
    return (await res.json()) as ResourceKey;
  }
}

/** Options shared by the app instance and test instances. */
export function baseOptions(lng: Locale): InitOptions {
  return {
    lng,
    fallbackLng: FALLBACK_LOCALE,
    supportedLngs: [...SUPPORTED_LOCALES],
    nonExplicitSupportedLngs: false,
    // Load exactly the chosen locale, never a bare "en"/"es" parent (the app loads no fallback: initI18n).
    load: 'currentOnly',
    ns: [SHELL_NAMESPACE],
    defaultNS: SHELL_NAMESPACE,
    // A feature's screens ask for their namespace; the shell's words (titles, errors) are found too.
    fallbackNS: SHELL_NAMESPACE,
    interpolation: { escapeValue: false }, // React escapes.
    returnNull: false,
    returnEmptyString: false, // an empty translation falls back (none in the app's files: translations.test.ts)
    react: { useSuspense: false }, // initI18n/changeLocale load before rendering
  };
}

/** The app's i18next instance. */
export const i18n: I18n = i18next.createInstance();

let initPromise: Promise<I18n> | null = null;
/** Namespaces asked for before initI18n: they load with the shell's. */
const askedEarly = new Set<Namespace>();
let markInitialised: () => void = () => undefined;
/** Settles once initI18n has loaded the first language: feature strings may be asked for before. */
const initialised = new Promise<void>((resolve) => {
  markInitialised = resolve;
});

/** The language tag for <html lang>: the locale as is (BCP 47), e.g. "mi-NZ", "en". */
function applyDocumentLocale(lng: string): void {
  if (typeof document === 'undefined') return;
  const el = document.documentElement;
  el.lang = lng;
  el.dir = i18n.dir(lng);
  // The home-screen shortcuts in the member's language, for an install or the browser's next look.
  // (Set only when it changes: a new href has the browser fetch the manifest and its icon again.)
  const manifest = document.querySelector('link[rel="manifest"]');
  const href = manifestPath(resolveLocale(lng));
  if (manifest && manifest.getAttribute('href') !== href) manifest.setAttribute('href', href);
  rememberLocale(lng);
}

/**
 * Initialise the app's i18n in the given locale (any tag; resolved to a supported locale, else
 * en-US). Loads the translation file(s) and the date-fns locale before resolving. Calling it
 * again switches locale instead.
 */
export function initI18n(locale: string): Promise<I18n> {
  if (initPromise) return initPromise.then(async () => (await changeLocale(locale), i18n));
  const lng = resolveLocale(locale);
  initPromise = (async () => {
    i18n.use(new AssetBackend()).use(initReactI18next);
    // The first screen's strings will need the features' URLs: fetch them alongside the shell's.
    void import('./feature-urls').catch(() => undefined);
    i18n.on('languageChanged', (l: string) => applyDocumentLocale(resolveLocale(l)));
    // The first screen's strings, asked for before this (preloadRoute), load with the shell's, not after them.
    // Every locale holds every key, none empty (translations.test.ts), so the app never reads the
    // en-US fallback: it is not loaded beside the member's language, which at each start was one
    // file more per namespace (decisions.md#strings-alone).
    await Promise.all([i18n.init({ ...baseOptions(lng), fallbackLng: false, ns: [SHELL_NAMESPACE, ...askedEarly] }), loadDateLocale(lng).catch(() => undefined)]);
    applyDocumentLocale(lng);
    markInitialised();
    return i18n;
  })();
  return initPromise;
}

/**
 * Switch to a locale (any tag; resolved): loads its translations and date-fns locale, then
 * changes language and sets <html lang dir>. Resolves to the locale actually used.
 */
export async function changeLocale(locale: string): Promise<Locale> {
  const lng = resolveLocale(locale);
  if (!initPromise) {
    await initI18n(lng);
    return lng;
  }
  await initPromise;
  await Promise.all([i18n.loadLanguages(lng), loadDateLocale(lng).catch(() => undefined)]);
  await i18n.changeLanguage(lng);
  applyDocumentLocale(lng);
  return lng;
}

/** The current app locale (resolved; en-US before init). */
export function currentLocale(): Locale {
  return resolveLocale(i18n.language);
}

/** Loads a feature's strings in the current language; resolves when ready. */
export async function loadNamespace(ns: Namespace | readonly Namespace[]): Promise<void> {
  if (!initPromise) for (const name of [ns].flat()) askedEarly.add(name);
  await initialised;
  await i18n.loadNamespaces(ns);
}

/**
 * Wraps a screen's dynamic import so its feature's strings load at the same time as its chunk:
 * the screen never renders its keys while the strings are on their way.
 */
export function withStrings<T>(ns: Namespace | readonly Namespace[], load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadNamespace(ns)]).then(([module]) => module);
}

/**
 * A synchronously initialised i18next instance for tests (no backend, no fetch), also set as
 * react-i18next's default so `useTranslation` works without a provider.
 *
 *   import shell from '../../locales/en-US/shell.json';
 *   const i18n = createTestI18n('en-US', { 'en-US': { shell } });
 */
export function createTestI18n(locale: string = FALLBACK_LOCALE, translations: Record<string, Partial<Record<string, ResourceKey>>> = {}): I18n {
  const lng = resolveLocale(locale);
  const resources: Resource = {};
  for (const [code, data] of Object.entries(translations)) resources[code] = { ...data } as Record<string, ResourceKey>;
  const instance = i18next.createInstance();
  instance.use(initReactI18next);
  void instance.init({ ...baseOptions(lng), resources, initAsync: false });
  return instance;
}

