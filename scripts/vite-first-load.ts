// The preload lists Vite writes for each dynamic import (__vite__mapDeps) name every chunk the
// imported one needs, including the chunks the first load already fetched (React, the sync engine,
// i18next…): naming those again preloads nothing and costs the entry about 0.5 KB gzip. This
// plugin records the entry's static imports, and the config's resolveDependencies leaves them out.
import type { Plugin } from 'vite';

/** Chunks the entry loads before any code runs: always there by the time a dynamic import does. */
const loadedFirst = new Set<string>();

export function firstLoadPlugin(): Plugin {
  return {
    name: 'first-load-chunks',
    apply: 'build',
    generateBundle: {
      // Before Vite's import analysis writes the preload lists in its own generateBundle.
      order: 'pre',
      handler(_options, bundle) {
        loadedFirst.clear();
        const entry = Object.values(bundle).find((output) => output.type === 'chunk' && output.isEntry);
        const visit = (fileName: string) => {
          const chunk = bundle[fileName];
          if (loadedFirst.has(fileName) || chunk?.type !== 'chunk') return;
          loadedFirst.add(fileName);
          for (const imported of chunk.imports) visit(imported);
        };
        if (entry) visit(entry.fileName);
      },
    },
  };
}

/**
 * build.modulePreload.resolveDependencies: what the first load has fetched is not preloaded again
 * by a dynamic import. index.html's own list (hostType html) is the first load: it stays whole, so
 * restore-body.ts fetches the entry's imports with the entry instead of after parsing it.
 */
export function withoutFirstLoad(_file: string, deps: string[], context: { hostType: 'html' | 'js' }): string[] {
  return context.hostType === 'html' ? deps : deps.filter((dep) => !loadedFirst.has(dep));
}
