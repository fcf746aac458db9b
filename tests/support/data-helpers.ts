// Shared fixtures for data-layer tests: a clean database and module state per test.
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { configureApi } from '../../src/data/api/config';
import type { Account, Profile } from '../../core/contract/types';
import { db, type AuthState } from '../../src/data/db';
import { configureOutbox } from '../../src/data/sync/outbox';
import { setClock } from '../../src/data/clock';
import { startFakeApi, type FakeApi } from './fake-api';

export async function resetDb(): Promise<void> {
  await db.transaction('rw', db.tables, async () => {
    await Promise.all(db.tables.map((table) => table.clear()));
  });
}

export function resetModules(baseUrl: string, fetchImpl?: typeof fetch): void {
  configureApi({ baseUrl, fetch: fetchImpl ?? globalThis.fetch.bind(globalThis), onUnauthorized: undefined });
  setClock(null);
  configureOutbox({ now: () => Date.now(), random: Math.random, baseMs: 1_000, capMs: 300_000 });
}

/**
 * One fake API for the file, started before its tests and closed after them. Each test starts
 * with no recorded requests and the API client pointed at it; handlers and clocks stay with the
 * file. Call it before the file's own beforeEach so that one runs second.
 */
export function withFakeApi(): { readonly api: FakeApi } {
  let started: FakeApi | undefined;
  const fixture = {
    get api(): FakeApi {
      if (!started) throw new Error('The fake API starts in beforeAll: read it inside hooks and tests.');
      return started;
    },
  };
  beforeAll(async () => {
    started = await startFakeApi();
  });
  afterAll(() => started?.close());
  beforeEach(() => {
    fixture.api.requests.length = 0;
    resetModules(fixture.api.baseUrl);
  });
  return fixture;
}

export function makeAccount(orgId: number, overrides: Partial<Account> = {}): Account {
  return {
    id: orgId * 10,
    org: { id: orgId, name: `Org ${orgId}`, logo_url: null, short_id: `org${orgId}` },
    facilities: [{ id: orgId * 100, guid: `fac-${orgId}`, name: `Facility ${orgId}` }],
    hidden_at: null,
    last_visit_at: null,
    member_short_id: `m${orgId}`,
    ...overrides,
  };
}

export function makeProfile(id: number, overrides: Partial<Profile> = {}): Profile {
  return {
    id,
    guid: `guid-${id}`,
    full_name: 'Alex Example',
    first_name: 'Alex',
    last_name: 'Example',
    email: `member${id}@example.com`,
    locale: 'en',
    avatar: { is_set: false, thumb_url: null, main_url: null },
    accounts: [makeAccount(1)],
    calendar_token: null,
    preferences: {},
    track_training: false,
    weight_units: 'kilograms',
    length_units: 'centimetres',
    hide_from_leaderboards: false,
    ...overrides,
  };
}

/** Puts the device in a signed-in state without a server round trip. */
export async function signedInLocally(profile: Profile, orgId = profile.accounts[0]?.org.id ?? null): Promise<AuthState> {
  const auth: AuthState = {
    key: 'auth',
    status: 'authenticated',
    profileId: profile.id,
    accountOrgId: orgId,
    facilityGuid: profile.accounts.find((account) => account.org.id === orgId)?.facilities[0]?.guid ?? null,
    reason: null,
  };
  await db.transaction('rw', db.profiles, db.meta, async () => {
    await db.profiles.put(profile);
    await db.meta.put(auth);
  });
  return auth;
}

export async function signedOutLocally(reason: AuthState['reason'] = 'logout'): Promise<void> {
  const auth: AuthState = { key: 'auth', status: 'signed-out', profileId: null, accountOrgId: null, facilityGuid: null, reason };
  await db.meta.put(auth);
}

export function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs = 2_000): Promise<void> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const tick = async () => {
      if (await condition()) return resolve();
      if (Date.now() - started > timeoutMs) return reject(new Error('waitFor timed out'));
      setTimeout(() => void tick(), 5);
    };
    void tick();
  });
}
