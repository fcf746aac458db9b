// The desk's own check of what it read (issue 31, item 1): with the facility's public key and the
// roster it downloaded, so it answers at once and with the network cut. The server checks it all
// again when the check-in is sent (server/features/checkin): the desk's word is never the proof.
import { classToCheckIn, importPublicKey, matchOtp, readTypedDigits, verifyCode, type CheckinRefusal } from '../../../../core/rules/checkin-code';
import type { DeskCheckinResult, DeskRoster } from '../../../../core/contract/checkin';
import type { DeskRosterKept } from './store';

type RosterClass = DeskRoster['classes'][number];

export type DeskVerdict =
  | { ok: true; credentialId: number; step: number; profileId: number; name: string; session: RosterClass | null; status: DeskCheckinResult['status'] }
  | { ok: false; reason: CheckinRefusal | 'unknown_digits' };

export type DeskInput = { code: string } | { digits: string };

/** The member's booked class this check-in is for, from the roster, and whether it was checked in already. */
export function bookingAt(roster: DeskRoster, profileId: number, at: number): { session: RosterClass | null; status: DeskCheckinResult['status'] } {
  const theirs = roster.bookings.filter((b) => b.profile_id === profileId);
  const classes = roster.classes.filter((c) => theirs.some((b) => b.session_id === c.id));
  const session = classToCheckIn(classes, at);
  if (!session) return { session: null, status: 'no_booking' };
  const booking = theirs.find((b) => b.session_id === session.id);
  return { session, status: booking?.state === 'attended' ? 'already_checked_in' : 'checked_in' };
}

/** Verifies a scanned code or typed digits at `now` (this device's clock, corrected by the server's). */
export async function verifyAtDesk(input: DeskInput, kept: DeskRosterKept, now: number): Promise<DeskVerdict> {
  const { roster } = kept;
  const at = now + kept.clockOffsetMs;
  let credentialId: number;
  let step: number;
  let profileId: number;
  let name: string;
  if ('code' in input) {
    const check = await verifyCode(input.code, await importPublicKey(roster.public_key as JsonWebKey), roster.facility.id, at);
    if (!check.ok) return check;
    ({ id: credentialId, profileId, name } = check.claims);
    step = check.step;
  } else {
    const typed = readTypedDigits(input.digits);
    if (!typed) return { ok: false, reason: 'malformed' };
    // Digits can be checked here only for members booked today (the roster holds their secrets).
    const credential = roster.credentials.find((c) => c.id === typed.credentialId);
    if (!credential) return { ok: false, reason: 'unknown_digits' };
    if (Date.parse(credential.expires_at) <= at) return { ok: false, reason: 'credential_expired' };
    const matched = await matchOtp(credential.otp_secret, typed.otp, at);
    if (matched === null) return { ok: false, reason: 'bad_otp' };
    ({ id: credentialId, profile_id: profileId, name } = credential);
    step = matched;
  }
  return { ok: true, credentialId, step, profileId, name, ...bookingAt(roster, profileId, at) };
}
