// Signing in: the device becomes the signed-in member's (data/auth.ts keeps the session once it
// is). Loaded by the screens that sign in (sign-in, password reset, invitation), not with the first
// paint.
import type { Profile } from '../../core/contract/types';
import { chooseAccount, firstFacility } from '../domain/account';
import { login } from './api/account';
import { contractModule } from './api/config';
import { startLoad } from '../ui/once';
import { pullChosen, wipeMemberData } from './auth';
import { now } from './clock';
import { db, memberTableObjects, type AuthState } from './db';
import { getAuthState } from './sync/auth-row';
import { reportingQuota } from './sync/status';
import { pendingKeys, touchKey } from './sync/touches';

function persistStorage(): void {
  const storage = (globalThis as { navigator?: { storage?: { persist?: () => Promise<boolean> } } }).navigator?.storage;
  // Asks the browser not to evict the offline data; best effort, never blocks sign-in.
  storage?.persist?.().catch(() => undefined);
}

/**
 * What signing in needs before it can store anything, loaded while the member types: the contract's
 * schemas, which check the sign-in's answer. Asked for only then, on a first visit they were a
 * round trip and their evaluation after the answer (tap to timetable 1,257 → 987 ms on a phone
 * network; decisions.md#first-visit). A load that fails is tried again by the sign-in itself.
 */
export function prepareSignIn(): void {
  startLoad(contractModule);
}

/**
 * Log in, then in one transaction: wipe another member's data if it is on the device, store the
 * profile, choose the account and facility. Throws ApiError (401 = wrong credentials) or NetworkError.
 */
export async function signIn(email: string, password: string): Promise<AuthState> {
  return signedInAs(await login(email, password));
}

/**
 * The server signed this browser in and answered with the profile (a sign-in, a password reset):
 * the device becomes that member's, keeping its data only when it is the same member.
 */
export async function signedInAs(profile: Profile): Promise<AuthState> {
  const auth = await reportingQuota(() => db.transaction('rw', [...memberTableObjects(), db.meta], async () => {
    const previous = await getAuthState();
    // After an expired session the auth row no longer names the member, but their profile row
    // (and any queued writes) are still here: that is how the same member is recognised.
    const storedIds = await db.profiles.toCollection().primaryKeys();
    const sameMember = storedIds.every((id) => id === profile.id) && (previous.profileId === null || previous.profileId === profile.id);
    if (!sameMember) await wipeMemberData();
    if (!(await pendingKeys()).has(touchKey('profiles', profile.id))) await db.profiles.put(profile);
    await db.pulls.put({ resource: 'profile', fetchedAt: now() });
    const account = chooseAccount(profile.accounts, sameMember ? previous.accountOrgId : null);
    const next: AuthState = {
      key: 'auth',
      status: 'authenticated',
      profileId: profile.id,
      accountOrgId: account?.org.id ?? null,
      facilityGuid: firstFacility(account)?.guid ?? null,
      reason: null,
    };
    await db.meta.put(next);
    return next;
  }));
  // Writes queued before the session expired go out now; sign-in does not wait for them (nor for
  // the replay's chunk).
  void import('./sync/replay').then(({ resumeAfterSignIn }) => resumeAfterSignIn()).catch(() => undefined);
  await pullChosen(auth, true);
  persistStorage();
  return auth;
}
