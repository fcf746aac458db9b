// Builds what `npm start` runs, each part only when its sources are newer than its last build:
// the app (vite build into dist/) and the server (one ES module, dist-server/main.js). Used by
// scripts/start.mjs and by the end-to-end run's setup, which builds once before its servers start.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...parts) => path.join(root, ...parts);

/** The newest modification time of any file under these paths (0 when none exist). */
function newest(paths) {
  let latest = 0;
  const visit = (file) => {
    if (!existsSync(file)) return;
    const stat = statSync(file);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(file)) if (entry !== 'node_modules') visit(path.join(file, entry));
    } else if (!/\.test\.tsx?$/.test(file)) latest = Math.max(latest, stat.mtimeMs);
  };
  for (const p of paths) visit(at(p));
  return latest;
}

function builtAt(file) {
  return existsSync(at(file)) ? statSync(at(file)).mtimeMs : 0;
}

const APP_SOURCES = ['src', 'core', 'sw', 'locales', 'public', 'index.html', 'vite.config.ts', 'scripts/vite-last-screen.ts', 'package-lock.json'];
const SERVER_SOURCES = ['server', 'core', 'package-lock.json'];
export const SERVER_OUT = 'dist-server/main.js';

// Text files the server sends compressed (server/static.ts): compressed here once, at the highest
// levels, next to each file (.br, .gz), so no server process spends its first minutes doing it.
// Source maps are never served (server/static.ts), so never compressed.
const COMPRESSIBLE = /\.(js|mjs|css|html|json|webmanifest|svg|txt|xml)$/;
const MIN_COMPRESS_BYTES = 1024;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(file) : [file];
  });
}

/** Writes file.br and file.gz beside every compressible file of at least 1 KB under dir. */
export async function precompress(dir) {
  const files = filesUnder(dir).filter((file) => COMPRESSIBLE.test(file));
  await Promise.all(
    files.map(async (file) => {
      const data = await readFile(file);
      if (data.length < MIN_COMPRESS_BYTES) return;
      const [br, gz] = await Promise.all([
        brotli(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
        gzip(data, { level: 9 }),
      ]);
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
    }),
  );
}

/** Builds the app and the server where their sources changed; false when the app build failed. */
export async function ensureBuilt({ force = false } = {}) {
  if (force || newest(APP_SOURCES) > builtAt('dist/index.html')) {
    console.log('Building the app (sources changed since the last build)…');
    const vite = spawnSync(process.execPath, [at('node_modules/vite/bin/vite.js'), 'build'], { cwd: root, stdio: 'inherit' });
    if (vite.status !== 0) return false;
    await precompress(at('dist'));
  }
  if (force || newest(SERVER_SOURCES) > builtAt(SERVER_OUT)) {
    console.log('Compiling the server…');
    const { build } = await import('esbuild');
    // One ES module for Node; packages stay in node_modules (native better-sqlite3, faye's CommonJS).
    await build({ entryPoints: [at('server/main.ts')], outfile: at(SERVER_OUT), bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', sourcemap: true, logLevel: 'warning' });
  }
  return true;
}

// npm run build: the app (and the server) built now, whatever the timestamps say.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exit((await ensureBuilt({ force: true })) ? 0 : 1);
}
