import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account, ApiErrorBody, Facility, Profile } from '../../../core/contract/types';
import { ALEX, Browser, json, KAI, signedIn, startTestServer, type TestServer } from '../../testing/helpers';

describe('tenant isolation and organisations', () => {
  let server: TestServer;
  let alex: Browser;
  let kai: Browser;
  let alexProfile: Profile;
  let harbour: Account;
  let tallinn: Account;
  let summit: Account;

  beforeAll(async () => {
    server = await startTestServer();
    alex = await signedIn(server, ALEX);
    kai = await signedIn(server, KAI);
    alexProfile = await json<Profile>(await alex.get('/api/v1/profile'));
    [harbour, tallinn, summit] = alexProfile.accounts as [Account, Account, Account];
  });
  afterAll(() => server.close());

  const wellingtonGuid = () => harbour.facilities[0]?.guid ?? '';

  it('refuses a facility header from another member’s organisation with 403', async () => {
    const res = await kai.get('/api/v1/profile', { headers: { 'X-Facility-Id': wellingtonGuid() } });
    expect(res.status).toBe(403);
    expect(await json<ApiErrorBody>(res)).toMatchObject({ code: 'forbidden_facility' });
    expect((await kai.get('/api/v1/member', { headers: { 'X-Club-Id': String(harbour.org.id) } })).status).toBe(403);
    expect((await kai.get('/api/v1/profile', { headers: { 'X-Facility-Id': 'no-such-facility' } })).status).toBe(403);
    expect((await kai.get('/api/v1/profile', { headers: { 'X-Facility-Id': tallinn.facilities[0]?.guid ?? '' } })).status).toBe(200);
  });

  it('refuses a facility that does not belong to the given club', async () => {
    const res = await alex.get('/api/v1/member', { headers: { 'X-Club-Id': String(tallinn.org.id), 'X-Facility-Id': wellingtonGuid() } });
    expect(res.status).toBe(403);
    expect((await alex.get('/api/v1/member', { headers: { 'X-Club-Id': String(harbour.org.id), 'X-Facility-Id': wellingtonGuid() } })).status).toBe(200);
  });

  it('shows a facility only to members of its organisation', async () => {
    const own = await alex.get(`/api/v1/facilities/${wellingtonGuid()}`);
    expect(own.status).toBe(200);
    expect(await json<Facility>(own)).toMatchObject({ guid: wellingtonGuid(), name: 'Wellington', org_id: harbour.org.id, time_zone: 'Pacific/Auckland', currency: { code: 'NZD' }, preferences: { feed_enabled: true }, plates_kg: [25, 20, 15, 10, 5, 2.5, 2, 1.5, 1, 0.5], plates_lb: null });
    const tallinnFacility = await json<Facility>(await kai.get(`/api/v1/facilities/${tallinn.facilities[0]?.guid}`));
    expect(tallinnFacility).toMatchObject({ name: 'Tallinn Old Town', currency: { code: 'EUR' }, time_zone: 'Europe/Tallinn', preferences: { feed_enabled: false }, plates_kg: null, plates_lb: null });

    const foreign = await kai.get(`/api/v1/facilities/${wellingtonGuid()}`);
    expect(foreign.status).toBe(403);
    expect(await json<ApiErrorBody>(foreign)).toMatchObject({ code: 'forbidden_facility' });
    const unknown = await kai.get('/api/v1/facilities/00000000-0000-0000-0000-000000000000');
    expect(unknown.status).toBe(404);
    expect(await json<ApiErrorBody>(unknown)).toMatchObject({ code: 'not_found' });
  });

  it('lists the hidden account in the profile with hidden_at', () => {
    expect(summit.org.name).toBe('Summit Climbing');
    expect(summit.hidden_at).toEqual(expect.any(String));
    expect(harbour.hidden_at).toBeNull();
    expect(tallinn.hidden_at).toBeNull();
    // The app opens the account visited most recently.
    const latest = [...alexProfile.accounts].sort((a, b) => (b.last_visit_at ?? '').localeCompare(a.last_visit_at ?? ''))[0];
    expect(latest?.org.name).toBe('Harbour Strength');
    expect(harbour.facilities.map((f) => f.name)).toEqual(['Wellington', 'Petone']);
    for (const account of alexProfile.accounts) expect(account.member_short_id).toMatch(/^[a-z0-9]{10}$/);
  });

  it('hides and shows an organisation, and only the member’s own', async () => {
    const hidden = await alex.put(`/api/v1/orgs/${tallinn.org.id}`, { visible: false });
    expect(hidden.status).toBe(200);
    const account = await json<Account>(hidden);
    expect(account).toMatchObject({ id: tallinn.id, org: { id: tallinn.org.id, name: 'Tallinn Movement' }, member_short_id: tallinn.member_short_id });
    expect(account.hidden_at).toEqual(expect.any(String));

    const shown = await json<Account>(await alex.put(`/api/v1/orgs/${summit.org.id}`, { visible: true }));
    expect(shown.hidden_at).toBeNull();
    const profile = await json<Profile>(await alex.get('/api/v1/profile'));
    expect(profile.accounts.map((a) => [a.org.name, a.hidden_at === null])).toEqual([
      ['Harbour Strength', true],
      ['Tallinn Movement', false],
      ['Summit Climbing', true],
    ]);
    await alex.put(`/api/v1/orgs/${tallinn.org.id}`, { visible: true });

    const foreign = await kai.put(`/api/v1/orgs/${harbour.org.id}`, { visible: false });
    expect(foreign.status).toBe(404);
    expect(await json<ApiErrorBody>(foreign)).toMatchObject({ code: 'not_found' });
    expect((await kai.put('/api/v1/orgs/abc', { visible: false })).status).toBe(404);
    expect((await alex.put(`/api/v1/orgs/${harbour.org.id}`, { visible: 'no' })).status).toBe(422);
  });

  it('still accepts a hidden organisation’s facility in the headers', async () => {
    const res = await alex.get('/api/v1/member', { headers: { 'X-Facility-Id': summit.facilities[0]?.guid ?? '' } });
    expect(res.status).toBe(200);
  });
});
