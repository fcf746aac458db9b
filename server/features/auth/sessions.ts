import { sql, type Kysely } from 'kysely';
import { onPostgres } from '../../db/index';
import type { AccountRow, Database, FacilityRow } from '../../db/schema';
import { lookup, type Arg } from '../../db/batch';
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
  /** What the request named (ScopeAsk), read with the session; checked by http/facility-scope.ts. */
  scope?: ScopeRows;
  /** The row of a SessionRead, when the request's route asked for one. */
  read?: Record<string, unknown>;
}

/** The facility (X-Facility-Id, a guid) and organisation (X-Club-Id) a request names. */
export interface ScopeAsk {
  facilityGuid?: string;
  orgId?: number;
}

/** The named facility, and the member's own accounts in its organisation and in the named one. */
export interface ScopeRows {
  facility: FacilityRow | null;
  facilityAccount: AccountRow | null;
  orgAccount: AccountRow | null;
}

// Every column, so the rows read with the session are whole rows (the compiler says when one is missing).
const FACILITY_COLUMNS = Object.keys({
  id: 1, guid: 1, org_id: 1, name: 1, time_zone: 1, currency_code: 1, address: 1, phone: 1, email: 1, feed_enabled: 1, late_cancel_fee_cents: 1, plates_kg: 1, plates_lb: 1,
} satisfies Record<keyof FacilityRow, 1>) as (keyof FacilityRow)[];
const ACCOUNT_COLUMNS = Object.keys({
  id: 1, profile_id: 1, org_id: 1, short_id: 1, first_name: 1, last_name: 1, phone: 1, address: 1, birthday: 1, emergency_contact: 1, hidden_at: 1, last_visit_at: 1, created_at: 1,
} satisfies Record<keyof AccountRow, 1>) as (keyof AccountRow)[];

/** A joined row as one JSON column: the row on PostgreSQL, its JSON text on SQLite, null when the join found none. */
type JsonRow<T> = T | string | null;

/** The row joined as `prefix`, read as one JSON column (SQLite's is text), or null when the join found none. */
function joined<T>(row: Record<string, unknown>, prefix: string): T | null {
  const value = row[`${prefix}row`];
  return ((typeof value === 'string' ? JSON.parse(value) : value) as T | null) ?? null;
}

/** SQLite's JSON of a joined row, named column by column (it has no row-to-JSON), or null when the join found none. */
function sqliteJsonRow<T>(alias: string, columns: readonly string[]) {
  return sql<JsonRow<T>>`case when ${sql.ref(`${alias}.id`)} is null then null else json_object(${sql.join(columns.map((c) => sql`${sql.lit(c)}, ${sql.ref(`${alias}.${c}`)}`))}) end`;
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

// Every request's lookup: on PostgreSQL those asked together go as one query (db/batch.ts).
const sessionById = lookup((db, id: Arg<string>) => db.selectFrom('auth_sessions').select(['profile_id', 'last_seen_at', 'expires_at']).where('id', '=', id), '\0id');

/** The session with the facility (`f`) and accounts a request names (an empty guid or org -1: none named). */
export const sessionScopeQuery = (db: Kysely<Database>, id: Arg<string>, guid: Arg<string>, orgId: Arg<number>) =>
  db
    .selectFrom('auth_sessions as s')
    .leftJoin('facilities as f', (join) => join.on('f.guid', '=', guid))
    .leftJoin('accounts as fa', (join) => join.onRef('fa.profile_id', '=', 's.profile_id').onRef('fa.org_id', '=', 'f.org_id'))
    .leftJoin('accounts as oa', (join) => join.onRef('oa.profile_id', '=', 's.profile_id').on('oa.org_id', '=', orgId))
    .select(['s.profile_id', 's.last_seen_at', 's.expires_at'])
    // Each joined row as one JSON column (null when the join found none), not 39 columns: node-postgres
    // works through a result's column descriptions on every query (a tenth of the server's CPU per
    // GET /sessions), and SQLite's JSON text is read with one JSON.parse instead of an object of
    // 39 keys picked apart (decisions.md#server-floor).
    .select(
      onPostgres(db)
        ? [sql<JsonRow<FacilityRow>>`to_json(f)`.as('f_row'), sql<JsonRow<AccountRow>>`to_json(fa)`.as('fa_row'), sql<JsonRow<AccountRow>>`to_json(oa)`.as('oa_row')]
        : [sqliteJsonRow<FacilityRow>('f', FACILITY_COLUMNS).as('f_row'), sqliteJsonRow<AccountRow>('fa', ACCOUNT_COLUMNS).as('fa_row'), sqliteJsonRow<AccountRow>('oa', ACCOUNT_COLUMNS).as('oa_row')],
    )
    .where('s.id', '=', id);
const sessionWithScope = lookup(sessionScopeQuery, '\0id', '\0guid', -7);

/**
 * A route's own read made with the session's lookup, in the same query (`sessionScopeQuery` with
 * more columns): one round trip instead of two on PostgreSQL (issue 30). The columns it adds come
 * back in `AuthSession.read`; the route checks they are for what it answers.
 */
export interface SessionRead {
  first(db: Kysely<Database>, id: string, guid: string, orgId: number): Promise<object | undefined>;
}

/**
 * Resolves a cookie token to a live session, extending its expiry (30 days sliding). With `ask`,
 * the facility and the member's accounts it names are read in the same query: a round trip per
 * request instead of three (on PostgreSQL each is one).
 */
export async function findSession(db: Kysely<Database>, token: string | undefined, now: Date, ask?: ScopeAsk, read?: SessionRead): Promise<AuthSession | null> {
  if (!token || token.length > 200) return null;
  const id = hashToken(token);
  let row: { profile_id: number; last_seen_at: string; expires_at: string } | undefined;
  let scope: ScopeRows | undefined;
  if (ask && (ask.facilityGuid !== undefined || ask.orgId !== undefined)) {
    const found = (await (read ?? sessionWithScope).first(db, id, ask.facilityGuid ?? '', ask.orgId ?? -1)) as Awaited<ReturnType<typeof sessionWithScope.first>>;
    if (found) {
      const all = found as Record<string, unknown>;
      row = found;
      scope = { facility: joined<FacilityRow>(all, 'f_'), facilityAccount: joined<AccountRow>(all, 'fa_'), orgAccount: joined<AccountRow>(all, 'oa_') };
    }
  } else {
    row = await sessionById.first(db, id);
  }
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
  return { id, profileId: row.profile_id, refreshed, ...(scope && { scope }), ...(read && scope && { read: row as Record<string, unknown> }) };
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
