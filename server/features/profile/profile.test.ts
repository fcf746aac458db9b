import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody, Member, Profile } from '../../../core/contract/types';
import { ALEX, Browser, json, KAI, PASSWORD, SAM, signedIn, startTestServer, type TestServer } from '../../testing/helpers';

describe('profile', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('updates the member’s own fields and ignores accounts, calendar_token and preferences', async () => {
    const sam = await signedIn(server, SAM);
    const before = await json<Profile>(await sam.get('/api/v1/profile'));
    const res = await sam.put('/api/v1/profile', {
      profile: {
        ...before,
        first_name: 'Samantha',
        locale: 'fr',
        track_training: true,
        accounts: [],
        calendar_token: 'attacker-chosen',
        preferences: { admin: true },
        id: 999,
        email: '  SAM@example.com ',
      },
    });
    expect(res.status).toBe(200);
    const after = await json<Profile>(res);
    expect(after).toMatchObject({ id: before.id, first_name: 'Samantha', full_name: 'Samantha Taylor', locale: 'fr', track_training: true, email: SAM, calendar_token: null, preferences: {} });
    expect(after.accounts).toEqual(before.accounts);
    expect(await json<Profile>(await sam.get('/api/v1/profile'))).toEqual(after);
  });

  it('explains invalid input with 422 validation_failed', async () => {
    const sam = await signedIn(server, SAM);
    const cases: [unknown, string, RegExp][] = [
      [{ email: 'not-an-email' }, 'profile.email', /email/i],
      [{ locale: 'de' }, 'profile.locale', /Locale must be one of en, en-GB, en-US, et, fr, mi-NZ, es-ES/],
      [{ first_name: '   ' }, 'profile.first_name', /First name must not be empty/],
      [{ last_name: 'x'.repeat(101) }, 'profile.last_name', /at most 100/],
      [{ track_training: 'yes' }, 'profile.track_training', /true or false/],
      [{ weight_units: 'stones' }, 'profile.weight_units', /Weight units must be one of kilograms, pounds/],
      [{ length_units: 'metres' }, 'profile.length_units', /Length units must be one of centimetres, inches/],
      [{ hide_from_leaderboards: 'yes' }, 'profile.hide_from_leaderboards', /Hide from leaderboards must be true or false/],
      [{ hide_from_leaderboards: null }, 'profile.hide_from_leaderboards', /true or false/],
    ];
    for (const [profile, path, message] of cases) {
      const res = await sam.put('/api/v1/profile', { profile });
      expect(res.status, path).toBe(422);
      const body = await json<ApiErrorBody>(res);
      expect(body.code).toBe('validation_failed');
      expect(body.message).toMatch(message);
      expect(body.errors?.[0]).toMatchObject({ path, message: expect.stringMatching(message) as string });
    }
    const missing = await sam.put('/api/v1/profile', { first_name: 'x' });
    expect(missing.status).toBe(422);
    expect((await json<ApiErrorBody>(missing)).errors?.[0]?.path).toBe('profile');
  });

  it('refuses names with NUL bytes, control characters or lone surrogates, with a clear 422', async () => {
    const sam = await signedIn(server, SAM);
    const before = await json<Profile>(await sam.get('/api/v1/profile'));
    for (const bad of ['Sam\u0000', 'Sa\u0007m', 'Sam\uD800', '\uDC00Sam', 'S\uDBFFam']) {
      for (const field of ['first_name', 'last_name', 'full_name']) {
        const res = await sam.put('/api/v1/profile', { profile: { [field]: bad } });
        expect(res.status, `${field} ${JSON.stringify(bad)}`).toBe(422);
        expect(await json<ApiErrorBody>(res)).toMatchObject({ code: 'validation_failed', errors: [{ path: `profile.${field}`, message: expect.stringMatching(/control characters or broken Unicode/) as string }] });
      }
    }
    expect(await json<Profile>(await sam.get('/api/v1/profile'))).toEqual(before);
    // Whole surrogate pairs (emoji, rare scripts) are text like any other.
    const ok = await sam.put('/api/v1/profile', { profile: { first_name: 'Sam 🏋️ 𠮷' } });
    expect(ok.status).toBe(200);
    await sam.put('/api/v1/profile', { profile: { first_name: before.first_name, full_name: before.full_name } });
  });

  it('refuses line breaks, tabs and other line separators in names: a name is one line (it is written into calendar feeds and mail)', async () => {
    const sam = await signedIn(server, SAM);
    const before = await json<Profile>(await sam.get('/api/v1/profile'));
    for (const bad of ['Sam\r\nBEGIN:VEVENT', 'Sam\nTaylor', 'Sam\rTaylor', 'Sam\tTaylor', 'Sam\u2028Taylor', 'Sam\u2029Taylor', 'Sam\u0085Taylor']) {
      for (const field of ['first_name', 'last_name', 'full_name']) {
        const res = await sam.put('/api/v1/profile', { profile: { [field]: bad } });
        expect(res.status, `${field} ${JSON.stringify(bad)}`).toBe(422);
        const label = { first_name: 'First name', last_name: 'Last name', full_name: 'Full name' }[field];
        expect(await json<ApiErrorBody>(res)).toMatchObject({ code: 'validation_failed', message: `${label} must be one line of text, without line breaks, control characters or broken Unicode.`, errors: [{ path: `profile.${field}` }] });
      }
    }
    // The member record's names (PUT /member) follow the same rule.
    const member = await sam.put('/api/v1/member', { member: { first_name: 'Sam\r\nX' } }, { headers: { 'X-Club-Id': String(before.accounts[0]!.org.id) } });
    expect(member.status).toBe(422);
    expect(await json<ApiErrorBody>(member)).toMatchObject({ errors: [{ path: 'member.first_name', message: expect.stringMatching(/one line/) as string }] });
    expect(await json<Profile>(await sam.get('/api/v1/profile'))).toEqual(before);
  });

  it('keeps the member’s units and leaderboard preference, kilograms, centimetres and shown by default, for them alone', async () => {
    const [alex, kai] = await Promise.all([signedIn(server, ALEX), signedIn(server, KAI)]);
    const before = await json<Profile>(await kai.get('/api/v1/profile'));
    expect(before).toMatchObject({ weight_units: 'kilograms', length_units: 'centimetres', hide_from_leaderboards: false });
    const res = await kai.put('/api/v1/profile', { profile: { weight_units: 'pounds', length_units: 'inches', hide_from_leaderboards: true } });
    expect(res.status).toBe(200);
    const after = await json<Profile>(res);
    expect(after).toMatchObject({ weight_units: 'pounds', length_units: 'inches', hide_from_leaderboards: true, first_name: before.first_name, locale: before.locale });
    expect(await json<Profile>(await kai.get('/api/v1/profile'))).toEqual(after);
    // Another member's profile is untouched, and one field can change alone.
    expect(await json<Profile>(await alex.get('/api/v1/profile'))).toMatchObject({ weight_units: 'kilograms', length_units: 'centimetres', hide_from_leaderboards: false });
    const back = await json<Profile>(await kai.put('/api/v1/profile', { profile: { hide_from_leaderboards: false } }));
    expect(back).toMatchObject({ weight_units: 'pounds', length_units: 'inches', hide_from_leaderboards: false });
    await kai.put('/api/v1/profile', { profile: { weight_units: 'kilograms', length_units: 'centimetres' } });
  });

  it('refuses an email that another member uses', async () => {
    const sam = await signedIn(server, SAM);
    const res = await sam.put('/api/v1/profile', { profile: { email: 'Demo@Example.com' }, current_password: PASSWORD });
    expect(res.status).toBe(422);
    expect(await json<ApiErrorBody>(res)).toMatchObject({ code: 'email_taken', errors: [{ path: 'profile.email' }] });
  });

  it('activates and disables the calendar feed token', async () => {
    const kai = await signedIn(server, KAI);
    const on = await json<Profile>(await kai.get('/api/v1/profile/activate_calendar'));
    expect(on.calendar_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const again = await json<Profile>(await kai.get('/api/v1/profile/activate_calendar'));
    expect(again.calendar_token).toBe(on.calendar_token);
    const off = await json<Profile>(await kai.get('/api/v1/profile/disable_calendar'));
    expect(off.calendar_token).toBeNull();
  });
});

