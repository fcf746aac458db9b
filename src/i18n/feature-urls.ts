// The features' translation files (every namespace but the shell's), loaded with the first
// feature namespace asked for rather than with the shell (see index.ts). Paths to asset URLs only:
// importing nothing keeps this chunk apart from the shell's.
export const FEATURE_FILES: Record<string, string> = import.meta.glob<string>(['../../locales/*/*.json', '!../../locales/*/shell.json'], {
  query: '?url&no-inline',
  import: 'default',
  eager: true,
});
