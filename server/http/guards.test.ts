import { describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../../core/contract/types';
import { ALEX, json, useSignedInServer } from '../testing/helpers';

const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; font-src 'self'; connect-src 'self'; manifest-src 'self'; worker-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'";

describe('API guards', () => {
  const ctx = useSignedInServer(ALEX);

  it('refuses requests without X-App-Id with 400 missing_app_id', async () => {
    const res = await ctx.member.get('/api/v1/profile', { appId: false });
    expect(res.status).toBe(400);
    expect(await json<ApiErrorBody>(res)).toMatchObject({ code: 'missing_app_id' });
    const wrong = await ctx.member.get('/api/v1/profile', { headers: { 'X-App-Id': 'other-app' } });
    expect(wrong.status).toBe(400);
  });

  it('refuses a cross-origin Origin with 403 and accepts its own origin', async () => {
    const cross = await ctx.member.get('/api/v1/profile', { headers: { Origin: 'https://evil.example' } });
    expect(cross.status).toBe(403);
    expect(await json<ApiErrorBody>(cross)).toMatchObject({ code: 'forbidden_origin' });
    const nullOrigin = await ctx.member.put('/api/v1/orgs/1', { visible: false }, { headers: { Origin: 'null' } });
    expect(nullOrigin.status).toBe(403);
    const own = await ctx.member.get('/api/v1/profile', { headers: { Origin: ctx.server.url } });
    expect(own.status).toBe(200);
  });

  it('answers unknown API routes with a JSON 404', async () => {
    for (const path of ['/api/v1/nope', '/api/v1/profile/nope', '/api/v2/profile', '/api']) {
      const res = await ctx.member.get(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      expect(await json<ApiErrorBody>(res)).toMatchObject({ code: 'not_found', message: expect.any(String) as string });
    }
  });

  it('answers broken JSON with 400 and an oversized body with 413, both as JSON', async () => {
    const broken = await ctx.member.request('/api/v1/profile', { method: 'PUT', body: '{"profile":', headers: { 'Content-Type': 'application/json' } });
    expect(broken.status).toBe(400);
    expect(await json<ApiErrorBody>(broken)).toMatchObject({ code: 'invalid_json' });

    const big = await ctx.member.put('/api/v1/profile', { profile: { full_name: 'x'.repeat(70 * 1024) } });
    expect(big.status).toBe(413);
    expect(await json<ApiErrorBody>(big)).toMatchObject({ code: 'payload_too_large' });
  });

  it('sends the security headers on API, app and realtime responses; API answers are no-store, or private, no-cache with an ETag', async () => {
    const responses = [await ctx.member.get('/api/v1/profile'), await ctx.member.get('/api/v1/nope', { appId: false }), await ctx.member.get('/classes'), await fetch(`${ctx.server.url}/realtime`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '[{"channel":"/meta/handshake","version":"1.0","supportedConnectionTypes":["long-polling"]}]' })];
    for (const res of responses) {
      expect(res.headers.get('content-security-policy')).toBe(CSP);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      expect(res.headers.get('permissions-policy')).toBe('camera=(self), microphone=(), geolocation=()');
    }
    // GET answers may be kept by the member's own browser only, revalidated every time (etag.test.ts).
    expect(responses[0]?.headers.get('cache-control')).toBe('private, no-cache');
    expect(responses[1]?.headers.get('cache-control')).toBe('no-store');
  });

  it('serves the time zone list with current offsets', async () => {
    const res = await ctx.member.get('/api/v1/timezones');
    expect(res.status).toBe(200);
    const zones = await json<{ name: string; offset: string }[]>(res);
    expect(zones.length).toBeGreaterThan(300);
    expect(zones.find((z) => z.name === 'Pacific/Auckland')?.offset).toMatch(/^\+1[23]:00$/);
    expect(zones.find((z) => z.name === 'UTC')?.offset).toBe('+00:00');
    expect(zones.find((z) => z.name === 'Asia/Kolkata' || z.name === 'Asia/Calcutta')?.offset).toBe('+05:30');
    for (const z of zones) expect(z.offset).toMatch(/^[+-]\d{2}:\d{2}$/);
  });
});
