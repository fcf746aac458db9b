// The check-in slice's database work (issue 31 item 1; docs/decisions.md#checkin-code): the
// facility key pairs, members' credentials, desk tokens and the check-ins taken.
import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { DeskFacility } from '../../../core/contract/checkin';
import { CHECKIN_CREDENTIAL_DAYS, generateCheckinKeyPair, importPrivateKey, importPublicKey, toBase64Url } from '../../../core/rules/checkin-code';
import type { Database } from '../../db/schema';
import { writeTransaction } from '../../db/index';
import { hashToken, newToken } from '../auth/tokens';

/** Live credentials kept per member and facility (a few phones); a new one past this revokes the oldest. */
export const MAX_LIVE_CREDENTIALS = 5;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface FacilityKeys {
  /** The public half as a JWK, what desks verify with. */
  publicJwk: JsonWebKey;
  publicKey: CryptoKey;
  privateKey: CryptoKey;
}

// Imported keys per database and facility: importing costs more than the signature itself. Per
// database (not per process) because tests run several servers, each on its own database, in one
// process. A key pair never changes once stored, so the cache is never stale.
const keyCache = new WeakMap<Kysely<Database>, Map<number, Promise<FacilityKeys>>>();

/**
 * The facility's check-in key pair, made on first need and kept in checkin_facility_keys (like the
 * VAPID keys in app_settings): every process, and every restart, signs and verifies with the same
 * one. Two processes making it at once both insert; the first row wins and both read it back.
 */
export function facilityKeys(db: Kysely<Database>, facilityId: number): Promise<FacilityKeys> {
  let byFacility = keyCache.get(db);
  if (!byFacility) keyCache.set(db, (byFacility = new Map()));
  let keys = byFacility.get(facilityId);
  if (!keys) {
    keys = loadFacilityKeys(db, facilityId);
    byFacility.set(facilityId, keys);
    keys.catch(() => byFacility.delete(facilityId));
  }
  return keys;
}

async function loadFacilityKeys(db: Kysely<Database>, facilityId: number): Promise<FacilityKeys> {
  let row = await db.selectFrom('checkin_facility_keys').select(['public_jwk', 'private_jwk']).where('facility_id', '=', facilityId).executeTakeFirst();
  if (!row) {
    const pair = await generateCheckinKeyPair(true);
    const [publicJwk, privateJwk] = await Promise.all([crypto.subtle.exportKey('jwk', pair.publicKey), crypto.subtle.exportKey('jwk', pair.privateKey)]);
    await db
      .insertInto('checkin_facility_keys')
      .values({ facility_id: facilityId, public_jwk: JSON.stringify(publicJwk), private_jwk: JSON.stringify(privateJwk), created_at: new Date().toISOString() })
      .onConflict((oc) => oc.column('facility_id').doNothing())
      .execute();
    row = await db.selectFrom('checkin_facility_keys').select(['public_jwk', 'private_jwk']).where('facility_id', '=', facilityId).executeTakeFirstOrThrow();
  }
  const stored = JSON.parse(row.public_jwk) as JsonWebKey;
  // Only what a verifier needs: never the private fields, whatever was stored.
  const publicJwk: JsonWebKey = { kty: stored.kty, crv: stored.crv, x: stored.x, y: stored.y };
  const [publicKey, privateKey] = await Promise.all([importPublicKey(publicJwk), importPrivateKey(JSON.parse(row.private_jwk) as JsonWebKey)]);
  return { publicJwk, publicKey, privateKey };
}

/**
 * The member's name as a club shows it: the account's first and last name at the facility's
 * organisation, else the profile's full name.
 */
