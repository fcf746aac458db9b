import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Context } from 'hono';
import { stripeKeys } from './features/shop/gateway/configured';
import { contentSecurityPolicy, type InlineHashes } from './http/security-headers';

// Serves the built app from distDir. Hashed files under /assets are cached forever; files
// whose name stays the same across releases (index.html, sw.js, manifest, locales …) must be
// revalidated every time, otherwise members would be stuck on an old release.

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
};

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

const isHashed = (urlPath: string) => urlPath.startsWith('/assets/');

/** Maps a URL path to a file inside root, or null when it would leave root. */
function resolveInside(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const file = path.resolve(root, `.${path.posix.normalize(`/${decoded}`)}`);
  return file.startsWith(root + path.sep) ? file : null;
}

interface StaticFile {
  path: string;
  data: Buffer;
  mtime: Date;
}

// Files read once and kept (the built app is a few megabytes): a file under /assets/ never changes
// under its name (the name is its hash), so it is not looked at again; any other file is read again
// only when its size or time changed. Every request read and stat'ed its file before: a new
// device's service worker asks for all of them at once.
const files = new Map<string, StaticFile>();

async function readFileIfExists(file: string, immutable: boolean): Promise<StaticFile | null> {
  const known = files.get(file);
  if (known && immutable) return known;
  try {
    const stat = await fs.stat(file);
    if (!stat.isFile()) return null;
    if (known && known.mtime.getTime() === stat.mtime.getTime() && known.data.length === stat.size) return known;
    const read = { path: file, data: await fs.readFile(file), mtime: stat.mtime };
    files.set(file, read);
    return read;
  } catch {
    return null;
  }
}

// Text files travel compressed: brotli where the browser takes it, else gzip. The build writes
// each one compressed beside it (file.br, file.gz: scripts/build.mjs); a file without a current
// sibling is compressed here once (at the highest level, off the event loop) and kept, so every
// later request is served precompressed; images and fonts are compressed already.
const COMPRESSIBLE = /^(text\/|application\/(json|manifest\+json|xml)|image\/svg\+xml)/;
const MIN_COMPRESS_BYTES = 1024;
type Encoding = 'br' | 'gzip';
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const compressed = new Map<string, Promise<Buffer>>();

function encodingFor(c: Context): Encoding | null {
  const accepted = (c.req.header('accept-encoding') ?? '').toLowerCase();
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return null;
}

/** The build's compressed copy of the file, when it is at least as new as the file. */
async function builtCompressed(file: { path: string; mtime: Date }, encoding: Encoding): Promise<Buffer | null> {
  const sibling = `${file.path}.${encoding === 'br' ? 'br' : 'gz'}`;
  try {
    const stat = await fs.stat(sibling);
    return stat.mtime >= file.mtime ? await fs.readFile(sibling) : null;
  } catch {
    return null;
  }
}

function compressedBody(key: string, file: StaticFile, encoding: Encoding): Promise<Buffer> {
  const id = `${encoding}:${key}`;
  let body = compressed.get(id);
  if (!body) {
    const { data } = file;
    body = builtCompressed(file, encoding).then(
      (built) =>
        built ??
        (encoding === 'br'
          ? brotli(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } })
          : gzip(data, { level: 9 })),
    );
    compressed.set(id, body);
  }
  return body;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64');

/** The hashes of an HTML document's inline scripts and stylesheets (index.html's first paint). */
export function inlineHashes(html: string): InlineHashes {
  return {
    scripts: [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => sha256(match[1] ?? '')),
    styles: [...html.matchAll(/<style(?:\s[^>]*)?>([\s\S]*?)<\/style>/g)].map((match) => sha256(match[1] ?? '')),
  };
}

const policies = new Map<string, string>();

/** The policy of one version of an HTML file, worked out once. */
function documentPolicy(file: string, data: Buffer): string {
  // The app's documents load Stripe.js only where the Stripe gateway is offered.
  const stripe = stripeKeys() !== null;
  const key = `${stripe ? 'stripe:' : ''}${file}`;
  let policy = policies.get(key);
  if (!policy) {
    policy = contentSecurityPolicy(inlineHashes(data.toString('utf8')), stripe);
    // Older versions of the file are never asked for again.
    for (const old of policies.keys()) if (old.startsWith(key.slice(0, key.lastIndexOf('@') + 1))) policies.delete(old);
    policies.set(key, policy);
  }
  return policy;
}

async function respond(c: Context, file: StaticFile, contentType: string, cache: string): Promise<Response> {
  const compressible = COMPRESSIBLE.test(contentType) && file.data.length >= MIN_COMPRESS_BYTES;
  const encoding = compressible ? encodingFor(c) : null;
  const version = `${file.data.length.toString(16)}-${file.mtime.getTime().toString(16)}`;
  // Each encoding is its own representation, so its own ETag.
  const etag = `W/"${version}${encoding ? `-${encoding}` : ''}"`;
  const headers: Record<string, string> = { 'Content-Type': contentType, 'Cache-Control': cache, ETag: etag, 'Last-Modified': file.mtime.toUTCString() };
  if (compressible) headers.Vary = 'Accept-Encoding';
  if (contentType.startsWith('text/html')) headers['Content-Security-Policy'] = documentPolicy(`${file.path}@${version}`, file.data);
  if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers);
  if (!encoding) return c.body(new Uint8Array(file.data), 200, headers);
  headers['Content-Encoding'] = encoding;
  const body = await compressedBody(`${file.path}@${version}`, file, encoding);
  return c.body(new Uint8Array(body), 200, headers);
}

export function staticApp(distDir: string) {
  const root = path.resolve(distDir);
  return async (c: Context): Promise<Response> => {
    const urlPath = c.req.path;
    const ext = path.posix.extname(urlPath);

    // Source maps stay on the server, for symbolicating error reports (features/client-reports):
    // they would hand anyone the app's sources. The build's release file is no secret.
    if (ext.toLowerCase() === '.map') return c.text('Not found', 404, { 'Cache-Control': 'no-store' });
    if (ext) {
      const file = resolveInside(root, urlPath);
      const found = file ? await readFileIfExists(file, isHashed(urlPath)) : null;
      if (!found) return c.text('Not found', 404, { 'Cache-Control': 'no-store' });
      return respond(c, found, CONTENT_TYPES[ext.toLowerCase()] ?? 'application/octet-stream', isHashed(urlPath) ? IMMUTABLE : REVALIDATE);
    }

    // Client-side routes (/classes/12, /profile …) all load the app shell.
    const index = await readFileIfExists(path.join(root, 'index.html'), false);
    if (!index) return c.text('App not built: run npm run build', 503, { 'Cache-Control': 'no-store' });
    return respond(c, index, CONTENT_TYPES['.html'] as string, REVALIDATE);
  };
}
