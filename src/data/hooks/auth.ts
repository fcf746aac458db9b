// Live views of who is signed in and what they chose. Screens read these, never the network.
import { db, type AuthState } from '../db';
import { useSharedLiveQuery } from './shared-live';
import type { Account, Facility, Member, Profile } from '../../../core/contract/types';

/** undefined while IndexedDB is opening; then the auth row (signed-out when there is none). */
export function useAuth(): AuthState | undefined {
  return useSharedLiveQuery('auth', async () => ((await db.meta.get('auth')) as AuthState | undefined) ?? signedOut);
}

const signedOut: AuthState = { key: 'auth', status: 'signed-out', profileId: null, accountOrgId: null, facilityGuid: null };

export function useProfile(): Profile | undefined {
  const auth = useAuth();
  const id = auth?.profileId;
  return useSharedLiveQuery(id ? `profile:${id}` : null, () => db.profiles.get(id!));
}

export function useCurrentAccount(): Account | undefined {
  const profile = useProfile();
  const auth = useAuth();
  return profile?.accounts.find((a) => a.org.id === auth?.accountOrgId);
}

export function useFacility(): Facility | undefined {
  const auth = useAuth();
  const guid = auth?.facilityGuid;
  return useSharedLiveQuery(guid ? `facility:${guid}` : null, () => db.facilities.get(guid!));
}

export function useMember(): Member | undefined {
  const auth = useAuth();
  const org = auth?.accountOrgId;
  return useSharedLiveQuery(org ? `member:${org}` : null, () => db.members.get(org!));
}