describe('member', () => {
  let server: TestServer;
  let alex: Browser;
  let profile: Profile;
  beforeAll(async () => {
    server = await startTestServer();
    alex = await signedIn(server, ALEX);
    profile = await json<Profile>(await alex.get('/api/v1/profile'));
  });
  afterAll(() => server.close());

  it('needs a club or facility', async () => {
    const res = await alex.get('/api/v1/member');
    expect(res.status).toBe(400);
    expect(await json<ApiErrorBody>(res)).toMatchObject({ code: 'facility_required' });
  });

  it('is the account of the club (X-Club-Id) or of the facility’s club (X-Facility-Id)', async () => {
    const [harbour, tallinn] = profile.accounts;
    const byClub = await json<Member>(await alex.get('/api/v1/member', { headers: { 'X-Club-Id': String(harbour?.org.id) } }));
    expect(byClub).toMatchObject({ id: harbour?.id, org_id: harbour?.org.id, short_id: harbour?.member_short_id, first_name: 'Alex', last_name: 'Rivera', email: ALEX, birthday: '1990-04-23' });
    const byFacility = await json<Member>(await alex.get('/api/v1/member', { headers: { 'X-Facility-Id': tallinn?.facilities[0]?.guid ?? '' } }));
    expect(byFacility).toMatchObject({ id: tallinn?.id, org_id: tallinn?.org.id, short_id: tallinn?.member_short_id });
  });

  it('updates the member record of that club only', async () => {
    const [harbour, tallinn] = profile.accounts;
    const headers = { 'X-Club-Id': String(harbour?.org.id) };
    const res = await alex.put('/api/v1/member', { member: { phone: '+64 21 000 0000', address: '', birthday: '1991-01-31', emergency_contact: null, email: 'x@example.com', org_id: 99 } }, { headers });
    expect(res.status).toBe(200);
    expect(await json<Member>(res)).toMatchObject({ phone: '+64 21 000 0000', address: null, birthday: '1991-01-31', emergency_contact: null, email: ALEX, org_id: harbour?.org.id });
    const other = await json<Member>(await alex.get('/api/v1/member', { headers: { 'X-Club-Id': String(tallinn?.org.id) } }));
    expect(other.phone).toBe('+372 5555 0101');

    const bad = await alex.put('/api/v1/member', { member: { birthday: '31/01/1991' } }, { headers });
    expect(bad.status).toBe(422);
    expect(await json<ApiErrorBody>(bad)).toMatchObject({ code: 'validation_failed', errors: [{ path: 'member.birthday' }] });
    for (const field of ['first_name', 'last_name', 'phone', 'address', 'emergency_contact']) {
      const broken = await alex.put('/api/v1/member', { member: { [field]: 'A\u0000\uD83D' } }, { headers });
      expect(broken.status, field).toBe(422);
      expect(await json<ApiErrorBody>(broken)).toMatchObject({ code: 'validation_failed', errors: [{ path: `member.${field}` }] });
    }
  });
});
