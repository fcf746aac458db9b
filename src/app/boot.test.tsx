// A toast may name the member's class: signing out must not leave it for the next person.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { connectApi, signOut } from '../data/auth';
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
