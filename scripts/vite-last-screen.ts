// Vite plugin: makes index.html paint on its own. It inlines the two first-paint scripts of
// src/app/snapshot (the theme and the last known screen are applied before any module loads),
// bundled with esbuild into small IIFEs, and the first paint's stylesheets (the shell's and the
// timetable's), so the first paint waits for no request at all. The server allows exactly these by
// their hashes (server/static.ts); the stylesheet's data-build names the build the saved screen must match.
import { createHash } from 'node:crypto';
import { buildSync } from 'esbuild';
import type { Plugin } from 'vite';
import { SUPPORTED_LOCALES } from '../core/locales.ts';
import { firstLoadChunks, firstLoadStylesheets } from './vite-first-load.ts';

function iife(entry: string): string {
  const [out] = buildSync({ entryPoints: [entry], bundle: true, format: 'iife', minify: true, target: 'es2022', write: false }).outputFiles;
  // "</script" cannot appear in an inline script's text.
  return (out?.text ?? '').trim().replace(/<\/script/gi, '<\\/script');
}

/** `signIn`: the sign-in screen's module, which a first visit shows (its chunks: #first-visit). */
export function lastScreenPlugin(signIn: string): Plugin {
  let base = '/';
  return {
    name: 'member:last-screen',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (ctx.bundle) html = withFirstVisit(entryStartedByScript(inlineStylesheet(html, ctx.bundle)), ctx.bundle, signIn, base);
        const head = iife('src/app/snapshot/restore-head.ts');
        const body = iife('src/app/snapshot/restore-body.ts');
        const rootEnd = html.indexOf('</div>', html.indexOf('id="root"')) + '</div>'.length;
        if (rootEnd < '</div>'.length || !html.includes('id="splash"')) throw new Error('index.html has no #splash and #root');
        const withBody = `${html.slice(0, rootEnd)}\n    <script>${body}</script>${html.slice(rootEnd)}`;
        return withBody.replace('</head>', `  <script>${head}</script>\n  </head>`);
      },
    },
  };
}

/**
 * The entry module and the modules it imports are listed in a data block (#app-modules, entry
 * first) instead of a script tag and modulepreload links: restore-body.ts preloads and starts them,
 * at once, or after the first frame when a saved screen is up, so fetching and compiling the app's
 * modules never holds back painting it (they did, by about as long again as a static page takes).
 */
function entryStartedByScript(html: string): string {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
  const preload = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;
  const entryUrl = entry.exec(html)?.[1];
  if (!entryUrl) throw new Error('index.html has no entry module script');
  const modules = [entryUrl, ...[...html.matchAll(preload)].map((match) => match[1]!)];
  const list = `<script type="application/json" id="app-modules">${JSON.stringify(modules)}</script>\n    `;
  return html.replace(entry, () => list).replace(preload, '');
}

/**
 * What a first visit's sign-in screen waits for besides the shell, listed in a data block
 * (#first-visit) for restore-body.ts to ask for while the entry loads: the screen's chunks (those the shell
 * does not already load) and the shell's strings in each language. Without it they were asked for
 * only once the entry had arrived and run, then the strings once the database was made: on a slow
 * phone network two round trips more before the form showed (decisions.md#first-visit).
 */
function withFirstVisit(html: string, bundle: Bundle, signIn: string, base: string): string {
  const shell = firstLoadChunks();
  const screen = Object.values(bundle).find((output) => output.type === 'chunk' && output.facadeModuleId?.endsWith(signIn));
  if (screen?.type !== 'chunk') throw new Error(`No chunk for ${signIn} in the build`);
  const modules: string[] = [];
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (shell.has(fileName) || chunk?.type !== 'chunk' || modules.includes(base + fileName)) return;
    modules.push(base + fileName);
    chunk.imports.forEach(visit);
  };
  visit(screen.fileName);
  const strings: Record<string, string> = {};
  for (const output of Object.values(bundle)) {
    if (output.type !== 'asset') continue;
    const locale = output.originalFileNames.map((name) => /(?:^|\/)locales\/([^/]+)\/shell\.json$/.exec(name)?.[1]).find(Boolean);
    if (locale) strings[locale] = base + output.fileName;
  }
  const missing = SUPPORTED_LOCALES.filter((locale) => !strings[locale]);
  if (missing.length > 0) throw new Error(`No shell strings for ${missing.join(', ')} in the build`);
  const list = `<script type="application/json" id="first-visit">${JSON.stringify({ modules, strings })}</script>\n    `;
  return html.replace('<script type="application/json" id="app-modules">', () => `${list}<script type="application/json" id="app-modules">`);
}

type Bundle = NonNullable<Parameters<Extract<NonNullable<Plugin['transformIndexHtml']>, { handler: unknown }>['handler']>[1]['bundle']>;

/**
 * Puts the first load's stylesheets (the shell's and the timetable's, scripts/vite-first-load.ts)
 * into index.html, in one style element; dev serves their links as they are. Its data-build names
 * every stylesheet of the build: a saved screen of another route links that screen's own
 * (src/app/snapshot/capture.ts), which a later build may no longer have.
 */
function inlineStylesheet(html: string, bundle: Bundle | undefined): string {
  if (!bundle) return html;
  const sourceOf = (fileName: string) => {
    const sheet = bundle[fileName];
    if (sheet?.type !== 'asset') throw new Error(`No stylesheet ${fileName} in the build`);
    return String(sheet.source);
  };
  const inline = firstLoadStylesheets();
  if (inline.length === 0) throw new Error('The first load has no stylesheet (scripts/vite-first-load.ts)');
  if (/<link rel="stylesheet"/.test(html)) throw new Error('index.html links a stylesheet: the first load\'s are inline');
  const build = createHash('sha256');
  for (const file of Object.keys(bundle).filter((name) => name.endsWith('.css')).sort()) build.update(file).update(sourceOf(file));
  const text = inline.map(sourceOf).join('\n').replace(/<\/style/gi, '<\\/style');
  for (const fileName of inline) delete bundle[fileName];
  return html.replace('</head>', () => `  <style data-build="${build.digest('hex').slice(0, 12)}">${text}</style>\n  </head>`);
}
