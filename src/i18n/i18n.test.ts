import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ResourceKey } from 'i18next';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SUPPORTED_LOCALES } from '../../core/locales';
import { dateLocale } from './dateLocales';
import {
  AssetBackend,
  NAMESPACES,
  translationUrls,
  changeLocale,
  createTestI18n,
  currentLocale,
  i18n,
  initI18n,
  withStrings,
} from './index';
import { TRANSLATIONS, initTestI18n } from './testing';
import { LOCALES_DIR, readTranslation } from './test-support';

const enUS = { shell: readTranslation('en-US') as ResourceKey };

/** Serves locales/<lng>/<namespace>.json from disk for any URL that names it. */
function diskFetch(url: string) {
  const m = /locales\/([^/?]+)\/([^/?]+)\.json/.exec(url);
  if (!m) return Promise.resolve({ ok: false, status: 404, json: () => Promise.reject(new Error('404')) });
  const body = readFileSync(join(LOCALES_DIR, m[1]!, `${m[2]}.json`), 'utf8');
  return Promise.resolve({ ok: true, status: 200, json: () => Promise.resolve(JSON.parse(body) as unknown) });
}

function read(backend: AssetBackend, lng: string, ns = 'shell') {
  return new Promise<{ err: unknown; data: unknown }>((resolve) => backend.read(lng, ns, (err, data) => resolve({ err, data })));
}

describe('translation assets', () => {
  it('has an asset URL for every supported locale and namespace', async () => {
    const TRANSLATION_URLS = await translationUrls();
    expect(Object.keys(TRANSLATION_URLS).sort()).toEqual([...SUPPORTED_LOCALES].sort());
    for (const l of SUPPORTED_LOCALES) {
      for (const ns of NAMESPACES) expect(TRANSLATION_URLS[l]?.[ns]).toMatch(new RegExp(`locales/${l}/${ns}\\.json`));
    }
  });
});

