// Test helper: a synchronously initialised i18next instance with the real translation files
// imported directly (no fetch). Only tests import this module, so the JSON never reaches the
// app bundle.
import type { i18n as I18n, ResourceKey } from 'i18next';
import { FALLBACK_LOCALE, resolveLocale } from '../../core/locales';
import { createTestI18n } from './index';

const FILES = import.meta.glob<ResourceKey>('../../locales/*/*.json', { import: 'default', eager: true });

/** Every locale's translations per namespace, keyed by locale ("en-US", "mi-NZ", …). */
export const TRANSLATIONS: Record<string, Record<string, ResourceKey>> = {};
for (const [path, data] of Object.entries(FILES)) {
  const m = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  if (m) (TRANSLATIONS[m[1]!] ??= {})[m[2]!] = data;
}

/**
 * i18n for component tests in `locale` (default en-US), with en-US as the fallback and every
 * namespace loaded, set as react-i18next's default instance. Date formats other than en-US also
 * need `await loadDateLocale(locale)`.
 */
export function initTestI18n(locale: string = FALLBACK_LOCALE): I18n {
  const lng = resolveLocale(locale);
  const translations: Record<string, Record<string, ResourceKey>> = {};
  for (const code of new Set([FALLBACK_LOCALE, lng])) {
    const data = TRANSLATIONS[code];
    if (data) translations[code] = data;
  }
  return createTestI18n(lng, translations);
}
