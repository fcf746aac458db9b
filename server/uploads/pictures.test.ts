// Picture work is bounded: a burst of large pictures (each under the pixel limit) is made one
// after the other, and a member's plain request keeps its speed meanwhile.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALEX, json, signedIn, startTestServer, type Browser, type TestServer } from '../testing/helpers';
import { PICTURE_SLOTS, pictureWork } from './pictures';

describe('picture work', () => {
  let server: TestServer;
  let alex: Browser;

  beforeAll(async () => {
    server = await startTestServer();
    alex = await signedIn(server, ALEX);
  });
  afterAll(() => server.close());

  it('makes twelve 40-megapixel pictures sent at once one at a time, while a plain request answers within half a second', async () => {
    // 8000 × 5000: just under the 40-megapixel limit, small as a file (one colour), as heavy to decode as any.
    const big = await sharp({ create: { width: 8000, height: 4999, channels: 3, background: '#3366aa' } }).png().toBuffer();
    const permission = await json<{ url: string; fields: { policy: string; signature: string }; content_type: string }>(await alex.get('/api/v1/profile/image_auth?content_type=image/png'));
    const upload = () => {
      const form = new FormData();
      form.set('policy', permission.fields.policy);
      form.set('signature', permission.fields.signature);
      form.set('file', new Blob([big], { type: 'image/png' }), 'big.png');
      return fetch(server.url + permission.url, { method: 'POST', body: form });
    };
    await (await alex.get('/api/v1/timezones')).arrayBuffer();
    const before = pictureWork.stats().started;
    let finished = false;
    const uploads = Promise.all(Array.from({ length: 12 }, upload)).finally(() => (finished = true));
    const waits: number[] = [];
    while (!finished) {
      const started = performance.now();
      const res = await alex.get('/api/v1/timezones');
      await res.arrayBuffer();
      waits.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect((await uploads).map((r) => r.status)).toEqual(Array(12).fill(201));
    expect(pictureWork.stats().started - before).toBe(12);
    expect(pictureWork.stats().peak).toBeLessThanOrEqual(PICTURE_SLOTS);
    expect(Math.max(...waits)).toBeLessThan(500);
  }, 60_000);
});
