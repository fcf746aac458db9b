// Changing the sign-in email is changing who can reset the password: it needs the current password
// (checked and limited like a sign-in), and the old address is told.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody, Profile } from '../../../core/contract/types';
import { ALEX, Browser, json, KAI, PASSWORD, readMail, SAM, signedIn, startTestServer, type TestServer } from '../../testing/helpers';

describe('changing the sign-in email', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const profileOf = (email: string) => server.running.db.selectFrom('members_profiles').select(['id', 'email']).where('email', '=', email).executeTakeFirst();
  const mailTo = async (email: string) => (await readMail(server)).filter((m) => m.to === email);

  it('is refused without the current password, or with a wrong one, with a clear code; nothing changes and nobody is mailed', async () => {
    const sam = await signedIn(server, SAM);
    const missing = await sam.put('/api/v1/profile', { profile: { email: 'sam.new@example.com', first_name: 'Samuel' } });
    expect(missing.status).toBe(403);
    expect(await json<ApiErrorBody>(missing)).toMatchObject({ code: 'current_password_required', message: 'Enter your current password to change the email you sign in with.' });
    const wrong = await sam.put('/api/v1/profile', { profile: { email: 'sam.new@example.com' }, current_password: 'not my password' });
    expect(wrong.status).toBe(403);
    expect(await json<ApiErrorBody>(wrong)).toMatchObject({ code: 'current_password_wrong', message: 'Your current password is not correct.' });
    expect(await json<Profile>(await sam.get('/api/v1/profile'))).toMatchObject({ email: SAM, first_name: 'Sam' });
    expect(await profileOf('sam.new@example.com')).toBeUndefined();
    expect(await mailTo(SAM)).toEqual([]);
    // The same email (any case) is no change: other fields save without a password.
    const same = await sam.put('/api/v1/profile', { profile: { email: ' Sam@Example.com ', first_name: 'Sam' } });
    expect(same.status).toBe(200);
  });

  it('wrong passwords count like failed sign-ins: the sixth in a row is 429, and signing in is limited too', async () => {
    const alex = await signedIn(server, ALEX);
    for (let i = 0; i < 5; i += 1) {
      const res = await alex.put('/api/v1/profile', { profile: { email: 'alex.new@example.com' }, current_password: `guess ${i}` });
      expect(res.status, `guess ${i}`).toBe(403);
    }
    const limited = await alex.put('/api/v1/profile', { profile: { email: 'alex.new@example.com' }, current_password: PASSWORD });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('Retry-After')).toMatch(/^\d+$/);
    expect((await new Browser(server.url).login(ALEX)).status).toBe(429);
    expect(await profileOf(ALEX)).toBeDefined();
  });

  it('with the current password changes it, tells the old address in the member’s language, and the new one signs in', async () => {
    const kai = await signedIn(server, KAI);
    const before = await json<Profile>(await kai.get('/api/v1/profile'));
    const res = await kai.put('/api/v1/profile', { profile: { ...before, email: 'Kai.Tamm@Example.com', last_name: 'Tamm-Kask' }, current_password: PASSWORD }, { headers: { 'Idempotency-Key': 'email-change-1' } });
    expect(res.status).toBe(200);
    expect(await json<Profile>(res)).toMatchObject({ email: 'kai.tamm@example.com', last_name: 'Tamm-Kask' });
    // The notice goes to the old address, after the answer, in Kai's Estonian.
    await expect.poll(async () => (await mailTo(KAI)).length).toBe(1);
    const notice = (await mailTo(KAI))[0]!;
    expect(notice.subject).toBe('Sinu sisselogimise e-post muudeti');
    expect(notice.text).toContain('Tere, Kai!');
    expect(notice.text).toContain('kai.tamm@example.com');
    expect(await mailTo('kai.tamm@example.com')).toEqual([]);
    expect((await new Browser(server.url).login('kai.tamm@example.com')).status).toBe(200);
    expect((await new Browser(server.url).login(KAI)).status).toBe(401);
    // A request carrying the password is never kept under its key (its stored hash would be a fast hash of the password).
    expect(await server.running.db.selectFrom('idempotency_keys').select('key').where('key', '=', 'email-change-1').execute()).toEqual([]);
    // Sent again (an answer lost): nothing more changes, nobody is mailed twice.
    const again = await kai.put('/api/v1/profile', { profile: { email: 'kai.tamm@example.com' }, current_password: PASSWORD });
    expect(again.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await mailTo(KAI)).toHaveLength(1);
  });

  it('still refuses another member’s email, with the right password', async () => {
    const sam = await signedIn(server, SAM);
    const res = await sam.put('/api/v1/profile', { profile: { email: 'kai.tamm@example.com' }, current_password: PASSWORD });
    expect(res.status).toBe(422);
    expect(await json<ApiErrorBody>(res)).toMatchObject({ code: 'email_taken' });
  });
});
