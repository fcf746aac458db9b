// The preload lists Vite writes for each dynamic import (__vite__mapDeps) name every chunk the
// imported one needs, including the chunks the first load already fetched (React, the sync engine,
// i18next…): naming those again preloads nothing and costs the entry about 0.5 KB gzip. This
// plugin records the entry's static imports, and the config's resolveDependencies leaves them out.
import type { Plugin } from 'vite';

/** Chunks the entry loads before any code runs: always there by the time a dynamic import does. */
const loadedFirst = new Set<string>();

/**
 * The first load's stylesheets (the shell's, with the timetable's: firstPaintPlugin), in cascade
 * order. index.html holds them inline (scripts/vite-last-screen.ts): taken off their chunks here,
 * so no dynamic import lists them to load again (Vite's preload lists name every stylesheet of the
 * chunks an import needs, and resolveDependencies is not asked about stylesheets).
 */
const firstLoadCss: string[] = [];

export function firstLoadStylesheets(): readonly string[] {
  return firstLoadCss;
}

/** The entry's chunk and the chunks it imports: what every start loads (filled once the bundle is written). */
export function firstLoadChunks(): ReadonlySet<string> {
  return loadedFirst;
}

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
        firstLoadCss.length = 0;
        for (const fileName of loadedFirst) {
          const css = (bundle[fileName] as { viteMetadata?: { importedCss: Set<string> } }).viteMetadata?.importedCss;
          firstLoadCss.push(...(css ?? []));
          css?.clear();
        }
      },
    },
  };
}

/**
 * build.modulePreload.resolveDependencies: what the first load has fetched is not preloaded again
 * by a dynamic import (its stylesheets: firstLoadStylesheets). index.html's own list (hostType
 * html) is the first load: it stays whole, so restore-body.ts fetches the entry's imports with the
 * entry instead of after parsing it.
 */
export function withoutFirstLoad(_file: string, deps: string[], context: { hostType: 'html' | 'js' }): string[] {
  return context.hostType === 'html' ? deps : deps.filter((dep) => !loadedFirst.has(dep));
}

/**
 * The modules a screen's first paint runs, each set one chunk: the entry's static imports (the
 * shell) and the timetable's (the screen the app opens on). Left to itself the splitter made a
 * dozen chunks of each, down to 300 bytes, one for every set of screens sharing a module; offline
 * each is a service-worker fetch of its own, and a repeat visit waited on some fifty of them.
 */
const firstPaintGroups = new Map<string, string>();

/** The first-paint groups for output.codeSplitting: a module goes to the first set that holds it. */
export const firstPaintChunks = [
  { name: 'shell', test: (id: string) => firstPaintGroups.get(id) === 'shell', priority: 30 },
  { name: 'timetable', test: (id: string) => firstPaintGroups.get(id) === 'timetable', priority: 20 },
];

const STYLESHEET = /\.css(\?|$)/;

/** Collects the sets once the module graph is known, from the entry and the timetable's screen. */
export function firstPaintPlugin(timetable: string): Plugin {
  return {
    name: 'first-paint-chunks',
    apply: 'build',
    buildEnd() {
      firstPaintGroups.clear();
      const ids = [...this.getModuleIds()];
      const entry = ids.find((id) => this.getModuleInfo(id)?.isEntry);
      const screen = ids.find((id) => id.endsWith(timetable));
      if (!entry || !screen) throw new Error(`first-paint chunks: no entry or no ${timetable} in the graph`);
      const collect = (start: string, group: string) => {
        const stack = [start];
        while (stack.length > 0) {
          const id = stack.pop()!;
          if (firstPaintGroups.has(id)) continue;
          // The timetable's stylesheets go with the shell's: index.html holds them inline
          // (scripts/vite-last-screen.ts), so the first paint and the timetable's own load wait
          // for no stylesheet request.
          firstPaintGroups.set(id, STYLESHEET.test(id) ? 'shell' : group);
          stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
      };
      collect(entry, 'shell');
      collect(screen, 'timetable');
    },
  };
}
