// A desk's check-in, judged by the server (docs/decisions.md#checkin-code): the code or typed
// digits are verified here whatever the desk concluded, at the moment the desk scanned them.
import type { Kysely, Transaction } from 'kysely';
import type { DeskCheckinResult, DeskRoster } from '../../../core/contract/checkin';
import { CHECKIN_EARLY_MINUTES, classToCheckIn, matchOtp, readTypedDigits, verifyCode, type CheckinRefusal } from '../../../core/rules/checkin-code';
import type { Database } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { addLocalDays, startOfLocalDay } from '../booking/range';
import { facilityKeys, memberName, memberNames, type Desk } from './store';

/** A scan may be sent this much later (a desk offline queues it) … */
export const SCAN_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** … and be stamped this much ahead of the server's clock (a desk's clock running fast). */
export const SCAN_MAX_AHEAD_MS = 2 * 60 * 1000;

const REFUSALS: Record<CheckinRefusal, { code: `checkin_${CheckinRefusal}`; message: string }> = {
  malformed: { code: 'checkin_malformed', message: 'This is not a check-in code.' },
  bad_signature: { code: 'checkin_bad_signature', message: 'This check-in code is not genuine.' },
  wrong_facility: { code: 'checkin_wrong_facility', message: 'This check-in code is for another facility.' },
  credential_expired: { code: 'checkin_credential_expired', message: 'This check-in pass has expired; the member should open the app online to renew it.' },
  code_expired: { code: 'checkin_code_expired', message: 'This check-in code had expired when it was scanned; ask for the current one.' },
  code_early: { code: 'checkin_code_early', message: 'This check-in code is not valid yet; the phone’s clock may be wrong.' },
  bad_otp: { code: 'checkin_bad_otp', message: 'These check-in digits are not right; ask for the current ones.' },
};

function refused(reason: CheckinRefusal): ApiError {
  const { code, message } = REFUSALS[reason];
  return new ApiError(422, code, message);
}

function revoked(): ApiError {
  return new ApiError(422, 'checkin_revoked', 'This check-in pass was withdrawn; the member should open the app online to get a new one.');
}

/** What was read at the desk: a scanned code or typed digits, and when. */
export interface CheckinInput {
  code?: string | undefined;
  digits?: string | undefined;
  scannedAt: Date;
}

/** A check-in the server found genuine: whose credential, which step of it. */
export interface VerifiedCheckin {
  credentialId: number;
  profileId: number;
  step: number;
}

/** Refuses a scan time outside [now - 24 h, now + 2 min]. */
export function checkScanTime(scannedAt: Date, now: Date): void {
  const at = scannedAt.getTime();
  if (at > now.getTime() + SCAN_MAX_AHEAD_MS) throw new ApiError(422, 'checkin_scan_in_future', 'scanned_at is in the future; check the desk’s clock.');
  if (at < now.getTime() - SCAN_MAX_AGE_MS) throw new ApiError(422, 'checkin_scan_too_old', 'This check-in was scanned more than 24 hours ago and can no longer be taken.');
}

/**
 * Verifies the code (the facility's signature, the phone's, the facility, the expiry, the step
 * against scanned_at) or the typed digits (a live credential of this facility, its one-time
 * password at scanned_at). Throws the refusal. Whether the credential is still live and the step
 * not yet taken is checked again in the write (takeCheckin).
 */
export async function verifyCheckin(db: Kysely<Database>, desk: Desk, input: CheckinInput): Promise<VerifiedCheckin> {
  const scannedMs = input.scannedAt.getTime();
  const facilityId = desk.facility.id;
  if (input.code !== undefined) {
    const check = await verifyCode(input.code, (await facilityKeys(db, facilityId)).publicKey, facilityId, scannedMs);
    if (!check.ok) throw refused(check.reason);
    return { credentialId: check.claims.id, profileId: check.claims.profileId, step: check.step };
  }
  const typed = readTypedDigits(input.digits ?? '');
  if (!typed) throw refused('malformed');
  // A number past PostgreSQL's integer names no credential (and must not reach the query).
  if (typed.credentialId > 2_147_483_647) throw refused('bad_otp');
  // Another facility's credential, or none: the same answer as a wrong password (nothing to probe).
  const row = await db
    .selectFrom('checkin_credentials')
    .select(['id', 'profile_id', 'otp_secret', 'expires_at', 'revoked_at'])
    .where('id', '=', typed.credentialId)
    .where('facility_id', '=', facilityId)
    .executeTakeFirst();
  if (!row) throw refused('bad_otp');
  const step = await matchOtp(row.otp_secret, typed.otp, scannedMs);
  if (step === null) throw refused('bad_otp');
  if (row.revoked_at !== null) throw revoked();
  if (Date.parse(row.expires_at) <= scannedMs) throw refused('credential_expired');
  return { credentialId: row.id, profileId: row.profile_id, step };
}

/**
 * Takes the verified check-in in the write's transaction: the credential must still be live (not
 * revoked), the (credential, step) not taken before (409 checkin_code_used, across processes: the
 * unique key), then the member's visit at this facility whose class window holds scanned_at is
 * marked attended. The check-in is recorded whether or not a visit was found.
 */
