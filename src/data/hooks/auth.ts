// Live views of who is signed in and what they chose. Screens read these, never the network.
import { useLiveQuery } from 'dexie-react-hooks';
import { db, type AuthState } from '../db';
import type { Account, Facility, Member, Profile } from '../../../core/contract/types';

/** undefined while IndexedDB is opening; then the auth row (signed-out when there is none). */
export function useAuth(): AuthState | undefined {
  return useLiveQuery(
    async () => ((await db.meta.get('auth')) as AuthState | undefined) ?? signedOut,
    [],
  );
}

const signedOut: AuthState = { key: 'auth', status: 'signed-out', profileId: null, accountOrgId: null, facilityGuid: null };

export function useProfile(): Profile | undefined {
  const auth = useAuth();
  return useLiveQuery(async () => (auth?.profileId ? db.profiles.get(auth.profileId) : undefined), [auth?.profileId]);
}

export function useCurrentAccount(): Account | undefined {
  const profile = useProfile();
  const auth = useAuth();
  return profile?.accounts.find((a) => a.org.id === auth?.accountOrgId);
}

export function useFacility(): Facility | undefined {
  const auth = useAuth();
  return useLiveQuery(async () => (auth?.facilityGuid ? db.facilities.get(auth.facilityGuid) : undefined), [auth?.facilityGuid]);
}

export function useMember(): Member | undefined {
  const auth = useAuth();
  return useLiveQuery(async () => (auth?.accountOrgId ? db.members.get(auth.accountOrgId) : undefined), [auth?.accountOrgId]);
}
