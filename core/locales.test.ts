import { describe, expect, it } from 'vitest';
import { FALLBACK_LOCALE, SUPPORTED_LOCALES, isLocale, matchLocale, negotiateLocale, resolveLocale } from './locales';

describe('SUPPORTED_LOCALES', () => {
  it('lists the seven SPEC locales with en-US as the fallback', () => {
    expect(SUPPORTED_LOCALES).toEqual(['en', 'en-GB', 'en-US', 'et', 'fr', 'mi-NZ', 'es-ES']);
    expect(FALLBACK_LOCALE).toBe('en-US');
    expect(isLocale('mi-NZ')).toBe(true);
    expect(isLocale('mi')).toBe(false);
  });
});

describe('resolveLocale', () => {
  it.each(SUPPORTED_LOCALES.map((l) => [l]))('maps %s to itself', (l) => {
    expect(resolveLocale(l)).toBe(l);
  });

  it.each([
    ['EN-gb', 'en-GB'],
    ['en-us', 'en-US'],
    ['MI-nz', 'mi-NZ'],
    ['ES-es', 'es-ES'],
    ['FR', 'fr'],
    ['en_GB', 'en-GB'],
    ['  et  ', 'et'],
  ])('matches exactly, ignoring case/underscores/spaces: %s → %s', (tag, want) => {
    expect(resolveLocale(tag)).toBe(want);
  });

  it.each([
    ['en-AU', 'en'],
    ['en-NZ', 'en'],
    ['en_NZ', 'en'],
    ['en-Latn-NZ', 'en'],
    ['en-IE', 'en-GB'],
    ['en-ZA', 'en-GB'],
    ['en-IN', 'en-GB'],
    ['en-UK', 'en-GB'],
    ['en-CA', 'en-US'],
    ['en-150', 'en-US'],
    ['mi', 'mi-NZ'],
    ['mi-Latn', 'mi-NZ'],
    ['MI', 'mi-NZ'],
    ['es', 'es-ES'],
    ['es-MX', 'es-ES'],
    ['es-419', 'es-ES'],
    ['fr-FR', 'fr'],
    ['fr-CA', 'fr'],
    ['fr-BE', 'fr'],
    ['et-EE', 'et'],
    ['en-GB.UTF-8', 'en-GB'],
    ['fr_FR@euro', 'fr'],
  ])('aliases %s → %s', (tag, want) => {
    expect(resolveLocale(tag)).toBe(want);
  });

  it.each([[null], [undefined], [''], ['   '], ['de'], ['de-DE'], ['zh-Hant-TW'], ['x'], ['*'], ['und'], ['C'], ['not a locale'], ['12-34']])(
    'falls back to en-US for %j',
    (tag) => {
      expect(resolveLocale(tag)).toBe('en-US');
      expect(matchLocale(tag)).toBeNull();
    },
  );
});

describe('negotiateLocale', () => {
  it('uses the profile locale when it is set and supported', () => {
    expect(negotiateLocale('fr', ['en-US'])).toBe('fr');
    expect(negotiateLocale('mi-NZ', [])).toBe('mi-NZ');
  });

  it('resolves aliases in the profile locale', () => {
    expect(negotiateLocale('en-AU', ['fr-FR'])).toBe('en');
    expect(negotiateLocale('es-MX', ['fr-FR'])).toBe('es-ES');
  });

  it('ignores an unsupported or empty profile locale and uses the first browser language that matches', () => {
    expect(negotiateLocale('de', ['de-DE', 'ja', 'et-EE', 'fr'])).toBe('et');
    expect(negotiateLocale(null, ['en-NZ', 'en-US'])).toBe('en');
    expect(negotiateLocale('', ['pt-BR', 'es-AR'])).toBe('es-ES');
    expect(negotiateLocale(undefined, 'fr-CA')).toBe('fr');
  });

  it('falls back to en-US when nothing matches', () => {
    expect(negotiateLocale('de', ['de-DE', 'ja-JP'])).toBe('en-US');
    expect(negotiateLocale(null, [])).toBe('en-US');
    expect(negotiateLocale(undefined, undefined)).toBe('en-US');
    expect(negotiateLocale(null, [null, '', 'garbage!!'])).toBe('en-US');
  });
});