export async function memberNames(db: Kysely<Database>, facilityId: number, profileIds: readonly number[]): Promise<Map<number, string>> {
  const names = new Map<number, string>();
  if (profileIds.length === 0) return names;
  const rows = await db
    .selectFrom('members_profiles')
    .innerJoin('facilities', (join) => join.on('facilities.id', '=', facilityId))
    .leftJoin('accounts', (join) => join.onRef('accounts.profile_id', '=', 'members_profiles.id').onRef('accounts.org_id', '=', 'facilities.org_id'))
    .select(['members_profiles.id', 'members_profiles.full_name', 'accounts.first_name', 'accounts.last_name'])
    .where('members_profiles.id', 'in', [...new Set(profileIds)])
    .execute();
  for (const row of rows) names.set(row.id, `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim() || row.full_name.trim());
  return names;
}

export async function memberName(db: Kysely<Database>, facilityId: number, profileId: number): Promise<string> {
  return (await memberNames(db, facilityId, [profileId])).get(profileId) ?? '';
}

export interface NewCredential {
  id: number;
  otpSecret: string;
  expiresAt: Date;
}

/** Stores a credential for the phone's key and revokes the member's oldest live ones past MAX_LIVE_CREDENTIALS. */
export function createCredential(db: Kysely<Database>, profileId: number, facilityId: number, publicKey: Uint8Array, now: Date): Promise<NewCredential> {
  const otpSecret = toBase64Url(randomBytes(32));
  // Whole seconds: the credential's claims carry seconds, and the row must say the same.
  const expiresAt = new Date(Math.floor((now.getTime() + CHECKIN_CREDENTIAL_DAYS * DAY_MS) / 1000) * 1000);
  const nowIso = now.toISOString();
  return writeTransaction(db, async (trx) => {
    const { id } = await trx
      .insertInto('checkin_credentials')
      .values({ profile_id: profileId, facility_id: facilityId, public_key: toBase64Url(publicKey), otp_secret: otpSecret, created_at: nowIso, expires_at: expiresAt.toISOString(), revoked_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const live = await trx
      .selectFrom('checkin_credentials')
      .select('id')
      .where('profile_id', '=', profileId)
      .where('facility_id', '=', facilityId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', nowIso)
      .orderBy('id', 'desc')
      .execute();
    const surplus = live.slice(MAX_LIVE_CREDENTIALS).map((row) => row.id);
    if (surplus.length > 0) await trx.updateTable('checkin_credentials').set({ revoked_at: nowIso }).where('id', 'in', surplus).execute();
    return { id, otpSecret, expiresAt };
  });
}

/** Revokes the member's own credential; false when there is none of theirs with that id. */
export async function revokeCredential(trx: Transaction<Database>, profileId: number, id: number, now: Date): Promise<boolean> {
  const row = await trx.selectFrom('checkin_credentials').select(['id', 'revoked_at']).where('id', '=', id).where('profile_id', '=', profileId).executeTakeFirst();
  if (!row) return false;
  if (row.revoked_at === null) await trx.updateTable('checkin_credentials').set({ revoked_at: now.toISOString() }).where('id', '=', id).execute();
  return true;
}

// --- desks ------------------------------------------------------------------------------------

export interface Desk {
  /** The desk token's row id: its idempotency key space. */
  tokenId: number;
  facility: DeskFacility;
}

function facilityQuery(db: Kysely<Database>) {
  return db.selectFrom('facilities').innerJoin('orgs', 'orgs.id', 'facilities.org_id').select(['facilities.id', 'facilities.name', 'orgs.name as org_name', 'facilities.time_zone']);
}

export function listFacilities(db: Kysely<Database>): Promise<DeskFacility[]> {
  return facilityQuery(db).orderBy('orgs.name').orderBy('facilities.name').orderBy('facilities.id').execute();
}

export function findFacility(db: Kysely<Database>, id: number): Promise<DeskFacility | undefined> {
  return facilityQuery(db).where('facilities.id', '=', id).executeTakeFirst();
}

/** A new desk token for the facility: the token is answered once, the database keeps its hash. */
export async function createDeskToken(db: Kysely<Database>, facilityId: number, now: Date): Promise<string> {
  const token = newToken();
  await db.insertInto('checkin_desk_tokens').values({ facility_id: facilityId, token_hash: hashToken(token), created_at: now.toISOString(), revoked_at: null }).execute();
  return token;
}

/** The desk a bearer token names, or null when unknown or revoked. */
export async function findDesk(db: Kysely<Database>, token: string): Promise<Desk | null> {
  const row = await db
    .selectFrom('checkin_desk_tokens')
    .innerJoin('facilities', 'facilities.id', 'checkin_desk_tokens.facility_id')
    .innerJoin('orgs', 'orgs.id', 'facilities.org_id')
    .select(['checkin_desk_tokens.id as token_id', 'facilities.id', 'facilities.name', 'orgs.name as org_name', 'facilities.time_zone'])
    .where('checkin_desk_tokens.token_hash', '=', hashToken(token))
    .where('checkin_desk_tokens.revoked_at', 'is', null)
    .executeTakeFirst();
  return row ? { tokenId: row.token_id, facility: { id: row.id, name: row.name, org_name: row.org_name, time_zone: row.time_zone } } : null;
}

export async function revokeDeskToken(db: Kysely<Database>, tokenId: number, now: Date): Promise<void> {
  await db.updateTable('checkin_desk_tokens').set({ revoked_at: now.toISOString() }).where('id', '=', tokenId).where('revoked_at', 'is', null).execute();
}
