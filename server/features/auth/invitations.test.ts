import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '../../../core/contract/types';
import { ALEX, Browser, json, KAI, manualClock, readMail, signedIn, startTestServer, type TestServer } from '../../testing/helpers';

const tokenIn = (text: string) => /\/invite\/([\w-]+)/.exec(text)?.[1];

describe('invitations and sign-up', () => {
  const clock = manualClock();
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ now: clock.now });
  });
  afterAll(() => server.close());

  async function invite(email: string, facility = 'Wellington', locale?: string): Promise<string> {
    const facilityId = (await server.running.db.selectFrom('facilities').select('id').where('name', '=', facility).executeTakeFirstOrThrow()).id;
    const res = await fetch(`${server.url}/admin/invitations`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${server.running.adminToken}`, 'Content-Type': 'application/json', 'X-App-Id': 'member-pwa' },
      body: JSON.stringify({ facility_id: facilityId, email, ...(locale && { locale }) }),
    });
    expect(res.status).toBe(201);
    const mails = (await readMail(server)).filter((m) => m.to === email);
    return tokenIn(mails.at(-1)!.text)!;
  }

  const signup = (browser: Browser, token: string, form: Record<string, unknown>) => browser.request(`/api/v1/signup?invite=${token}`, { method: 'POST', json: { app_signup: form } });
  const form = { first_name: 'Robin', last_name: 'Hale', email: 'robin@example.com', password: 'a long password', locale: 'en-GB', terms_accepted: true };

  it('a new member signs up from the emailed invitation: profile, account and session at once; the link works once', async () => {
    const token = await invite('robin@example.com', 'Wellington', 'fr');
    const mail = (await readMail(server)).find((m) => m.to === 'robin@example.com')!;
    expect(mail.subject).toBe('Harbour Strength vous invite à les rejoindre');
    const visitor = new Browser(server.url);
    expect(await json(await visitor.get(`/api/v1/invite/${token}`))).toMatchObject({ org: { name: 'Harbour Strength' }, facility: { name: 'Wellington' }, email: 'robin@example.com' });

    const bad = await signup(visitor, token, { ...form, password: 'short', terms_accepted: false });
    expect(bad.status).toBe(422);
    const problems = JSON.stringify(await bad.json());
    expect(problems).toContain('at least 8 characters');
    expect(problems).toContain('Accept the terms');
    // A name is one line (it is written into calendar feeds and mail).
    const twoLines = await signup(visitor, token, { ...form, first_name: 'Robin\r\nBEGIN:VEVENT' });
    expect(twoLines.status).toBe(422);
    expect(await json(twoLines)).toMatchObject({ code: 'validation_failed', errors: [{ path: 'app_signup.first_name', message: 'First name must be one line of text, without line breaks, control characters or broken Unicode.' }] });
    const taken = await signup(visitor, token, { ...form, email: ALEX });
    expect(taken.status).toBe(409);
    expect(await json(taken)).toMatchObject({ code: 'email_taken' });

    const created = await signup(visitor, token, form);
    expect(created.status).toBe(201);
    const profile = await json<Profile>(created);
    expect(profile).toMatchObject({ email: 'robin@example.com', first_name: 'Robin', full_name: 'Robin Hale', locale: 'en-GB' });
    expect(profile.accounts.map((a) => a.org.name)).toEqual(['Harbour Strength']);
    expect((await visitor.get('/api/v1/profile')).status).toBe(200);
    expect((await new Browser(server.url).login('robin@example.com', 'a long password')).status).toBe(200);

    const again = await signup(new Browser(server.url), token, { ...form, email: 'robin2@example.com' });
    expect(again.status).toBe(404);
    expect(await json(again)).toMatchObject({ code: 'invite_invalid' });
    expect((await visitor.get(`/api/v1/invite/${token}`)).status).toBe(404);
  });

  it('the invitation carries the studio’s terms and privacy policy to read; accepting them is asked only when the studio has published them', async () => {
    const token = await invite('reader@example.com');
    const visitor = new Browser(server.url);
    const { org } = await json<{ org: { terms: string | null; privacy_policy: string | null } }>(await visitor.get(`/api/v1/invite/${token}`));
    expect(org.terms).toMatch(/^Harbour Strength/);
    expect(org.privacy_policy).toMatch(/^Harbour Strength/);
    const refused = await signup(visitor, token, { ...form, email: 'reader@example.com', terms_accepted: false });
    expect(refused.status).toBe(422);
    expect(await json(refused)).toMatchObject({ errors: [{ path: 'app_signup.terms_accepted', message: 'Accept the terms to create an account.' }] });

    // A studio that has published neither: nothing to accept, nothing asked.
    await server.running.db.updateTable('orgs').set({ terms: null, privacy_policy: null }).where('name', '=', 'Tallinn Movement').execute();
    const plain = await invite('plain@example.com', 'Tallinn Old Town');
    expect((await json<{ org: unknown }>(await visitor.get(`/api/v1/invite/${plain}`))).org).toMatchObject({ name: 'Tallinn Movement', terms: null, privacy_policy: null });
    const { terms_accepted: _accepted, ...withoutTerms } = form;
    expect((await signup(new Browser(server.url), plain, { ...withoutTerms, email: 'plain@example.com' })).status).toBe(201);
  });

  it('a signed-in member accepts an invitation to another organisation; expired and unknown links are refused', async () => {
    const kai = await signedIn(server, KAI);
    const token = await invite(KAI, 'Petone');
    const accepted = await kai.put(`/api/v1/invite/${token}/accept`, {});
    expect(accepted.status).toBe(200);
    expect((await json<Profile>(accepted)).accounts.map((a) => a.org.name).sort()).toEqual(['Harbour Strength', 'Tallinn Movement']);
    expect((await kai.put(`/api/v1/invite/${token}/accept`, {})).status).toBe(404);
    // Accepting needs a session.
    expect((await new Browser(server.url).put(`/api/v1/invite/${await invite('x@example.com')}/accept`, {})).status).toBe(401);

    const late = await invite('late@example.com');
    clock.advance(15 * 86_400_000);
    expect((await new Browser(server.url).get(`/api/v1/invite/${late}`)).status).toBe(404);
    expect((await signup(new Browser(server.url), late, { ...form, email: 'late@example.com' })).status).toBe(404);
    expect((await new Browser(server.url).get('/api/v1/invite/not-a-token')).status).toBe(404);
  });
});
