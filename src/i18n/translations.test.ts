import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SUPPORTED_LOCALES } from '../../core/locales';
import { INTL_LOCALE } from './format';
import { NAMESPACES } from './index';
import { LOCALES_DIR, ROOT, flatten, namespaceFiles, readTranslation, rel, tokens, walk } from './test-support';

const SOURCE = 'en-US';
const OTHERS = SUPPORTED_LOCALES.filter((l) => l !== SOURCE);
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

const source = flatten(readTranslation(SOURCE));
const sourceKeys = Object.keys(source);

/** en-US plural groups: base key → suffixes present (e.g. sync.pending → one, other). */
const pluralBases = new Map<string, Set<string>>();
for (const key of sourceKeys) {
  const m = PLURAL_SUFFIX.exec(key);
  if (m?.[1]) {
    const base = key.slice(0, -m[0].length);
    if (!pluralBases.has(base)) pluralBases.set(base, new Set());
    pluralBases.get(base)?.add(m[1]);
  }
}

/**
 * Plural categories a locale's files must provide: what this engine's CLDR data says (fr and es
 * have "many" for 1 000 000 …) plus one/other, which every one of our languages uses (some
 * engines have no Māori plural data and fall back to English rules).
 */
function pluralCategories(locale: (typeof SUPPORTED_LOCALES)[number]): string[] {
  const cats = new Set(new Intl.PluralRules(INTL_LOCALE[locale]).resolvedOptions().pluralCategories);
  cats.add('one');
  cats.add('other');
  return [...cats];
}

describe('en-US source file', () => {
  it('is non-empty and has only non-empty string leaves', () => {
    expect(sourceKeys.length).toBeGreaterThan(50);
    for (const [key, value] of Object.entries(source)) {
      expect(typeof value, key).toBe('string');
      expect((value as string).trim(), key).not.toBe('');
    }
  });

  it('has both _one and _other for every plural key', () => {
    for (const [base, suffixes] of pluralBases) {
      expect([...suffixes].sort(), base).toEqual(expect.arrayContaining(['one', 'other']));
    }
  });

  it('names every locale in its own language under "locales"', () => {
    for (const l of SUPPORTED_LOCALES) expect(source[`locales.${l}`], l).toBeTypeOf('string');
  });
});

describe.each(OTHERS)('locales/%s/*.json', (locale) => {
  it('has a valid JSON file for every namespace and no other', () => {
    expect(namespaceFiles(locale)).toEqual(NAMESPACES.map((ns) => `${ns}.json`).sort());
    for (const ns of NAMESPACES) {
      const file = join(LOCALES_DIR, locale, `${ns}.json`);
      expect(existsSync(file), file).toBe(true);
      expect(() => JSON.parse(readFileSync(file, 'utf8'))).not.toThrow();
    }
  });

  it('keeps each top-level group in the same namespace as en-US', () => {
    for (const ns of NAMESPACES) {
      const groups = (l: string) => Object.keys(JSON.parse(readFileSync(join(LOCALES_DIR, l, `${ns}.json`), 'utf8')) as object).sort();
      expect(groups(locale), ns).toEqual(groups(SOURCE));
    }
  });

  const target = flatten(readTranslation(locale));
  const categories = pluralCategories(locale);

  it('has every en-US key as a non-empty string', () => {
    const missing = sourceKeys.filter((k) => typeof target[k] !== 'string' || (target[k] as string).trim() === '');
    expect(missing, `missing or empty in ${locale}`).toEqual([]);
  });

  it('has every plural form its language needs', () => {
    const missing: string[] = [];
    for (const base of pluralBases.keys()) {
      for (const cat of categories) {
        const k = `${base}_${cat}`;
        if (typeof target[k] !== 'string' || (target[k] as string).trim() === '') missing.push(k);
      }
    }
    expect(missing, `plural forms missing in ${locale} (needs ${categories.join('/')})`).toEqual([]);
  });

  it('has no keys that en-US lacks (other than its extra plural forms)', () => {
    const extra = Object.keys(target).filter((k) => {
      if (k in source) return false;
      const m = PLURAL_SUFFIX.exec(k);
      return !(m?.[1] && pluralBases.has(k.slice(0, -m[0].length)) && categories.includes(m[1]));
    });
    expect(extra, `keys in ${locale} but not in en-US`).toEqual([]);
  });

  it('keeps the same {{placeholders}}, $t() references and tags per key', () => {
    const mismatched: string[] = [];
    for (const key of Object.keys(target)) {
      const value = target[key];
      if (typeof value !== 'string') continue;
      // Extra plural forms (e.g. _many) compare against en-US _other.
      const m = PLURAL_SUFFIX.exec(key);
      const srcKey = key in source ? key : m ? `${key.slice(0, -m[0].length)}_other` : key;
      const srcValue = source[srcKey];
      if (typeof srcValue !== 'string') continue;
      const want = tokens(srcValue);
      const got = tokens(value);
      // A translation may drop {{count}} in the _one form ("Une modification…") but never add
      // placeholders en-US does not pass.
      const ok =
        got.every((t) => want.includes(t)) &&
        want.every((t) => got.includes(t) || (t === '{{count}}' && m?.[1] === 'one'));
      if (!ok) mismatched.push(`${key}: en-US ${want.join(' ')} vs ${got.join(' ')}`);
    }
    expect(mismatched).toEqual([]);
  });

  it('names every locale in its own language (same endonyms as en-US)', () => {
    for (const l of SUPPORTED_LOCALES) expect(target[`locales.${l}`], l).toBe(source[`locales.${l}`]);
  });
});

