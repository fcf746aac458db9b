import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody, Profile } from '../../../core/contract/types';
import { hashToken } from './tokens';
import { hashPassword, verifyPassword } from './password';
import { ALEX, Browser, json, KAI, manualClock, SAM, startTestServer, type TestServer } from '../../testing/helpers';

const DAY = 24 * 3600_000;

describe('authentication', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('signs in and answers with the profile and a strict session cookie', async () => {
    const browser = new Browser(server.url);
    const res = await browser.login('  Demo@Example.com ');
    expect(res.status).toBe(200);
    const profile = await json<Profile>(res);
    expect(profile).toMatchObject({ email: ALEX, full_name: 'Alex Rivera', first_name: 'Alex', locale: 'en', track_training: true, calendar_token: null, preferences: {} });
    expect(profile.guid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(profile.avatar).toEqual({ is_set: false, thumb_url: null, main_url: null });
    expect(profile.accounts.map((a) => a.org.name)).toEqual(['Harbour Strength', 'Tallinn Movement', 'Summit Climbing']);
    expect(profile).not.toHaveProperty('password_hash');

    const cookie = browser.setCookieHeaders.at(-1) ?? '';
    expect(cookie).toMatch(/^sid=[A-Za-z0-9_-]{43};/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/Max-Age=2592000/);
    expect(cookie).not.toMatch(/Secure/);

    // The database keeps only a hash of the cookie value.
    const token = browser.cookies.get('sid') as string;
    expect(await server.running.db.selectFrom('auth_sessions').select('id').where('id', '=', token).executeTakeFirst()).toBeUndefined();
    expect(await server.running.db.selectFrom('auth_sessions').select('id').where('id', '=', hashToken(token)).executeTakeFirst()).toBeDefined();
  });

  it('ignores X-Forwarded-Proto when no proxy is trusted', async () => {
    const browser = new Browser(server.url);
    const res = await browser.login(ALEX, undefined, { headers: { 'X-Forwarded-Proto': 'https' } });
    expect(browser.setCookieHeaders.at(-1)).not.toMatch(/Secure/);
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it('refuses a wrong password and an unknown email the same way', async () => {
    for (const [email, password] of [[ALEX, 'wrong-password'], ['nobody@example.com', 'demo1234']] as const) {
      const res = await new Browser(server.url).login(email, password);
      expect(res.status).toBe(401);
      expect(await json<ApiErrorBody>(res)).toEqual({ code: 'invalid_credentials', message: 'Email or password is incorrect.' });
    }
  });

  it('answers 422 for a login without a password', async () => {
    const res = await new Browser(server.url).request('/api/v1/authentication', { method: 'POST', json: { email: ALEX } });
    expect(res.status).toBe(422);
    const body = await json<ApiErrorBody>(res);
    expect(body.code).toBe('validation_failed');
    expect(body.errors?.[0]?.path).toBe('password');
  });

  it('issues a new session id at every login and ends the one the browser came with', async () => {
    const browser = new Browser(server.url);
    await browser.login(ALEX);
    const first = browser.cookies.get('sid') as string;
    await browser.login(ALEX);
    const second = browser.cookies.get('sid') as string;
    expect(second).not.toBe(first);

    const old = new Browser(server.url);
    old.cookies.set('sid', first);
    expect((await old.get('/api/v1/profile')).status).toBe(401);
    expect((await browser.get('/api/v1/profile')).status).toBe(200);
  });

  it('logs out server-side: the old cookie no longer works', async () => {
    const browser = new Browser(server.url);
    await browser.login(ALEX);
    const token = browser.cookies.get('sid') as string;
    const res = await browser.logout();
    expect(res.status).toBe(204);
    expect(browser.setCookieHeaders.at(-1)).toMatch(/^sid=;.*Max-Age=0/);
    expect(browser.cookies.has('sid')).toBe(false);

    const replay = new Browser(server.url);
    replay.cookies.set('sid', token);
    const after = await replay.get('/api/v1/profile');
    expect(after.status).toBe(401);
    expect(await json<ApiErrorBody>(after)).toMatchObject({ code: 'unauthenticated' });
    expect(await server.running.db.selectFrom('auth_sessions').select('id').where('id', '=', hashToken(token)).executeTakeFirst()).toBeUndefined();
  });

  it('needs a session for the profile', async () => {
    const res = await new Browser(server.url).get('/api/v1/profile');
    expect(res.status).toBe(401);
    expect(await json<ApiErrorBody>(res)).toEqual({ code: 'unauthenticated', message: expect.any(String) as string });
  });
});

describe('behind a trusted proxy, with a clock', () => {
  // One server for the tests that need a proxy or a movable clock; they run in order.
  const clock = manualClock();
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ trustProxy: true, now: clock.now, loginRateLimit: {} });
  });
  afterAll(() => server.close());

  it('marks the cookie Secure when the proxy says the request was HTTPS', async () => {
    const browser = new Browser(server.url);
    const res = await browser.login(ALEX, undefined, { headers: { 'X-Forwarded-Proto': 'https' } });
    expect(browser.setCookieHeaders.at(-1)).toMatch(/; Secure/);
    expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000');
  });

  it('slides the session: used within 30 days it stays alive, idle for longer it ends', async () => {
    const browser = new Browser(server.url);
    await browser.login(ALEX);
    clock.advance(20 * DAY);
    expect((await browser.get('/api/v1/profile')).status).toBe(200);
    expect(browser.setCookieHeaders.at(-1)).toMatch(/Max-Age=2592000/);
    clock.advance(20 * DAY);
    expect((await browser.get('/api/v1/profile')).status).toBe(200);
    clock.advance(31 * DAY);
    expect((await browser.get('/api/v1/profile')).status).toBe(401);
  });

  it('allows 5 failures per email per 15 minutes, then answers 429 with Retry-After', async () => {
    const browser = new Browser(server.url);
    for (let i = 0; i < 5; i++) expect((await browser.login(ALEX, 'nope')).status).toBe(401);
    const limited = await browser.login(ALEX, 'demo1234');
    expect(limited.status).toBe(429);
    expect(await json<ApiErrorBody>(limited)).toMatchObject({ code: 'rate_limited' });
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(900);

    // Other emails are not affected; the limit lifts when the window has passed.
    expect((await browser.login(KAI)).status).toBe(200);
    clock.advance(retryAfter * 1000);
    expect((await browser.login(ALEX)).status).toBe(200);
  });

  it('clears the failure count of an email on success', async () => {
    const browser = new Browser(server.url);
    for (let i = 0; i < 4; i++) await browser.login(SAM, 'nope');
    expect((await browser.login(SAM)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await browser.login(SAM, 'nope')).status).toBe(401);
    expect((await browser.login(SAM)).status).toBe(200);
  });
});