export async function takeCheckin(trx: Transaction<Database>, desk: Desk, verified: VerifiedCheckin, scannedAt: Date, now: Date): Promise<DeskCheckinResult> {
  const facilityId = desk.facility.id;
  const credential = await trx
    .selectFrom('checkin_credentials')
    .select(['id', 'revoked_at'])
    .where('id', '=', verified.credentialId)
    .where('facility_id', '=', facilityId)
    .where('profile_id', '=', verified.profileId)
    .executeTakeFirst();
  if (!credential || credential.revoked_at !== null) throw revoked();

  const scanned = scannedAt.toISOString();
  const candidates = await trx
    .selectFrom('visits')
    .innerJoin('sessions', 'sessions.id', 'visits.session_id')
    .select(['visits.id', 'visits.state', 'sessions.id as session_id', 'sessions.name', 'sessions.start_at', 'sessions.end_at'])
    .where('visits.profile_id', '=', verified.profileId)
    .where('sessions.facility_id', '=', facilityId)
    .where('sessions.cancelled', '=', 0)
    .where('visits.state', 'in', ['booked', 'attended'])
    .where('sessions.start_at', '<=', new Date(scannedAt.getTime() + CHECKIN_EARLY_MINUTES * 60_000).toISOString())
    .where('sessions.end_at', '>=', scanned)
    .orderBy('visits.id')
    .execute();
  // The same choice as the desk makes offline (core/rules/checkin-code.ts#classToCheckIn).
  const visit = classToCheckIn(candidates, scannedAt.getTime());

  const taken = await trx
    .insertInto('checkins')
    .values({
      facility_id: facilityId,
      desk_token_id: desk.tokenId,
      credential_id: verified.credentialId,
      step: verified.step,
      profile_id: verified.profileId,
      visit_id: visit?.id ?? null,
      scanned_at: scanned,
      created_at: now.toISOString(),
    })
    .onConflict((oc) => oc.columns(['credential_id', 'step']).doNothing())
    .executeTakeFirst();
  if (Number(taken.numInsertedOrUpdatedRows ?? 0) === 0) {
    throw new ApiError(409, 'checkin_code_used', 'This check-in code was already used; ask for the current one.');
  }

  let status: DeskCheckinResult['status'] = 'no_booking';
  if (visit?.state === 'booked') {
    // Only a booked visit becomes attended (a cancel that committed meanwhile is left alone).
    const updated = await trx.updateTable('visits').set({ state: 'attended', updated_at: now.toISOString() }).where('id', '=', visit.id).where('state', '=', 'booked').executeTakeFirst();
    status = Number(updated.numUpdatedRows) > 0 ? 'checked_in' : 'already_checked_in';
  } else if (visit) {
    status = 'already_checked_in';
  }
  return {
    status,
    member: { profile_id: verified.profileId, name: await memberName(trx, facilityId, verified.profileId) },
    visit: visit ? { id: visit.id, state: 'attended', session: { id: visit.session_id, name: visit.name, start_at: visit.start_at, end_at: visit.end_at } } : null,
  };
}

/** Today's classes of the desk's facility (its time zone), their bookings and the live credentials of those members. */
export async function roster(db: Kysely<Database>, desk: Desk, now: Date): Promise<DeskRoster> {
  const facility = desk.facility;
  const from = startOfLocalDay(now, facility.time_zone);
  const to = addLocalDays(from, 1, facility.time_zone);
  const [keys, classes] = await Promise.all([
    facilityKeys(db, facility.id),
    db
      .selectFrom('sessions')
      .select(['id', 'name', 'start_at', 'end_at'])
      .where('facility_id', '=', facility.id)
      .where('cancelled', '=', 0)
      .where('start_at', '>=', from.toISOString())
      .where('start_at', '<', to.toISOString())
      .orderBy('start_at')
      .orderBy('id')
      .execute(),
  ]);
  const visits =
    classes.length === 0
      ? []
      : await db
          .selectFrom('visits')
          .select(['id', 'session_id', 'profile_id', 'state'])
          .where(
            'session_id',
            'in',
            classes.map((s) => s.id),
          )
          .where('state', 'in', ['booked', 'attended'])
          .orderBy('session_id')
          .orderBy('id')
          .execute();
  const profileIds = [...new Set(visits.map((v) => v.profile_id))];
  const [names, credentials] = await Promise.all([
    memberNames(db, facility.id, profileIds),
    profileIds.length === 0
      ? []
      : db
          .selectFrom('checkin_credentials')
          .select(['id', 'profile_id', 'otp_secret', 'expires_at'])
          .where('facility_id', '=', facility.id)
          .where('profile_id', 'in', profileIds)
          .where('revoked_at', 'is', null)
          .where('expires_at', '>', now.toISOString())
          .orderBy('id')
          .execute(),
  ]);
  const nameOf = (id: number) => names.get(id) ?? '';
  return {
    facility,
    public_key: keys.publicJwk as DeskRoster['public_key'],
    server_time: now.toISOString(),
    classes,
    bookings: visits.map((v) => ({ visit_id: v.id, session_id: v.session_id, profile_id: v.profile_id, name: nameOf(v.profile_id), state: v.state as 'booked' | 'attended' })),
    credentials: credentials.map((c) => ({ ...c, name: nameOf(c.profile_id) })),
  };
}
