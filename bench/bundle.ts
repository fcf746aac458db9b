// Static view of the build: the JS index.html names (entry, modulepreloads and their static
// imports), CSS, precache. The budgeted number is what a cold load really fetches: bench/cold-load.ts.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { SHELL_JS_BUDGET_KB } from './cold-load';

/** One printed line: the value (a median when runs were repeated) against its reference and budget. */
export interface BenchLine {
  name: string;
  value: number;
  unit: string;
  /** Smallest and largest of the runs the value is the median of. */
  min?: number;
  max?: number;
  runs?: number;
  /** The same measurement of the physical limit, taken in the same run (a static page, raw fetch…). */
  reference?: { name: string; value: number };
  budget?: number;
  /** A byte budget or a Lighthouse score: over budget fails `npm run bench` (timings only print). */
  enforced?: boolean;
  /** Higher is better (scores): the budget is a floor. */
  higherIsBetter?: boolean;
}

const DIST = 'dist';

function gzipKb(path: string): number {
  return gzipSync(readFileSync(path)).length / 1024;
}

function staticImports(file: string, seen: Set<string>): void {
  if (seen.has(file)) return;
  seen.add(file);
  const code = readFileSync(join(DIST, file), 'utf8');
  // Static imports in Vite's output: `import{…}from"./x.js"` and `import"./x.js"` (dynamic ones use import(…)).
  for (const match of code.matchAll(/(?:^|[;\s}])import(?:[^("']*?from)?\s*["']\.\/([^"']+\.js)["']/g)) {
    staticImports(join('assets', match[1]!), seen);
  }
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

export function bundleReport(): BenchLine[] {
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  // The entry and its imports, listed for restore-body.ts to start (scripts/vite-last-screen.ts).
  const listed = /<script type="application\/json" id="app-modules">([^<]*)<\/script>/.exec(html)?.[1];
  if (!listed) throw new Error('dist/index.html has no #app-modules list');
  const entries = (JSON.parse(listed) as string[]).map((url) => url.replace(/^\//, ''));
  const preloads: string[] = [];
  const initial = new Set<string>();
  for (const file of [...entries, ...preloads]) staticImports(file, initial);
  const initialKb = [...initial].reduce((sum, file) => sum + gzipKb(join(DIST, file)), 0);
  // The first paint's stylesheets are inlined into index.html (scripts/vite-last-screen.ts).
  const css = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]!).join('');
  const cssKb = gzipSync(css).length / 1024;
  const htmlKb = gzipSync(html).length / 1024;

  const sw = readFileSync(join(DIST, 'sw.js'), 'utf8');
  const precached = [...sw.matchAll(/"url":"\/?([^"]+)"/g)].map((m) => m[1]!);
  const precacheKb = precached.reduce((sum, file) => {
    try {
      return sum + statSync(join(DIST, file)).size / 1024;
    } catch {
      return sum;
    }
  }, 0);
  const jsFiles = walk(join(DIST, 'assets')).filter((f) => f.endsWith('.js'));
  return [
    { name: `JS named by index.html, gzip (${initial.size} files)`, value: initialKb, unit: 'KB', budget: SHELL_JS_BUDGET_KB, enforced: true },
    { name: 'CSS (inlined in index.html), gzip', value: cssKb, unit: 'KB' },
    { name: 'index.html with its CSS and first-paint scripts, gzip', value: htmlKb, unit: 'KB' },
    { name: `precache, raw (${precached.length} entries)`, value: precacheKb, unit: 'KB' },
    { name: 'JS chunks (route-level code splitting)', value: jsFiles.length, unit: 'files' },
  ];
}
