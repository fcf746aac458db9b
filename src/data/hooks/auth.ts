// Live views of who is signed in and what they chose. Screens read these, never the network.
import { useEffect } from 'react';
import { db, type AuthState } from '../db';
import { useSharedLiveQuery, warmSharedQuery } from './shared-live';
import type { Account, Facility, Member, Profile } from '../../../core/contract/types';

const signedOut: AuthState = { key: 'auth', status: 'signed-out', profileId: null, accountOrgId: null, facilityGuid: null };
const authRow = async () => ((await db.meta.get('auth')) as AuthState | undefined) ?? signedOut;
const profileRow = (id: number) => () => db.profiles.get(id);
const facilityRow = (guid: string) => () => db.facilities.get(guid);

/** undefined while IndexedDB is opening; then the auth row (signed-out when there is none). */
export function useAuth(): AuthState | undefined {
  return useSharedLiveQuery('auth', authRow);
}

/**
 * Reads what every first screen shows (who is signed in, their profile and facility) at start,
 * while the app's strings and screen still load, so React's first render has them instead of
 * asking one after another, a render apart. Resolves with the chosen facility, if any.
 */
export async function readMemberRows(): Promise<Facility | undefined> {
  const auth = await warmSharedQuery('auth', authRow);
  const [, facility] = await Promise.all([
    auth.profileId ? warmSharedQuery(`profile:${auth.profileId}`, profileRow(auth.profileId)) : undefined,
    auth.facilityGuid ? warmSharedQuery(`facility:${auth.facilityGuid}`, facilityRow(auth.facilityGuid)) : undefined,
  ]);
  return facility;
}

export function useProfile(): Profile | undefined {
  const auth = useAuth();
  const id = auth?.profileId;
  return useSharedLiveQuery(id ? `profile:${id}` : null, profileRow(id!));
}

export function useCurrentAccount(): Account | undefined {
  const profile = useProfile();
  const auth = useAuth();
  return profile?.accounts.find((a) => a.org.id === auth?.accountOrgId);
}

export function useFacility(): Facility | undefined {
  const auth = useAuth();
  const guid = auth?.facilityGuid;
  return useSharedLiveQuery(guid ? `facility:${guid}` : null, facilityRow(guid!));
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
  const facility = useFacility();
  const zone = facility?.time_zone;
  useEffect(() => {
    if (!zone) return;
    try {
      localStorage.setItem(TIME_ZONE_KEY, zone);
    } catch {
      // Storage blocked: the first frame falls back to UTC.
    }
  }, [zone]);
  return facilityTimeZone(facility);
}

/** useFacilityTimeZone's answer for a facility read outside React (undefined: not on the device yet). */
export function facilityTimeZone(facility: Facility | undefined): { timeZone: string; remembered: boolean } {
  const zone = facility?.time_zone;
  const remembered = zone ? null : rememberedTimeZone();
  return { timeZone: zone ?? remembered ?? 'UTC', remembered: remembered !== null };
}

export function useMember(): Member | undefined {
  const auth = useAuth();
  const org = auth?.accountOrgId;
  return useSharedLiveQuery(org ? `member:${org}` : null, () => db.members.get(org!));
}
