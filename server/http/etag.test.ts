import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../core/contract/types';
import { ALEX, json, KAI, signedIn, startTestServer, type Browser, type TestServer } from '../testing/helpers';
import { acceptsGzip } from './etag';
import { facilityHeaders } from '../testing/training-helpers';

// Lists answer with an ETag and a 304 to If-None-Match, so the app's revalidations cost a few
// bytes; they may be kept only by the member's own browser, never by a shared cache.

describe('ETag and If-None-Match on GET answers', () => {
  let server: TestServer;
  let alex: Browser;
  let kai: Browser;
  let headers: Record<string, string>;

  beforeAll(async () => {
    server = await startTestServer();
    [alex, kai] = await Promise.all([signedIn(server, ALEX), signedIn(server, KAI)]);
    headers = await facilityHeaders(server.running.db, 'Wellington');
  });
  afterAll(() => server.close());

  const lists = ['/api/v1/sessions', '/api/v1/visits', '/api/v1/visits/bookings', '/api/v1/notifications', '/api/v1/workouts', '/api/v1/profile'];

  it('answers 304 with no body when the list has not changed, private and varying by cookie and scope', async () => {
    for (const path of lists) {
      const first = await alex.get(path, { headers });
      expect(first.status, path).toBe(200);
      const etag = first.headers.get('etag');
      expect(etag, path).toMatch(/^W\/"[\w-]+"$/);
      expect(first.headers.get('cache-control'), path).toBe('private, no-cache');
      expect(first.headers.get('vary')?.split(/,\s*/), path).toEqual(expect.arrayContaining(['Cookie', 'X-Club-Id', 'X-Facility-Id', 'Accept-Encoding']));
      const body = await first.text();

      const again = await alex.get(path, { headers: { ...headers, 'If-None-Match': etag ?? '' } });
      expect(again.status, path).toBe(304);
      expect(await again.text(), path).toBe('');
      expect(again.headers.get('etag'), path).toBe(etag);
      expect(again.headers.get('cache-control'), path).toBe('private, no-cache');
      // A list of tags, and the strong spelling of the same tag, match too (weak comparison).
      expect((await alex.get(path, { headers: { ...headers, 'If-None-Match': `"nope", ${etag?.slice(2) ?? ''}` } })).status, path).toBe(304);
      // Another tag: the whole answer.
      const other = await alex.get(path, { headers: { ...headers, 'If-None-Match': 'W/"other"' } });
      expect(other.status, path).toBe(200);
      expect(await other.text(), path).toBe(body);
    }
  });

  it('changes the ETag when the list changes, and never answers 304 across members', async () => {
    const first = await alex.get('/api/v1/sessions', { headers });
    const etag = first.headers.get('etag') ?? '';
    const sessions = await json<Session[]>(first);
    const free = sessions.find((s) => s.visit === null && !s.full && !s.cancelled && Date.parse(s.start_date) > Date.now() + 86_400_000);
    expect(free).toBeDefined();
    expect((await alex.request(`/api/v1/sessions/${free?.id}/book`, { method: 'POST', json: {}, headers })).status).toBe(201);
    const after = await alex.get('/api/v1/sessions', { headers: { ...headers, 'If-None-Match': etag } });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);

    expect(after.headers.get('etag')).toMatch(/^W\//);

    // Another member's tag never matches one's own answer.
    const alexProfile = await alex.get('/api/v1/profile');
    const kaiProfile = await kai.get('/api/v1/profile', { headers: { 'If-None-Match': alexProfile.headers.get('etag') ?? '' } });
    expect(kaiProfile.status).toBe(200);
    expect(kaiProfile.headers.get('etag')).not.toBe(alexProfile.headers.get('etag'));
  });

  it('gzips a list for a browser that takes it, whole and with its length (zlib, not a stream), and not for one that does not', async () => {
    for (const path of lists) {
      const plain = await alex.get(path, { headers: { ...headers, 'Accept-Encoding': 'identity' } });
      expect(plain.headers.get('content-encoding'), path).toBeNull();
      const text = await plain.text();
      const zipped = await alex.get(path, { headers: { ...headers, 'Accept-Encoding': 'gzip, deflate, br' } });
      // fetch unpacks it; what came over the wire was gzip, sent in one piece with its length.
      expect(await zipped.text(), path).toBe(text);
      if (Buffer.byteLength(text) < 1024) continue;
      expect(zipped.headers.get('content-encoding'), path).toBe('gzip');
      expect(Number(zipped.headers.get('content-length')), path).toBeGreaterThan(0);
      expect(Number(zipped.headers.get('content-length')), path).toBeLessThan(Buffer.byteLength(text));
      expect(zipped.headers.get('etag'), path).toBe(plain.headers.get('etag'));
    }
    expect([acceptsGzip('gzip'), acceptsGzip('br;q=1, gzip;q=0.5'), acceptsGzip('*'), acceptsGzip('GZIP')]).toEqual([true, true, true, true]);
    expect([acceptsGzip(undefined), acceptsGzip('identity'), acceptsGzip('gzip;q=0'), acceptsGzip('br, *;q=0'), acceptsGzip('gzip;q=0, *')]).toEqual([false, false, false, false, false]);
  });

  it('keeps errors and writes uncacheable', async () => {
    const unauthenticated = await fetch(`${server.url}/api/v1/sessions`, { headers: { 'X-App-Id': 'member-pwa' } });
    expect(unauthenticated.status).toBe(401);
    expect(unauthenticated.headers.get('cache-control')).toBe('no-store');
    expect(unauthenticated.headers.get('etag')).toBeNull();
    const write = await alex.request('/api/v1/notifications/mark_all_read', { method: 'PUT', json: { ids: [] }, headers });
    expect(write.headers.get('cache-control')).toBe('no-store');
    expect(write.headers.get('etag')).toBeNull();
  });
});
