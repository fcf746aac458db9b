import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './testing/helpers';

const FIRST_PAINT_SCRIPT = 'document.documentElement.dataset.theme = "dark";';
const FIRST_PAINT_STYLE = 'body { margin: 0 }';
const BIG_JS = Array.from({ length: 400 }, (_, i) => `export const value${i} = ${i};`).join('\n');

/** A raw GET (fetch would decode the body and hide Content-Encoding). */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http.get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

describe('serving the built app', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    const dist = path.join(server.dir, 'dist');
    await fs.mkdir(path.join(dist, 'assets'), { recursive: true });
    await fs.mkdir(path.join(dist, 'locales', 'en'), { recursive: true });
    await fs.writeFile(path.join(dist, 'index.html'), `<!doctype html><title>Member app</title><style data-build="1">${FIRST_PAINT_STYLE}</style><script>${FIRST_PAINT_SCRIPT}</script><script type="module" src="/assets/x-abc123.js"></script>`);
    await fs.writeFile(path.join(dist, 'assets', 'x-abc123.js'), 'console.log("app")');
    await fs.writeFile(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {})');
    await fs.writeFile(path.join(dist, 'registerSW.js'), '// register');
    await fs.writeFile(path.join(dist, 'manifest.webmanifest'), '{"name":"Member app"}');
    await fs.writeFile(path.join(dist, 'locales', 'en', 'translation.json'), '{"hello":"Hello"}');
    await fs.writeFile(path.join(server.dir, 'secret.txt'), 'outside dist');
    await fs.writeFile(path.join(dist, 'assets', 'big-abc123.js'), BIG_JS);
    await fs.writeFile(path.join(dist, 'assets', 'logo-abc123.png'), Buffer.alloc(4096, 7));
  });
  afterAll(() => server.close());

  const get = (p: string, init?: RequestInit) => fetch(server.url + p, init);

  it('allows exactly index.html\'s own inline script and stylesheet by hash, nothing else inline', async () => {
    const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    for (const p of ['/', '/classes/12', '/index.html']) {
      const policy = (await get(p)).headers.get('content-security-policy') ?? '';
      expect(policy).toContain(`script-src 'self' ${hash(FIRST_PAINT_SCRIPT)};`);
      expect(policy).toContain(`style-src 'self' ${hash(FIRST_PAINT_STYLE)};`);
      expect(policy).not.toContain('unsafe-inline');
    }
    // Other answers keep the policy with no inline source at all.
    expect((await get('/assets/x-abc123.js')).headers.get('content-security-policy')).toContain("script-src 'self';");
  });

  it('allows Stripe.js (script, frames, API) only when the Stripe gateway is configured', async () => {
    const directive = (policy: string, name: string) => policy.split('; ').find((d) => d.startsWith(`${name} `)) ?? '';
    const without = (await get('/')).headers.get('content-security-policy') ?? '';
    expect(without).not.toContain('stripe.com');
    expect(directive(without, 'frame-src')).toBe('');
    process.env.STRIPE_SECRET_KEY = 'sk_test_x';
    process.env.STRIPE_PUBLISHABLE_KEY = 'pk_test_x';
    try {
      const policy = (await get('/')).headers.get('content-security-policy') ?? '';
      expect(directive(policy, 'script-src')).toContain(' https://js.stripe.com');
      expect(directive(policy, 'frame-src')).toMatch(/^frame-src 'self' https:\/\/js\.stripe\.com .*https:\/\/hooks\.stripe\.com/);
      expect(directive(policy, 'connect-src')).toBe("connect-src 'self' https://api.stripe.com");
      expect(policy).not.toContain('unsafe-inline');
    } finally {
      delete process.env.STRIPE_SECRET_KEY;
      delete process.env.STRIPE_PUBLISHABLE_KEY;
    }
    expect((await get('/classes/12')).headers.get('content-security-policy')).toBe(without);
  });

  it('caches hashed assets forever', async () => {
    const res = await get('/assets/x-abc123.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await res.text()).toBe('console.log("app")');
  });

  it('sends text files brotli- or gzip-compressed by what the browser accepts, each with its own ETag, and images as they are', async () => {
    const br = await rawGet(`${server.url}/assets/big-abc123.js`, { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(BIG_JS);
    expect(br.body.length).toBeLessThan(BIG_JS.length / 3);
    const gz = await rawGet(`${server.url}/assets/big-abc123.js`, { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString()).toBe(BIG_JS);
    expect(gz.headers.etag).not.toBe(br.headers.etag);
    expect((await rawGet(`${server.url}/assets/big-abc123.js`, { 'Accept-Encoding': 'gzip', 'If-None-Match': gz.headers.etag ?? '' })).status).toBe(304);
    const plain = await rawGet(`${server.url}/assets/big-abc123.js`, {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(BIG_JS);
    const image = await rawGet(`${server.url}/assets/logo-abc123.png`, { 'Accept-Encoding': 'br' });
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.body.length).toBe(4096);
  });

  it('sends the compressed copies the build wrote beside a file, and compresses itself when a copy is older than its file', async () => {
    const dist = path.join(server.dir, 'dist');
    const file = path.join(dist, 'assets', 'prebuilt-abc123.js');
    await fs.writeFile(file, BIG_JS);
    // Copies unlike what the server would make: served as they are, so they came from disk.
    const builtBr = zlib.brotliCompressSync(`${BIG_JS}\n// built`);
    await fs.writeFile(`${file}.br`, builtBr);
    await fs.writeFile(`${file}.gz`, zlib.gzipSync(`${BIG_JS}\n// built`, { level: 1 }));
    const br = await rawGet(`${server.url}/assets/prebuilt-abc123.js`, { 'Accept-Encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body.equals(builtBr)).toBe(true);
    const gz = await rawGet(`${server.url}/assets/prebuilt-abc123.js`, { 'Accept-Encoding': 'gzip' });
    expect(zlib.gunzipSync(gz.body).toString()).toBe(`${BIG_JS}\n// built`);

    // A copy older than its file (a file replaced without a build) is not trusted.
    const stale = path.join(dist, 'assets', 'stale-abc123.js');
    await fs.writeFile(`${stale}.br`, zlib.brotliCompressSync('old'));
    await fs.writeFile(stale, BIG_JS);
    await fs.utimes(`${stale}.br`, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
    const fresh = await rawGet(`${server.url}/assets/stale-abc123.js`, { 'Accept-Encoding': 'br' });
    expect(zlib.brotliDecompressSync(fresh.body).toString()).toBe(BIG_JS);
  });

  it('reads a hashed asset from disk once, and any other file again only once it changed', async () => {
    const dist = path.join(server.dir, 'dist');
    await fs.writeFile(path.join(dist, 'assets', 'once-abc123.js'), 'export const a = 1;');
    await fs.writeFile(path.join(dist, 'version.txt'), 'one');
    expect(await (await get('/assets/once-abc123.js')).text()).toBe('export const a = 1;');
    expect(await (await get('/version.txt')).text()).toBe('one');
    // The same name never holds other content in a build: what was read is what is served.
    await fs.writeFile(path.join(dist, 'assets', 'once-abc123.js'), 'export const a = 2;');
    expect(await (await get('/assets/once-abc123.js')).text()).toBe('export const a = 1;');
    await fs.writeFile(path.join(dist, 'version.txt'), 'two!');
    expect(await (await get('/version.txt')).text()).toBe('two!');
  });

  it('gzips API answers over 1 KB', async () => {
    const res = await rawGet(`${server.url}/api/v1/timezones`, { 'Accept-Encoding': 'gzip', 'X-App-Id': 'member-pwa' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(JSON.parse(zlib.gunzipSync(res.body).toString())).toBeTruthy();
  });

  it('revalidates index.html, sw.js, registerSW.js, the manifest and locales every time', async () => {
    const expected: [string, RegExp][] = [
      ['/index.html', /^text\/html/],
      ['/sw.js', /^text\/javascript/],
      ['/registerSW.js', /^text\/javascript/],
      ['/manifest.webmanifest', /^application\/manifest\+json$/],
      ['/locales/en/translation.json', /^application\/json/],
    ];
    for (const [p, type] of expected) {
      const res = await get(p);
      expect(res.status, p).toBe(200);
      expect(res.headers.get('cache-control'), p).toBe('no-cache');
      expect(res.headers.get('content-type'), p).toMatch(type);
    }
  });

  it('answers app routes with index.html (SPA fallback), HEAD included', async () => {
    for (const p of ['/', '/classes', '/classes/42/leaderboard', '/profile/edit?x=1']) {
      const res = await get(p);
      expect(res.status, p).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await res.text()).toContain('<title>Member app</title>');
    }
    const head = await get('/bookings', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('answers 304 when the browser already has the file', async () => {
    const first = await get('/sw.js');
    const etag = first.headers.get('etag') ?? '';
    expect(etag).not.toBe('');
    const again = await get('/sw.js', { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
  });

  it('gives 404 for missing files and never leaves the dist folder', async () => {
    for (const p of ['/assets/missing-123.js', '/favicon.ico', '/../secret.txt', '/%2e%2e/secret.txt', '/assets/..%2f..%2fsecret.txt', '/..%5csecret.txt']) {
      const res = await get(p);
      expect(res.status, p).toBe(404);
      expect(await res.text()).not.toContain('outside dist');
    }
  });

  it('never serves a source map (kept for symbolicating error reports), whatever its case', async () => {
    const dist = path.join(server.dir, 'dist');
    await fs.writeFile(path.join(dist, 'assets', 'x-abc123.js.map'), '{"version":3,"sources":["../src/secret.ts"],"mappings":""}');
    await fs.writeFile(path.join(dist, 'sw.js.map'), '{"version":3}');
    for (const p of ['/assets/x-abc123.js.map', '/sw.js.map', '/assets/x-abc123.js.MAP', '/assets/x-abc123.js%2Emap']) {
      const res = await get(p, { headers: { 'Accept-Encoding': 'br' } });
      expect(res.status, p).toBe(404);
      expect(await res.text(), p).not.toContain('secret');
    }
    // The bundle itself is served, and names no map.
    expect((await get('/assets/x-abc123.js')).status).toBe(200);
  });

  it('refuses traversal in a raw request path that no client library normalised', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.get({ host: '127.0.0.1', port: server.running.port, path: '/assets/../../secret.txt' }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
    });
    expect(status).toBe(404);
  });

  it('does not fall back for non-GET requests', async () => {
    expect((await get('/classes', { method: 'POST' })).status).toBe(404);
  });
});

describe('without a build', () => {
  it('answers navigations with 503 and a hint', async () => {
    const server = await startTestServer({ seedDemo: false });
    try {
      const res = await fetch(`${server.url}/classes`);
      expect(res.status).toBe(503);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(await res.text()).toBe('App not built: run npm run build');
    } finally {
      await server.close();
    }
  });

});