describe('AssetBackend', () => {
  it('fetches the file for the language', async () => {
    const fetchImpl = vi.fn(diskFetch);
    const backend = new AssetBackend({ fr: { shell: '/locales/fr/shell.json' } }, fetchImpl);
    const { err, data } = await read(backend, 'fr');
    expect(err).toBeNull();
    expect((data as { common: { close: string } }).common.close).toBe('Fermer');
    expect(fetchImpl).toHaveBeenCalledWith('/locales/fr/shell.json', { credentials: 'same-origin' });
  });

  it('reports an unknown language as a non-retryable error without fetching', async () => {
    const fetchImpl = vi.fn(diskFetch);
    const { err, data } = await read(new AssetBackend({}, fetchImpl), 'de');
    expect(err).toBeInstanceOf(Error);
    expect(data).toBe(false);
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('marks network failures retryable and 404s not', async () => {
    const offline = new AssetBackend({ fr: { shell: '/x' } }, () => Promise.reject(new TypeError('Failed to fetch')));
    expect(await read(offline, 'fr')).toMatchObject({ data: true });
    const missing = new AssetBackend({ fr: { shell: '/x' } }, () => Promise.resolve({ ok: false, status: 404, json: () => Promise.resolve({}) }));
    const r = await read(missing, 'fr');
    expect(r.err).toBeInstanceOf(Error);
    expect(r.data).toBe(false);
  });

  it('reports a namespace without a file as a non-retryable error', async () => {
    const { err, data } = await read(new AssetBackend({ fr: { shell: '/locales/fr/shell.json' } }, diskFetch), 'fr', 'other');
    expect(err).toBeInstanceOf(Error);
    expect(data).toBe(false);
  });
});

describe('createTestI18n / initTestI18n', () => {
  it('initialises synchronously with the given resources', () => {
    const t = createTestI18n('en-US', { 'en-US': enUS });
    expect(t.isInitialized).toBe(true);
    expect(t.language).toBe('en-US');
    expect(t.t('common.close')).toBe('Close');
    expect(t.t('sync.pending', { count: 1 })).toBe('1 change waiting to sync');
    expect(t.t('sync.pending', { count: 3 })).toBe('3 changes waiting to sync');
    expect(t.t('org.switchTo', { name: '<b>Gym</b>' })).toBe('Switch to <b>Gym</b>'); // React escapes, not i18next
  });

  it('falls back to en-US for keys a locale lacks, and to en-US for unsupported locales', () => {
    const t = createTestI18n('fr', { 'en-US': enUS, fr: { shell: { common: { close: 'Fermer' } } } });
    expect(t.t('common.close')).toBe('Fermer');
    expect(t.t('common.save')).toBe('Save');
    expect(createTestI18n('de-DE', { 'en-US': enUS }).language).toBe('en-US');
  });

  it('loads the real files for component tests', () => {
    expect(Object.keys(TRANSLATIONS).sort()).toEqual([...SUPPORTED_LOCALES].sort());
    const t = initTestI18n('mi');
    expect(t.language).toBe('mi-NZ');
    expect(t.t('nav.classes')).not.toBe('Classes');
    expect(t.t('locales.mi-NZ')).toBe('Māori');
  });

  it('uses every plural form the language needs (fr/es "many" for a million)', () => {
    const fr = initTestI18n('fr');
    const es = initTestI18n('es-ES');
    for (const t of [fr, es]) {
      for (const count of [0, 1, 2, 5, 1_000_000]) {
        const text = t.t('sync.pending', { count });
        expect(text).not.toMatch(/waiting to sync/);
      }
    }
    expect(fr.t('sync.pending', { count: 0 })).toMatch(/^0 /);
  });
});

describe('initI18n / changeLocale (runtime loading)', () => {
  const manifest = {
    href: '/manifest.webmanifest',
    sets: 0,
    getAttribute(name: string) { return name === 'href' ? this.href : null; },
    setAttribute(name: string, value: string) {
      if (name !== 'href') return;
      this.href = value;
      this.sets += 1;
    },
  };
  const doc = { documentElement: { lang: '', dir: '' }, querySelector: (selector: string) => (selector === 'link[rel="manifest"]' ? manifest : null) };

  beforeAll(() => {
    vi.stubGlobal('fetch', vi.fn(diskFetch));
    vi.stubGlobal('document', doc);
  });
  afterAll(() => {
    vi.unstubAllGlobals();
  });

  it('initialises in the resolved locale, loading its file alone by fetch (every locale holds every key)', async () => {
    // The first screen's strings, asked for before (preloadRoute), come with the shell's, not after them.
    const firstScreen = withStrings('booking', () => Promise.resolve('screen'))();
    const instance = await initI18n('fr-CA');
    expect(i18n.hasResourceBundle('fr', 'booking')).toBe(true);
    expect(await firstScreen).toBe('screen');
    expect(instance).toBe(i18n);
    expect(i18n.language).toBe('fr');
    expect(currentLocale()).toBe('fr');
    expect(i18n.t('common.close')).toBe('Fermer');
    expect(i18n.hasResourceBundle('en-US', 'shell')).toBe(false); // no fallback to load
    expect(i18n.hasResourceBundle('en', 'shell')).toBe(false); // load: currentOnly
    // A feature's strings are not part of the first load.
    expect(i18n.hasResourceBundle('fr', 'training')).toBe(false);
    expect(dateLocale('fr').code).toBe('fr');
    expect(doc.documentElement).toEqual({ lang: 'fr', dir: 'ltr' });
    const urls = vi.mocked(fetch).mock.calls.map((c) => String(c[0]));
    expect(urls.some((u) => u.includes('locales/fr/'))).toBe(true);
    expect(urls.some((u) => u.includes('locales/en-US/'))).toBe(false);
  });

  it('changes locale, loading the new file and date locale, and sets <html lang>', async () => {
    expect(await changeLocale('mi')).toBe('mi-NZ');
    expect(i18n.language).toBe('mi-NZ');
    expect(i18n.t('locales.en')).toBe('English (AU/NZ)');
    expect(i18n.t('nav.classes')).toBe((TRANSLATIONS['mi-NZ']?.shell as { nav: { classes: string } }).nav.classes);
    expect(dateLocale('mi-NZ').code).toBe('mi-NZ');
    expect(doc.documentElement.lang).toBe('mi-NZ');
    // The home-screen shortcuts in the language too (src/i18n/manifest.ts).
    expect(manifest.href).toBe('/manifest-mi-NZ.webmanifest');
    // Set again only when it changes: a new href has the browser fetch the manifest and its icon again.
    const sets = manifest.sets;
    expect(await changeLocale('mi-NZ')).toBe('mi-NZ');
    expect(manifest.sets).toBe(sets);
    expect(await changeLocale('klingon')).toBe('en-US');
    expect(i18n.t('common.close')).toBe('Close');
    expect(doc.documentElement.lang).toBe('en-US');
  });

  it('a second initI18n call switches locale instead of re-initialising', async () => {
    await initI18n('es');
    expect(i18n.language).toBe('es-ES');
    expect(i18n.t('common.close')).toBe('Cerrar');
  });

  it('loads a feature\'s strings with its screen, and again in the next language', async () => {
    expect(i18n.hasResourceBundle('es-ES', 'training')).toBe(false);
    expect(await withStrings('training', () => Promise.resolve('screen'))()).toBe('screen');
    expect(i18n.t('training.logWorkout', { ns: 'training' })).toBe('Registrar un entrenamiento');
    // The shell's words are found from a feature's namespace too.
    expect(i18n.t('common.close', { ns: 'training' })).toBe('Cerrar');
    await changeLocale('en-US');
    expect(i18n.t('training.logWorkout', { ns: 'training' })).toBe('Log a workout');
  });
});
