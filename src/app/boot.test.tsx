// A toast may name the member's class: signing out must not leave it for the next person.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { connectApi, memberDataMissing, signOut } from '../data/auth';
import { db } from '../data/db';
import { toast } from '../ui/toasts/index';
import { makeProfile, resetDb, signedInLocally } from '../../tests/support/data-helpers';
import { clearToastsWithMemberData } from './boot';

let unregister: (() => void) | undefined;

afterEach(async () => {
  unregister?.();
  toast.clear();
  await resetDb();
});

describe('the member-data wipe', () => {
  it('empties the toasts when the member signs out', async () => {
    unregister = clearToastsWithMemberData();
    connectApi({ baseUrl: 'http://api.test/api/v1', fetch: () => Promise.resolve(new Response(null, { status: 204 })) });
    await signedInLocally(makeProfile(1));
    toast.danger('Book — CrossFit, Sat 9:00: this class has been cancelled');
    expect(toast.getSnapshot()).toHaveLength(1);

    expect(await signOut()).toEqual({ status: 'signed-out' });
    expect(await db.profiles.count()).toBe(0);
    expect(toast.getSnapshot()).toEqual([]);
  });
});

describe('starting the sync before any screen paints', () => {
  it('happens only when a signed-in member\'s profile or facility is missing from the device', async () => {
    expect(await memberDataMissing()).toBe(false);
    const profile = makeProfile(1);
    const auth = await signedInLocally(profile);
    // Signed in, but the facility the member chose never reached the device.
    expect(auth.facilityGuid).not.toBeNull();
    expect(await memberDataMissing()).toBe(true);
    const facility = profile.accounts[0]!.facilities[0]!;
    await db.facilities.put({ ...facility, org_id: profile.accounts[0]!.org.id } as never);
    expect(await memberDataMissing()).toBe(false);
    await db.profiles.clear();
    expect(await memberDataMissing()).toBe(true);
  });
});
