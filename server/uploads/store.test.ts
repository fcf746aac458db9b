import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folderStore, s3Store, type FileStore } from './store';
import { ALEX, json, signedIn, startTestServer, type TestServer } from '../testing/helpers';

// The real S3 client (@aws-sdk/client-s3) against a stand-in S3 endpoint on loopback: the one part
// not reachable from here is S3 itself. The stand-in keeps objects by path, as S3 does with
// path-style addressing (PUT, GET, DELETE; 404 NoSuchKey).
function fakeS3(): Promise<{ url: string; objects: Map<string, { body: Buffer; type: string | undefined }>; server: Server }> {
  const objects = new Map<string, { body: Buffer; type: string | undefined }>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const key = decodeURIComponent((req.url ?? '').split('?')[0]!);
      if (req.method === 'PUT') {
        objects.set(key, { body: Buffer.concat(chunks), type: req.headers['content-type'] });
        res.writeHead(200, { ETag: '"x"' }).end();
      } else if (req.method === 'GET' && objects.has(key)) {
        res.writeHead(200, { 'Content-Type': objects.get(key)!.type ?? 'application/octet-stream', 'Content-Length': objects.get(key)!.body.length }).end(objects.get(key)!.body);
      } else if (req.method === 'DELETE') {
        objects.delete(key);
        res.writeHead(204).end();
      } else {
        res.writeHead(404, { 'Content-Type': 'application/xml' }).end('<?xml version="1.0"?><Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>');
      }
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, objects, server })));
}

async function roundTrip(store: FileStore) {
  await store.put('avatars/a.webp', Buffer.from('picture'), 'image/webp');
  expect((await store.get('avatars/a.webp'))?.toString()).toBe('picture');
  await store.remove('avatars/a.webp');
  expect(await store.get('avatars/a.webp')).toBeNull();
  expect(await store.get('avatars/never.webp')).toBeNull();
}

describe('where pictures are kept', () => {
  let s3: Awaited<ReturnType<typeof fakeS3>>;
  let server: TestServer;
  const dir = mkdtempSync(join(tmpdir(), 'member-pwa-store-'));
  const bucket = { bucket: 'pictures', region: 'eu-west-1', accessKeyId: 'test', secretAccessKey: 'test-secret', prefix: 'members/' };

  beforeAll(async () => {
    s3 = await fakeS3();
    server = await startTestServer({ s3: { ...bucket, endpoint: s3.url } });
  });
  afterAll(async () => {
    await server.close();
    s3.server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a folder keeps, gives back and forgets a file', () => roundTrip(folderStore(dir)));

  it('an S3-compatible bucket does the same through the S3 API (path-style, with the prefix)', async () => {
    await roundTrip(s3Store({ ...bucket, endpoint: s3.url }));
    await s3Store({ ...bucket, endpoint: s3.url }).put('posts/p.webp', Buffer.from('x'), 'image/webp');
    expect(s3.objects.get('/pictures/members/posts/p.webp')).toMatchObject({ type: 'image/webp' });
  });

  it('with S3_BUCKET, a profile photo goes into the bucket and this server still answers /uploads', async () => {
    const alex = await signedIn(server, ALEX);
    const auth = await json<{ url: string; fields: Record<string, string> }>(await alex.get('/api/v1/profile/image_auth?content_type=image/jpeg'));
    const form = new FormData();
    for (const [k, v] of Object.entries(auth.fields)) form.set(k, v);
    form.set('file', new Blob([await sharp({ create: { width: 400, height: 300, channels: 3, background: '#123456' } }).jpeg().toBuffer()], { type: 'image/jpeg' }), 'me');
    const res = await fetch(server.url + auth.url, { method: 'POST', body: form });
    expect(res.status).toBe(201);
    const { avatar } = await json<{ avatar: { thumb_url: string } }>(res);
    expect([...s3.objects.keys()].some((k) => k === `/pictures/members${avatar.thumb_url.replace('/uploads', '')}`)).toBe(true);
    const served = await fetch(server.url + avatar.thumb_url);
    expect(served.status).toBe(200);
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(160);
  });
});
