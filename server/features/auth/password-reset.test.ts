import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALEX, Browser, json, KAI, manualClock, readMail, SAM, signedIn, startTestServer, type TestServer } from '../../testing/helpers';
import { passwordHashing } from './password';

const linkIn = (text: string) => /https?:\/\/\S+\/password_reset\/([\w-]+)/.exec(text)?.[1];

describe('password reset', () => {
  const clock = manualClock();
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ now: clock.now });
  });
  afterAll(() => server.close());

  const ask = (browser: Browser, email: string) => browser.request('/api/v1/password_resets', { method: 'POST', json: { email } });
  const mailTo = async (email: string) => (await readMail(server)).filter((m) => m.to === email);
  /** The mail is sent after the answer: wait for it. */
  const nextMail = async (email: string, count: number) => {
    await expect.poll(async () => (await mailTo(email)).length).toBe(count);
    return (await mailTo(email))[count - 1]!;
  };

  it('answers the same whether or not the email is a member’s; only a member gets a link, in their language', async () => {
    const visitor = new Browser(server.url);
    const member = await ask(visitor, ` ${KAI.toUpperCase()} `);
    const stranger = await ask(visitor, 'nobody@example.com');
    expect(member.status).toBe(202);
    expect(stranger.status).toBe(202);
    expect(await member.json()).toEqual(await stranger.json());
    const mail = await nextMail(KAI, 1);
    expect(mail.subject).toBe('Lähtesta oma parool');
    expect(mail.text).toContain('Tere, Kai!');
    expect(mail.text).toContain(`${server.url}/password_reset/`);
    expect(await mailTo('nobody@example.com')).toEqual([]);
    // The database keeps only the token's hash.
    const token = linkIn(mail.text)!;
    const rows = await server.running.db.selectFrom('password_resets').select('id').execute();
    expect(rows.some((r) => r.id === token)).toBe(false);
  });

  it('sets a new password once, ends every session and signs this browser in', async () => {
    const phone = await signedIn(server, ALEX);
    const laptop = await signedIn(server, ALEX);
    await ask(new Browser(server.url), ALEX);
    const token = linkIn((await nextMail(ALEX, 1)).text)!;
    const visitor = new Browser(server.url);
    expect((await visitor.get(`/api/v1/password_resets/${token}`)).status).toBe(200);

    const short = await visitor.put(`/api/v1/password_resets/${token}`, { password: 'short' });
    expect(short.status).toBe(422);
    expect(JSON.stringify(await short.json())).toContain('at least 8 characters');

    const done = await visitor.put(`/api/v1/password_resets/${token}`, { password: 'a new password' });
    expect(done.status).toBe(200);
    expect(await json(done)).toMatchObject({ email: ALEX });
    expect((await visitor.get('/api/v1/profile')).status).toBe(200);
    expect((await phone.get('/api/v1/profile')).status).toBe(401);
    expect((await laptop.get('/api/v1/profile')).status).toBe(401);
    expect((await new Browser(server.url).login(ALEX)).status).toBe(401);
    expect((await new Browser(server.url).login(ALEX, 'a new password')).status).toBe(200);

    // Used up: the same link again, or read, is refused with the reason.
    const again = await new Browser(server.url).put(`/api/v1/password_resets/${token}`, { password: 'another password' });
    expect(again.status).toBe(404);
    expect(await json(again)).toMatchObject({ code: 'reset_link_invalid' });
    expect((await visitor.get(`/api/v1/password_resets/${token}`)).status).toBe(404);
    // Put back for the tests after this one.
    await server.running.db.updateTable('members_profiles').set({ password_hash: (await server.running.db.selectFrom('members_profiles').select('password_hash').where('email', '=', KAI).executeTakeFirstOrThrow()).password_hash }).where('email', '=', ALEX).execute();
  });

  it('one use even when sent twice at once; a newer link retires the older; links expire after 60 minutes', async () => {
    await ask(new Browser(server.url), KAI);
    const older = linkIn((await nextMail(KAI, 2)).text)!;
    await ask(new Browser(server.url), KAI);
    const newer = linkIn((await nextMail(KAI, 3)).text)!;
    expect((await new Browser(server.url).get(`/api/v1/password_resets/${older}`)).status).toBe(404);

    const [a, b] = await Promise.all([new Browser(server.url).put(`/api/v1/password_resets/${newer}`, { password: 'first racer' }), new Browser(server.url).put(`/api/v1/password_resets/${newer}`, { password: 'second racer' })]);
    expect([a.status, b.status].sort()).toEqual([200, 404]);

    clock.advance(2 * 60 * 60_000); // a fresh rate-limit window too
    await ask(new Browser(server.url), KAI);
    const late = linkIn((await nextMail(KAI, 4)).text)!;
    clock.advance(61 * 60_000);
    expect((await new Browser(server.url).get(`/api/v1/password_resets/${late}`)).status).toBe(404);
    expect((await new Browser(server.url).put(`/api/v1/password_resets/${late}`, { password: 'too late now' })).status).toBe(404);
  });

  it('limits requests per email (3 an hour), with the same answer for members and strangers', async () => {
    clock.advance(2 * 60 * 60_000);
    const visitor = new Browser(server.url);
    for (let i = 0; i < 3; i += 1) expect((await ask(visitor, 'sam@example.com')).status).toBe(202);
    const limited = await ask(visitor, 'sam@example.com');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('Retry-After')).toMatch(/^\d+$/);
    for (let i = 0; i < 3; i += 1) await ask(visitor, 'stranger@example.com');
    expect((await ask(visitor, 'stranger@example.com')).status).toBe(429);
  });

  it('refuses a bad request body with a clear message', async () => {
    const res = await new Browser(server.url).request('/api/v1/password_resets', { method: 'POST', json: { email: '' } });
    expect(res.status).toBe(422);
    expect(JSON.stringify(await res.json())).toContain('Email is required.');
  });

  it('hashes a password only for a link that is used now: never for an unknown link, once for a link sent many times at once', async () => {
    clock.advance(2 * 60 * 60_000);
    const hashed = () => passwordHashing.stats().started;
    const before = hashed();
    for (let i = 0; i < 10; i += 1) {
      const res = await new Browser(server.url).put(`/api/v1/password_resets/${'x'.repeat(43)}${i}`, { password: 'a long enough password' });
      expect(res.status).toBe(404);
    }
    expect(hashed()).toBe(before);

    await ask(new Browser(server.url), SAM);
    const token = linkIn((await nextMail(SAM, 4)).text)!;
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => new Browser(server.url).put(`/api/v1/password_resets/${token}`, { password: `racer number ${i}` })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 404, 404, 404, 404, 404, 404, 404]);
    expect(hashed()).toBe(before + 1);
    // Never more than two hashes at once in the process (sign-in and reset share the bound).
    await Promise.all(Array.from({ length: 6 }, () => new Browser(server.url).login(KAI, 'wrong password')));
    expect(passwordHashing.stats().peak).toBeLessThanOrEqual(2);
  });
});

