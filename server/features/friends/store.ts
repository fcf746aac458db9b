// The friends slice's database work (issue 31 item 6; docs/decisions.md#friends): invitations
// (the token's hash only), friendships (one row per pair, the smaller id first) and the bookings
// friends share.
import type { Kysely, Transaction } from 'kysely';
import { FRIEND_INVITATION_DAYS, FRIEND_INVITATIONS_OPEN_MAX, type Friend, type FriendsBooking } from '../../../core/contract/friends';
import type { Database } from '../../db/schema';
import { ApiError, notFound } from '../../http/errors';
import { hashToken, newToken } from '../auth/tokens';

const DAY_MS = 24 * 60 * 60 * 1000;
type Db = Kysely<Database> | Transaction<Database>;

/** The pair as stored: the smaller id first. */
export function pair(a: number, b: number): { profile_a: number; profile_b: number } {
  return a < b ? { profile_a: a, profile_b: b } : { profile_a: b, profile_b: a };
}

/** A new invitation of `me`; refused past FRIEND_INVITATIONS_OPEN_MAX open ones. */
export async function createInvitation(trx: Transaction<Database>, me: number, now: Date): Promise<{ token: string; expiresAt: Date }> {
  const open = await trx
    .selectFrom('friend_invitations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('inviter_id', '=', me)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirstOrThrow();
  if (Number(open.n) >= FRIEND_INVITATIONS_OPEN_MAX) {
    throw new ApiError(409, 'too_many_invitations', `You have ${FRIEND_INVITATIONS_OPEN_MAX} open invitations; wait until one is accepted or expires.`);
  }
  // Expired and used invitations of the member are of no further use.
  await trx.deleteFrom('friend_invitations').where('inviter_id', '=', me).where('expires_at', '<=', now.toISOString()).execute();
  const token = newToken();
  const expiresAt = new Date(now.getTime() + FRIEND_INVITATION_DAYS * DAY_MS);
  await trx.insertInto('friend_invitations').values({ inviter_id: me, token_hash: hashToken(token), created_at: now.toISOString(), expires_at: expiresAt.toISOString(), used_at: null, used_by: null }).execute();
  return { token, expiresAt };
}

const TOKEN = /^[\w-]{20,100}$/;

interface InvitationRow {
  id: number;
  inviter_id: number;
  first_name: string;
  last_name: string;
  expires_at: string;
  used_at: string | null;
  used_by: number | null;
}

async function findInvitation(db: Db, token: string): Promise<InvitationRow | undefined> {
  if (!TOKEN.test(token)) return undefined;
  return db
    .selectFrom('friend_invitations as i')
    .innerJoin('members_profiles as p', 'p.id', 'i.inviter_id')
    .select(['i.id', 'i.inviter_id', 'p.first_name', 'p.last_name', 'i.expires_at', 'i.used_at', 'i.used_by'])
    .where('i.token_hash', '=', hashToken(token))
    .executeTakeFirst();
}

const invitationNotFound = () => notFound('The invitation');
const ownInvitation = () => new ApiError(409, 'own_friend_invitation', 'This is your own invitation: send the link to a friend to accept.');

/** The invitation `me` may accept: unknown, used or expired are 404; one's own is 409. */
export async function openInvitation(db: Db, me: number, token: string, now: Date): Promise<InvitationRow> {
  const row = await findInvitation(db, token);
  if (!row || row.expires_at <= now.toISOString()) throw invitationNotFound();
  if (row.inviter_id === me) throw ownInvitation();
  if (row.used_at !== null) throw invitationNotFound();
  return row;
}

/** Accepts the invitation: used once, the friendship made (or already there). Accepting again is harmless. */
export async function acceptInvitation(trx: Transaction<Database>, me: number, token: string, now: Date): Promise<{ id: number; first_name: string; last_name: string }> {
  const row = await findInvitation(trx, token);
  if (!row) throw invitationNotFound();
  if (row.inviter_id === me) throw ownInvitation();
  const friend = { id: row.inviter_id, first_name: row.first_name, last_name: row.last_name };
  // Already accepted by this member (a lost answer, a second tap): the same answer while they are
  // friends. Once either ended the friendship, the old link does not make it again: 404 (used).
  if (row.used_by === me) {
    if (await areFriends(trx, me, row.inviter_id)) return friend;
    throw invitationNotFound();
  }
  if (row.used_at !== null || row.expires_at <= now.toISOString()) throw invitationNotFound();
  const taken = await trx.updateTable('friend_invitations').set({ used_at: now.toISOString(), used_by: me }).where('id', '=', row.id).where('used_at', 'is', null).executeTakeFirst();
  if (Number(taken.numUpdatedRows) !== 1) throw invitationNotFound();
  await befriend(trx, me, row.inviter_id, now);
  return friend;
}

async function areFriends(db: Db, a: number, b: number): Promise<boolean> {
  const { profile_a, profile_b } = pair(a, b);
  return (await db.selectFrom('friendships').select('profile_a').where('profile_a', '=', profile_a).where('profile_b', '=', profile_b).executeTakeFirst()) !== undefined;
}

async function befriend(trx: Transaction<Database>, a: number, b: number, now: Date): Promise<void> {
  await trx
    .insertInto('friendships')
    .values({ ...pair(a, b), created_at: now.toISOString() })
    .onConflict((oc) => oc.columns(['profile_a', 'profile_b']).doNothing())
    .execute();
}

/** The member's friends, by first name. */
export async function listFriends(db: Db, me: number): Promise<Friend[]> {
  const rows = await db
    .selectFrom('friendships as f')
    .innerJoin('members_profiles as p', (join) => join.on((eb) => eb.or([eb.and([eb('f.profile_a', '=', me), eb('p.id', '=', eb.ref('f.profile_b'))]), eb.and([eb('f.profile_b', '=', me), eb('p.id', '=', eb.ref('f.profile_a'))])])))
    .select(['p.id', 'p.first_name', 'p.last_name', 'f.created_at'])
    .where((eb) => eb.or([eb('f.profile_a', '=', me), eb('f.profile_b', '=', me)]))
    .orderBy('p.first_name')
    .orderBy('p.last_name')
    .orderBy('p.id')
    .execute();
  return rows.map((r) => ({ id: r.id, first_name: r.first_name, last_name: r.last_name, since: r.created_at }));
}

/** Ends the friendship of `me` and `other`; false when there was none. */
export async function removeFriend(trx: Transaction<Database>, me: number, other: number): Promise<boolean> {
  const { profile_a, profile_b } = pair(me, other);
  const result = await trx.deleteFrom('friendships').where('profile_a', '=', profile_a).where('profile_b', '=', profile_b).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/**
 * The classes of the facility starting in [from, to) with the member's friends booked or attended,
 * for friends who share their bookings. Nobody who is not the member's friend, ever.
 */
export async function friendsBookings(db: Db, me: number, facilityId: number, from: Date, to: Date): Promise<FriendsBooking[]> {
  const rows = await db
    .selectFrom('friendships as f')
    .innerJoin('members_profiles as p', (join) => join.on((eb) => eb.or([eb.and([eb('f.profile_a', '=', me), eb('p.id', '=', eb.ref('f.profile_b'))]), eb.and([eb('f.profile_b', '=', me), eb('p.id', '=', eb.ref('f.profile_a'))])])))
    .innerJoin('visits as v', 'v.profile_id', 'p.id')
    .innerJoin('sessions as s', 's.id', 'v.session_id')
    .select(['s.id as session_id', 's.start_at', 'p.id', 'p.first_name'])
    .where((eb) => eb.or([eb('f.profile_a', '=', me), eb('f.profile_b', '=', me)]))
    .where('p.share_bookings_with_friends', '=', 1)
    .where('v.state', 'in', ['booked', 'attended'])
    .where('s.facility_id', '=', facilityId)
    .where('s.cancelled', '=', 0)
    .where('s.start_at', '>=', from.toISOString())
    .where('s.start_at', '<', to.toISOString())
    .orderBy('s.start_at')
    .orderBy('s.id')
    .orderBy('p.first_name')
    .orderBy('p.id')
    .execute();
  const bySession = new Map<number, FriendsBooking>();
  for (const r of rows) {
    let entry = bySession.get(r.session_id);
    if (!entry) bySession.set(r.session_id, (entry = { session_id: r.session_id, start_date: r.start_at, friends: [] }));
    entry.friends.push({ id: r.id, first_name: r.first_name });
  }
  return [...bySession.values()];
}
