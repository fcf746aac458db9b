import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { hashToken, newToken } from './tokens';

export const SESSION_COOKIE = 'sid';
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Sliding expiry is written at most this often, not on every request. */
const TOUCH_INTERVAL_MS = 60 * 60 * 1000;

export interface AuthSession {
  id: string; // hashed token
  profileId: number;
  /** Set when the expiry moved and the cookie should be sent again with a fresh Max-Age. */
  refreshed: boolean;
}

export async function createSession(db: Kysely<Database>, profileId: number, now: Date): Promise<string> {
  const token = newToken();
  const at = now.toISOString();
  await db
    .insertInto('auth_sessions')
    .values({ id: hashToken(token), profile_id: profileId, created_at: at, last_seen_at: at, expires_at: new Date(now.getTime() + SESSION_TTL_MS).toISOString() })
    .execute();
  // Expired rows are dead weight; logins are a cheap moment to drop them.
  await db.deleteFrom('auth_sessions').where('expires_at', '<=', at).execute();
  return token;
}

/** Resolves a cookie token to a live session, extending its expiry (30 days sliding). */
export async function findSession(db: Kysely<Database>, token: string | undefined, now: Date): Promise<AuthSession | null> {
  if (!token || token.length > 200) return null;
  const id = hashToken(token);
  const row = await db.selectFrom('auth_sessions').select(['id', 'profile_id', 'last_seen_at', 'expires_at']).where('id', '=', id).executeTakeFirst();
  if (!row || row.expires_at <= now.toISOString()) return null;
  let refreshed = false;
  if (now.getTime() - Date.parse(row.last_seen_at) >= TOUCH_INTERVAL_MS) {
    await db
      .updateTable('auth_sessions')
      .set({ last_seen_at: now.toISOString(), expires_at: new Date(now.getTime() + SESSION_TTL_MS).toISOString() })
      .where('id', '=', id)
      .execute();
    refreshed = true;
  }
  return { id, profileId: row.profile_id, refreshed };
}

export async function deleteSessionByToken(db: Kysely<Database>, token: string | undefined): Promise<void> {
  if (!token || token.length > 200) return;
  await db.deleteFrom('auth_sessions').where('id', '=', hashToken(token)).execute();
}

/** Reads one cookie from a raw Cookie header (used where Hono's helpers are not available). */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}
