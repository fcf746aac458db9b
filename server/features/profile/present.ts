import type { Kysely } from 'kysely';
import type { Account, Facility, FacilitySummary, Member, Profile } from '../../../core/contract/types';
import type { AccountRow, Database, FacilityRow, OrgRow, ProfileRow } from '../../db/schema';
import { notFound } from '../../http/errors';

// Database rows → wire shapes of src/data/api/types.ts. Works with a Kysely instance or a
// transaction, so idempotent handlers can answer from inside their transaction.

type Db = Kysely<Database>;

function parsePreferences(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** A stored plate list: positive numbers only; null when missing or unreadable. */
function parsePlates(text: string | null): number[] | null {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (!Array.isArray(value)) return null;
    const plates = value.filter((plate): plate is number => typeof plate === 'number' && Number.isFinite(plate) && plate > 0);
    return plates.length > 0 ? plates : null;
  } catch {
    return null;
  }
}

export function toFacility(row: FacilityRow): Facility {
  return {
    id: row.id,
    guid: row.guid,
    name: row.name,
    org_id: row.org_id,
    time_zone: row.time_zone,
    address: row.address,
    phone: row.phone,
    email: row.email,
    preferences: { feed_enabled: row.feed_enabled === 1 },
    currency: { code: row.currency_code },
    plates_kg: parsePlates(row.plates_kg),
    plates_lb: parsePlates(row.plates_lb),
  };
}

export function toAccount(row: AccountRow, org: OrgRow, facilities: FacilityRow[]): Account {
  return {
    id: row.id,
    org: { id: org.id, name: org.name, logo_url: org.logo_url, short_id: org.short_id },
    facilities: facilities
      .filter((f) => f.org_id === org.id)
      .sort((a, b) => a.id - b.id)
      .map((f): FacilitySummary => ({ id: f.id, guid: f.guid, name: f.name })),
    hidden_at: row.hidden_at,
    last_visit_at: row.last_visit_at,
    member_short_id: row.short_id,
  };
}

export function toMember(row: AccountRow, email: string): Member {
  return {
    id: row.id,
    short_id: row.short_id,
    org_id: row.org_id,
    first_name: row.first_name,
    last_name: row.last_name,
    email,
    phone: row.phone,
    address: row.address,
    birthday: row.birthday,
    emergency_contact: row.emergency_contact,
  };
}

export async function loadAccounts(db: Db, profileId: number): Promise<Account[]> {
  const rows = await db.selectFrom('accounts').selectAll().where('profile_id', '=', profileId).orderBy('id').execute();
  if (rows.length === 0) return [];
  const orgIds = rows.map((r) => r.org_id);
  const orgs = await db.selectFrom('orgs').selectAll().where('id', 'in', orgIds).execute();
  const facilities = await db.selectFrom('facilities').selectAll().where('org_id', 'in', orgIds).execute();
  return rows.flatMap((row) => {
    const org = orgs.find((o) => o.id === row.org_id);
    return org ? [toAccount(row, org, facilities)] : [];
  });
}

export async function loadAccount(db: Db, accountId: number): Promise<Account> {
  const row = await db.selectFrom('accounts').selectAll().where('id', '=', accountId).executeTakeFirst();
  if (!row) throw notFound('The account');
  const org = await db.selectFrom('orgs').selectAll().where('id', '=', row.org_id).executeTakeFirstOrThrow();
  const facilities = await db.selectFrom('facilities').selectAll().where('org_id', '=', org.id).execute();
  return toAccount(row, org, facilities);
}

export function toProfile(row: ProfileRow, accounts: Account[]): Profile {
  return {
    id: row.id,
    guid: row.guid,
    full_name: row.full_name,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    locale: row.locale,
    avatar: { is_set: Boolean(row.avatar_main_url || row.avatar_thumb_url), thumb_url: row.avatar_thumb_url, main_url: row.avatar_main_url },
    accounts,
    calendar_token: row.calendar_token,
    preferences: parsePreferences(row.preferences),
    track_training: row.track_training === 1,
    weight_units: row.weight_units,
    length_units: row.length_units,
    hide_from_leaderboards: row.hide_from_leaderboards === 1,
    log_prompts: row.log_prompts === 1,
    share_bookings_with_friends: row.share_bookings_with_friends === 1,
  };
}

export async function loadProfile(db: Db, profileId: number): Promise<Profile> {
  const row = await db.selectFrom('members_profiles').selectAll().where('id', '=', profileId).executeTakeFirst();
  if (!row) throw notFound('The profile');
  return toProfile(row, await loadAccounts(db, profileId));
}
