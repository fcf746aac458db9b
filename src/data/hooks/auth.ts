// Live views of who is signed in and what they chose. Screens read these, never the network.
import { useEffect } from 'react';
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

const TIME_ZONE_KEY = 'member-pwa:time-zone';

function rememberedTimeZone(): string | null {
  try {
    return localStorage.getItem(TIME_ZONE_KEY);
  } catch {
    return null;
  }
}

/**
 * The chosen facility's time zone. Until IndexedDB answers, the one it had last time (kept on the
 * device; `remembered`), else UTC: a first frame in another zone would show another day's dates
 * where the two differ, so a screen may wait for a zone it knows (a layout shift found by
 * e2e/layout.spec.ts).
 */
export function useFacilityTimeZone(): { timeZone: string; remembered: boolean } {
  const zone = useFacility()?.time_zone;
  useEffect(() => {
    if (!zone) return;
    try {
      localStorage.setItem(TIME_ZONE_KEY, zone);
    } catch {
      // Storage blocked: the first frame falls back to UTC.
    }
  }, [zone]);
  const remembered = zone ? null : rememberedTimeZone();
  return { timeZone: zone ?? remembered ?? 'UTC', remembered: remembered !== null };
}

export function useMember(): Member | undefined {
  const auth = useAuth();
  const org = auth?.accountOrgId;
  return useSharedLiveQuery(org ? `member:${org}` : null, () => db.members.get(org!));
}
