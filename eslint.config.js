import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = dirname(fileURLToPath(import.meta.url));

// Components translate with the app's hook (src/i18n/use-translation.ts): react-i18next's costs a
// copy of the i18next instance and a subscription per component (decisions.md#lean-translation).
const LEAN_TRANSLATION = { name: 'react-i18next', importNames: ['useTranslation'], message: "Use useTranslation from src/i18n/use-translation: react-i18next's costs a copy of the i18n instance per component." };

// The service worker reuses the notification feature's pull and commands (push arrives, a tap marks
// read). Recorded exception until those modules get a public entry.
const SW_FEATURE_EXCEPTIONS = ['src/features/notifications/pull', 'src/features/notifications/commands', 'src/features/notifications/action-count'];

// Cross-feature imports that predate the rule, each to move behind the other feature's public entry
// (src/features/<area>/public.ts) or into core/, src/domain or src/ui. Exact pairs: a new one fails.
const KNOWN_CROSS_FEATURE = new Set([
]);

/**
 * Import boundaries between the rooms of the house. Returns why `target` (repo-relative, no
 * extension) may not be imported from `from`, or null when it may. Packages are not checked.
 */
function boundaryViolation(from, target) {
  const inDir = (path, dir) => path === dir || path.startsWith(`${dir}/`);
  const feature = (path) => /^src\/features\/([^/.]+)\//.exec(path)?.[1];
  // Tests may wire several rooms together (the ops registry, another feature's pull); the
  // layering rules below are about shipped code. core/, server/ and sw/ still hold for tests.
  const isTest = /\.test\.tsx?$/.test(from) || inDir(from, 'tests') || inDir(from, 'server/testing');
  if (isTest && inDir(target, 'tests')) return null;
  if (isTest && inDir(from, 'src') && inDir(target, 'src')) return null;
  if (inDir(from, 'core')) return inDir(target, 'core') ? null : 'core/ imports nothing of ours';
  if (inDir(from, 'server')) return inDir(target, 'server') || inDir(target, 'core') ? null : 'server/ imports core/ only';
  if (inDir(from, 'sw')) {
    // A feature's public-sync.ts is its SW-safe entry; the translation files are data (offer-strings.ts).
    const ok = ['sw', 'core', 'src/data', 'locales'].some((d) => inDir(target, d)) || target === 'src/features/ops'
      || /^src\/features\/[^/]+\/public-sync$/.test(target) || SW_FEATURE_EXCEPTIONS.includes(target);
    return ok ? null : 'sw/ imports core/, src/data/, src/features/ops and features\' public-sync only';
  }
  if (!inDir(from, 'src')) return null;
  if (inDir(from, 'src/domain') && !inDir(target, 'src/domain') && !inDir(target, 'core')) return 'src/domain imports core/ only';
  if (inDir(from, 'src/data') && (inDir(target, 'src/features') || inDir(target, 'src/app'))) return 'src/data (the sync engine) never imports features or the app';
  const apiClient = inDir(target, 'src/data/api') && target !== 'src/data/api/errors';
  if (inDir(from, 'src/ui') && (inDir(target, 'src/features') || apiClient || inDir(target, 'src/app'))) return 'src/ui imports neither features, the api client nor the app';
  if (inDir(from, 'src/features') && inDir(target, 'src/app')) return 'features never import src/app';
  const a = feature(from);
  const b = feature(target);
  const publicEntry = target === `src/features/${b}` || /^public(-[a-z]+)?$/.test(target.slice(`src/features/${b}/`.length));
  if (a && b && a !== b && !publicEntry && !KNOWN_CROSS_FEATURE.has(`${from.replace(/\.tsx?$/, '')} -> ${target}`)) return `src/features/${a} never imports src/features/${b}'s internals`;
  return null;
}

const boundaries = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const from = relative(ROOT, context.filename).split('\\').join('/');
    const check = (node) => {
      const spec = node?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = relative(ROOT, resolve(dirname(context.filename), spec)).split('\\').join('/')
        .replace(/\.(tsx?|jsx?|mjs)$/, '').replace(/\/index$/, '');
      const why = boundaryViolation(from, target);
      if (why) context.report({ node, message: `Import boundary: ${why} (${spec}).` });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => node.source && check(node.source),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source),
    };
  },
};

export default tseslint.config(
  { ignores: ['dist/**', 'dist-server/**', 'node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { local: { rules: { boundaries } } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'local/boundaries': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-imports': ['error', { paths: [LEAN_TRANSLATION] }],
    },
  },
  {
    // The UI reads Dexie only; the network belongs to the sync engine and each feature's api.ts.
    // Screens and components must not reach the API client (or a feature's api.ts) or call fetch.
    files: ['src/features/*/screens/**/*.{ts,tsx}', 'src/ui/**/*.{ts,tsx}', 'src/app/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [LEAN_TRANSLATION],
        patterns: [{ regex: '(data/api(/(?!errors$)[^/]+)?|/api)$', message: 'Screens read Dexie through hooks and write through commands, never the API client.' }],
      }],
      'no-restricted-globals': ['error', { name: 'fetch', message: 'Screens never fetch: use a command or a pull.' }],
    },
  },
);
