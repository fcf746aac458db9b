import { beforeEach, describe, expect, it } from 'vitest';
import type { Facility, Member } from '../../../core/contract/types';
import { connectApi } from '../auth';
import { registerCommandOps } from "../../features/ops";
import { updateProfile } from "../../features/profile/commands/profile";
import { db } from '../db';
import { getAuthState } from './auth-row';
import { commandTransaction, enqueue } from './outbox';
import { pullFacility, pullMember, pullProfile, refresh } from './pull';
import { getStatus } from './status';
import { setClock } from '../clock';
import { makeProfile, resetDb, resetModules, signedInLocally, signedOutLocally, withFakeApi } from '../../../tests/support/data-helpers';

const fake = withFakeApi();

const facility = (guid: string, name: string): Facility => ({
  id: 1,
  guid,
  name,
  org_id: 1,
  time_zone: 'Pacific/Auckland',
  address: null,
  phone: null,
  email: null,
  preferences: { feed_enabled: true },
  currency: { code: 'NZD' },
});

const member = (orgId: number, first_name: string): Member => ({
  id: 3,
  short_id: 'm3',
  org_id: orgId,
  first_name,
  last_name: 'X',
  email: 'x@example.com',
  phone: null,
  address: null,
  birthday: null,
  emergency_contact: null,
});

registerCommandOps();

beforeEach(async () => {
  await resetDb();
  await signedInLocally(makeProfile(1));
});

describe('refresh', () => {
  it('skips fresh resources, refetches stale or forced ones', async () => {
    let calls = 0;
    const fetcher = async () => {
      calls += 1;
    };
    expect(await refresh('thing', 60_000, fetcher)).toBe('fetched');
    expect(await refresh('thing', 60_000, fetcher)).toBe('fresh');
    expect(await refresh('thing', 0, fetcher)).toBe('fetched');
    expect(await refresh('thing', 60_000, fetcher, { force: true })).toBe('fetched');
    expect(calls).toBe(3);
    expect((await db.pulls.get('thing'))?.fetchedAt).toBeGreaterThan(0);
  });

  it('shares one request between concurrent refreshes of a resource', async () => {
    fake.api.handle(() => ({ body: makeProfile(1), delayMs: 20 }));
    const results = await Promise.all([pullProfile(), pullProfile(), pullProfile({ force: true })]);
    expect(results).toEqual(['fetched', 'fetched', 'fetched']);
    expect(fake.api.requests).toHaveLength(1);
  });

  it('a forced refresh is not satisfied by a running one that found the resource fresh', async () => {
    fake.api.handle(() => ({ body: makeProfile(1) }));
    await pullProfile();
    fake.api.requests.length = 0;
    const [plain, forced] = await Promise.all([pullProfile(), pullProfile({ force: true })]);
    expect(plain).toBe('fresh');
    expect(forced).toBe('fetched');
    expect(fake.api.requests).toHaveLength(1);
  });

  it('swallows a network failure into the status row (offline)', async () => {
    resetModules(fake.api.baseUrl, () => Promise.reject(new TypeError('fetch failed')));
    expect(await pullProfile()).toBe('offline');
    expect((await getStatus()).online).toBe(false);
    expect(await db.pulls.get('profile')).toBeUndefined();
  });

  it('records other API errors as lastError', async () => {
    fake.api.handle(() => ({ status: 500, body: { message: 'Database is down', code: 'internal' } }));
    expect(await pullProfile()).toBe('error');
    expect(await getStatus()).toMatchObject({ lastError: 'Database is down', online: true });
  });

  it('a 401 signs the device out through the handler and is not recorded as an error', async () => {
    connectApi({ baseUrl: fake.api.baseUrl });
    fake.api.handle(() => ({ status: 401, body: { message: 'Expired', code: 'unauthorized' } }));
    expect(await pullProfile()).toBe('unauthorized');
    expect(await getAuthState()).toMatchObject({ status: 'signed-out', reason: 'expired' });
    expect(await getStatus()).toMatchObject({ blocked: 'auth', lastError: null });
    expect(await db.profiles.count()).toBe(1);
  });
});

describe('pulls', () => {
  it('writes the profile, the facility and the member', async () => {
    fake.api.handle((request) => {
      if (request.path === '/profile') return { body: makeProfile(1, { first_name: 'Fresh' }) };
      if (request.path === '/facilities/fac-1') return { body: facility('fac-1', 'Harbour') };
      if (request.path === '/member') return { body: member(1, 'Mem') };
      return { status: 404, body: { message: 'no', code: 'not_found' } };
    });
    await Promise.all([pullProfile(), pullFacility('fac-1'), pullMember()]);
    expect((await db.profiles.get(1))?.first_name).toBe('Fresh');
    expect((await db.facilities.get('fac-1'))?.name).toBe('Harbour');
    expect((await db.members.get(1))?.first_name).toBe('Mem');
    const memberRequest = fake.api.requests.find((request) => request.path === '/member');
    expect(memberRequest?.headers['x-club-id']).toBe('1');
    expect((await db.pulls.toCollection().primaryKeys()).sort()).toEqual(['facility:fac-1', 'member:1', 'profile']);
  });

  it('never overwrites a row a queued write touched', async () => {
    await updateProfile({ first_name: 'Mine' });
    await commandTransaction([db.facilities], async () => {
      await db.facilities.put(facility('fac-1', 'Local edit'));
      await enqueue('facility.rename', { guid: 'fac-1' }, ['facilities:fac-1']);
    });
    fake.api.handle((request) => (request.path === '/profile' ? { body: makeProfile(1, { first_name: 'Server' }) } : { body: facility('fac-1', 'Server name') }));
    expect(await pullProfile()).toBe('fetched');
    expect(await pullFacility('fac-1')).toBe('fetched');
    expect((await db.profiles.get(1))?.first_name).toBe('Mine');
    expect((await db.facilities.get('fac-1'))?.name).toBe('Local edit');
  });

  it('writes nothing when the device signed out while the request was out', async () => {
    fake.api.handle(async () => {
      await db.transaction('rw', db.meta, db.profiles, async () => {
        await db.profiles.clear();
        await signedOutLocally();
      });
      return { body: makeProfile(1) };
    });
    await pullProfile();
    expect(await db.profiles.count()).toBe(0);
    expect(await db.pulls.count()).toBe(0);
  });

  it('ignores a profile that is not the signed-in member', async () => {
    fake.api.handle(() => ({ body: makeProfile(2) }));
    await pullProfile();
    expect(await db.profiles.get(2)).toBeUndefined();
  });
});

describe('the engine clock', () => {
  it('decides freshness: a resource is fresh for maxAgeMs of the injected time', async () => {
    let time = 1_000_000;
    setClock(() => time);
    try {
      let calls = 0;
      const fetcher = async () => {
        calls += 1;
      };
      expect(await refresh('clocked', 60_000, fetcher)).toBe('fetched');
      expect((await db.pulls.get('clocked'))?.fetchedAt).toBe(1_000_000);
      time += 59_999;
      expect(await refresh('clocked', 60_000, fetcher)).toBe('fresh');
      time += 1;
      expect(await refresh('clocked', 60_000, fetcher)).toBe('fetched');
      expect(calls).toBe(2);
    } finally {
      setClock(null);
    }
  });
});