describe('login rate limit per IP address', () => {
  it('lets a correct password through an address over its limit (a gym shares one Wi-Fi address), refuses wrong ones with 429', async () => {
    const server = await startTestServer({ loginRateLimit: { perIp: 3 } });
    try {
      const browser = new Browser(server.url);
      for (const email of ['a@example.com', 'b@example.com', 'c@example.com']) expect((await browser.login(email, 'x')).status).toBe(401);
      expect((await browser.login(ALEX)).status).toBe(200);
      const wrong = await browser.login(KAI, 'nope');
      expect(wrong.status).toBe(429);
      expect(wrong.headers.get('retry-after')).toMatch(/^\d+$/);
      expect((await browser.login(KAI)).status).toBe(200);
      // The account's own limit still holds from that address.
      for (let i = 0; i < 5; i++) expect((await browser.login(SAM, 'nope')).status).toBe(429);
      expect((await browser.login(SAM)).status).toBe(429);
    } finally {
      await server.close();
    }
  });

  it('refuses every attempt from an address far over its limit, before checking any password', async () => {
    const server = await startTestServer({ loginRateLimit: { perIp: 2, perIpHard: 4 } });
    try {
      const browser = new Browser(server.url);
      for (let i = 0; i < 4; i++) await browser.login(`x${i}@example.com`, 'x');
      const res = await browser.login(ALEX);
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    } finally {
      await server.close();
    }
  });
});

describe('password hashes', () => {
  it('use scrypt with a random salt and verify in constant time', async () => {
    const a = await hashPassword('correct horse');
    const b = await hashPassword('correct horse');
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9_-]+\$[A-Za-z0-9_-]+$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('correct horse', a)).toBe(true);
    expect(await verifyPassword('correct horsE', a)).toBe(false);
    expect(await verifyPassword('correct horse', null)).toBe(false);
    expect(await verifyPassword('correct horse', 'plain-text')).toBe(false);
  });
});
