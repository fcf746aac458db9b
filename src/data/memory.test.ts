// The member-memory registry: every in-memory cache of member data is emptied by the wipe on
// sign-out and when another member signs in, and not when the same member signs in again.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Profile } from '../../core/contract/types';
import { signOut } from './auth';
import { signIn } from './sign-in';
import { clearMemberMemory, memberMemoryEpoch, registerMemberMemory } from './memory';
import { makeProfile, resetDb, withFakeApi } from '../../tests/support/data-helpers';

const fake = withFakeApi();
const members: Profile[] = [makeProfile(1, { email: 'a@example.com' }), makeProfile(2, { email: 'b@example.com' })];

let clears = 0;
let unregister: () => void = () => undefined;

beforeEach(async () => {
  fake.api.handle((request) => {
    if (request.path === '/authentication' && request.method === 'POST') {
      const profile = members.find((p) => p.email === (request.body as { email: string }).email);
      return profile ? { body: profile } : { status: 401, body: { message: 'Wrong', code: 'unauthorized' } };
    }
    if (request.path === '/authentication') return { status: 204 };
    return { status: 503, body: { message: 'Busy', code: 'unavailable' } };
  });
  await resetDb();
  clears = 0;
  unregister = registerMemberMemory(() => {
    clears += 1;
  });
});
afterEach(() => unregister());

describe('member memory', () => {
  it('is cleared by sign-out and by another member signing in, not by the same member again', async () => {
    await signIn('a@example.com', 'pw');
    expect(clears).toBe(0);
    await signIn('a@example.com', 'pw');
    expect(clears).toBe(0);
    await signIn('b@example.com', 'pw');
    expect(clears).toBeGreaterThan(0);
    const afterSwitch = clears;
    await signOut({ force: true });
    expect(clears).toBeGreaterThan(afterSwitch);
  });

  it('a failing cache does not keep the others from being cleared; the epoch moves', () => {
    let other = 0;
    const offBroken = registerMemberMemory(() => {
      throw new Error('broken');
    });
    const offOther = registerMemberMemory(() => {
      other += 1;
    });
    const epoch = memberMemoryEpoch();
    const error = console.error;
    console.error = () => undefined;
    try {
      clearMemberMemory();
    } finally {
      console.error = error;
      offBroken();
      offOther();
    }
    expect(other).toBe(1);
    expect(clears).toBe(1);
    expect(memberMemoryEpoch()).not.toBe(epoch);
  });
});