describe('keys used in src', () => {
  const files = walk(join(ROOT, 'src'), ['.ts', '.tsx']).filter((file) => !/\.test\.tsx?$/.test(file));

  interface Use {
    key: string;
    where: string;
    prefixOnly: boolean;
  }

  function lineOf(text: string, index: number): number {
    return text.slice(0, index).split('\n').length;
  }

  const uses: Use[] = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const patterns: [RegExp, boolean][] = [
      // t('a.b'), t("a.b"), i18n.t('a.b'), t(`a.b`) without interpolation
      [/\bt\(\s*(['"])([^'"\n]+?)\1/g, false],
      [/\bt\(\s*`([^`$\n]+)`/g, false],
      // t(`a.${x}`): the literal part before ${ must prefix some key
      [/\bt\(\s*`([^`$\n]*)\$\{/g, true],
      // <Trans i18nKey="a.b"> / i18nKey={'a.b'}
      [/\bi18nKey=\{?\s*(['"`])([^'"`$\n]+)\1/g, false],
    ];
    for (const [re, prefixOnly] of patterns) {
      for (const m of text.matchAll(re)) {
        const raw = m[2] ?? m[1] ?? '';
        const key = raw.replace(/^translation:/, '');
        uses.push({ key, where: `${rel(file)}:${lineOf(text, m.index)}`, prefixOnly });
      }
    }
  }

  it('finds the key scanner working on this codebase', () => {
    expect(files.length).toBeGreaterThan(0);
  });

  it('every literal key exists in en-US (plural keys via _one/_other)', () => {
    const unknown = uses
      .filter((u) => !u.prefixOnly)
      .filter((u) => !(u.key in source) && !(`${u.key}_one` in source && `${u.key}_other` in source))
      .map((u) => `${u.where} ${u.key}`);
    expect(unknown).toEqual([]);
  });

  // A screen's t() reads its feature's namespace and the shell's; a key in another feature's file
  // would show as the raw key. src/domain returns keys that the showing screen translates.
  // Friends: its screens read profile's, its line on class rows booking's (loaded with the timetable).
  const FEATURE_NAMESPACE: Record<string, string | string[]> = { auth: 'profile', checkin: 'profile', friends: ['profile', 'booking'], booking: 'booking', training: 'training', profile: 'profile', appointments: 'appointments', courses: 'appointments', account: 'account', shop: 'account', feed: 'feed' };
  const byNamespace = Object.fromEntries(
    NAMESPACES.map((ns) => [ns, flatten(JSON.parse(readFileSync(join(LOCALES_DIR, SOURCE, `${ns}.json`), 'utf8')))]),
  );
  it('every literal key is in a namespace its file loads (its feature\'s or the shell\'s)', () => {
    const misplaced = uses
      .filter((u) => !u.prefixOnly && !u.where.startsWith('src/domain/'))
      .filter((u) => {
        const feature = /^src\/features\/([^/]+)\//.exec(u.where)?.[1];
        const own = feature ? FEATURE_NAMESPACE[feature] : undefined;
        const readable = own ? [...[own].flat(), 'shell'] : ['shell'];
        return !readable.some((ns) => u.key in byNamespace[ns]! || `${u.key}_one` in byNamespace[ns]!);
      })
      .map((u) => `${u.where} ${u.key}`);
    expect(misplaced).toEqual([]);
  });

  it('every template-key prefix (t(`locales.${x}`)) matches some en-US key', () => {
    const unknown = uses
      .filter((u) => u.prefixOnly && u.key !== '')
      .filter((u) => !sourceKeys.some((k) => k.startsWith(u.key)))
      .map((u) => `${u.where} ${u.key}`);
    expect(unknown).toEqual([]);
  });
});