describe('password reset links from one address', () => {
  it('past the address limit an unknown link is refused with 429 (counted with failed sign-ins); a valid link still works', async () => {
    const clock = manualClock();
    const server = await startTestServer({ now: clock.now, loginRateLimit: { perIp: 5 } });
    try {
      const guess = (i: number) => new Browser(server.url).put(`/api/v1/password_resets/guess-${i}`, { password: 'a long enough password' });
      for (let i = 0; i < 5; i += 1) expect((await guess(i)).status).toBe(404);
      const limited = await guess(5);
      expect(limited.status).toBe(429);
      expect(await json(limited)).toMatchObject({ code: 'rate_limited' });
      expect(limited.headers.get('Retry-After')).toMatch(/^\d+$/);
      // Sign-in failures from the address are the same count: a wrong password is refused too.
      expect((await new Browser(server.url).login(KAI, 'wrong password')).status).toBe(429);

      await new Browser(server.url).request('/api/v1/password_resets', { method: 'POST', json: { email: KAI } });
      await expect.poll(async () => (await readMail(server)).filter((m) => m.to === KAI).length).toBe(1);
      const token = linkIn((await readMail(server)).find((m) => m.to === KAI)!.text)!;
      expect((await new Browser(server.url).put(`/api/v1/password_resets/${token}`, { password: 'a new password' })).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});
