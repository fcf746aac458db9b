import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { lastScreenPlugin } from './scripts/vite-last-screen.ts';
import { appRelease } from './scripts/release.ts';
import { localisedManifest, localisedManifests } from './src/i18n/manifest.ts';
import { firstLoadPlugin, firstPaintChunks, firstPaintPlugin, withoutFirstLoad } from './scripts/vite-first-load.ts';

const release = appRelease();

export default defineConfig(({ command }) => ({
  // faye's browser build reads `global`.
  // The release an error report names (version+commit, scripts/release.ts): the server finds the same build's source maps by it.
  define: { global: 'globalThis', __APP_RELEASE__: JSON.stringify(release) },
  // The shim's fallback is for React < 18; on React 19 it re-exports React's hook (src/app/use-sync-external-store-shim.ts).
  resolve: {
    alias: [
      { find: /^use-sync-external-store\/shim$/, replacement: fileURLToPath(new URL('./src/app/use-sync-external-store-shim.ts', import.meta.url)) },
      // React Router's package exports only its development build (its dev warnings on); the build
      // takes the production one beside it, the same code with the warnings off.
      ...(command === 'build' ? [{ find: /^react-router$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)) }] : []),
    ],
  },
  plugins: [
    react(),
    lastScreenPlugin('/src/features/auth/screens/LoginScreen.tsx'),
    firstLoadPlugin(),
    firstPaintPlugin('/src/features/booking/screens/ClassesScreen.tsx'),
    // dist/release.txt: the server symbolicates reports of this release only with these maps.
    { name: 'release-file', generateBundle() { this.emitFile({ type: 'asset', fileName: 'release.txt', source: `${release}\n` }); } },
    // manifest-<locale>.webmanifest: the page links its language's (src/i18n/manifest-path.ts).
    { name: 'localised-manifests', generateBundle() { for (const file of localisedManifests()) this.emitFile({ type: 'asset', ...file }); } },
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifestFilename: 'manifest.webmanifest',
      includeAssets: ['favicon-32.png', 'apple-touch-icon.png', 'icon.svg', 'robots.txt'],
      // The English manifest; one per locale beside it, with the shortcuts' names translated.
      manifest: { ...localisedManifest('en'), lang: 'en' },
      injectManifest: {
        // The shell, every route chunk and the seven translation files.
        globPatterns: ['**/*.{js,css,html,json,png,svg,webmanifest}'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
  ],
  build: {
    target: 'es2022',
    // Maps beside the bundles without a sourceMappingURL: the server reads them to symbolicate error
    // reports and never serves them (server/static.ts).
    sourcemap: 'hidden',
    assetsInlineLimit: 0,
    // No polyfill: every browser the build targets (ES2022) preloads modules itself; one that does
    // not only loads them a moment later. Half a kilobyte off the first load.
    modulePreload: { polyfill: false, resolveDependencies: withoutFirstLoad },
    // A stylesheet per chunk: the shell's and the timetable's are inlined into index.html, so the
    // first paint needs no request (scripts/vite-last-screen.ts); every other screen's comes with its
    // chunk, and a saved screen links its own (src/app/snapshot). decisions.md#first-paint-css.
    cssCodeSplit: true,
    rolldownOptions: {
      output: {
        // Chunks are named by their hash alone: the shell lists every chunk a screen may preload, and
        // the names were a kilobyte of it (stack frames are mapped back to sources: issue 29).
        chunkFileNames: 'assets/[hash].js',
        // And so are the screens' stylesheets, which those lists name too.
        assetFileNames: (asset) => (asset.names.some((name) => name.endsWith('.css')) ? 'assets/[hash][extname]' : 'assets/[name]-[hash][extname]'),
        // The sync engine (src/data) is shared by the shell and every feature chunk: one chunk, not
        // a file per module the splitter finds shared (each costs a request and its own compression).
        advancedChunks: { groups: [...firstPaintChunks, { name: 'engine', test: /\/src\/data\// }] },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080', '/realtime': { target: 'http://127.0.0.1:8080', ws: true } },
  },
}));
