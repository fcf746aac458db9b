// Builds the floor page (bench/floor/main.tsx) into dist/bench-floor after the app's build, with its
// own service worker scoped to /bench-floor/: the app's bundle and worker are left as they ship.
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const here = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root: here,
  base: '/bench-floor/',
  // React Router's production build, as the app's build takes it (vite.config.ts).
  resolve: { alias: [{ find: /^react-router$/, replacement: fileURLToPath(new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url)) }] },
  publicDir: false,
  plugins: [
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: '.',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      scope: '/bench-floor/',
      injectManifest: { globPatterns: ['**/*.{js,html}'] },
      devOptions: { enabled: false },
    }),
  ],
  build: { target: 'es2022', outDir: fileURLToPath(new URL('../../dist/bench-floor', import.meta.url)), emptyOutDir: true },
});
