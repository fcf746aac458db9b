// The auth row is read by the flusher, the pulls and src/data/auth; it lives here so that the
// sync modules need not import auth.ts (which imports them).
import { db, type AuthState } from '../db';

export const SIGNED_OUT: AuthState = { key: 'auth', status: 'signed-out', profileId: null, accountOrgId: null, facilityGuid: null, reason: null };

function isAuth(row: unknown): row is AuthState {
  return (row as { key?: unknown } | undefined)?.key === 'auth';
}

export async function getAuthState(): Promise<AuthState> {
  const row = await db.meta.get('auth');
  return isAuth(row) ? row : SIGNED_OUT;
}

export function scopeOf(auth: AuthState): { facilityGuid: string | null; clubId: number | null } {
  return { facilityGuid: auth.facilityGuid, clubId: auth.accountOrgId };
}
