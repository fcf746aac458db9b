// Check-in at the front desk with the phone (issue 31 item 1; docs/decisions.md#checkin-code). The
// codes themselves are core/rules/checkin-code.ts; these are the answers of the member's
// /checkin/credentials and of the desk's /desk/… routes.
import * as z from 'zod/mini';
import { iso } from './common';

/** POST /checkin/credentials answer (201): the credential the phone shows codes of, and its typed-digits secret. */
export const checkinCredentialIssued = z.object({
  id: z.number(),
  /** base64url: the facility-signed credential (core/rules/checkin-code.ts#signCredential). */
  credential: z.string(),
  /** base64url, 32 bytes: the secret of the typed digits' one-time passwords. */
  otp_secret: z.string(),
  expires_at: iso,
  /** The server's clock when it answered (the phone may measure its own clock's drift with it). */
  issued_at: iso,
});
export type CheckinCredentialIssued = z.infer<typeof checkinCredentialIssued>;

export const deskFacility = z.object({ id: z.number(), name: z.string(), org_name: z.string(), time_zone: z.string() });
export type DeskFacility = z.infer<typeof deskFacility>;

/** GET /desk/facilities answer (admin token). */
export const deskFacilities = z.object({ facilities: z.array(deskFacility) });
export type DeskFacilities = z.infer<typeof deskFacilities>;

/** POST /desk/sign-in answer (201): the desk's bearer token for this one facility. */
export const deskSignedIn = z.object({ desk_token: z.string(), facility: deskFacility });
export type DeskSignedIn = z.infer<typeof deskSignedIn>;

/** The facility's check-in public key (a P-256 JWK for crypto.subtle.importKey). */
export const checkinPublicJwk = z.looseObject({ kty: z.string(), crv: z.string(), x: z.string(), y: z.string() });

export const deskClass = z.object({ id: z.number(), name: z.string(), start_at: iso, end_at: iso });
export type DeskClass = z.infer<typeof deskClass>;

/** GET /desk/roster answer: what a desk needs to check members in with the network cut, today. */
export const deskRoster = z.object({
  facility: deskFacility,
  public_key: checkinPublicJwk,
  server_time: iso,
  /** Today's classes of the facility (its time zone), not cancelled. */
  classes: z.array(deskClass),
  /** Visits of those classes, booked or attended. */
  bookings: z.array(z.object({ visit_id: z.number(), session_id: z.number(), profile_id: z.number(), name: z.string(), state: z.enum(['booked', 'attended']) })),
  /** Live credentials of the members in bookings, with their typed-digits secrets. */
  credentials: z.array(z.object({ id: z.number(), profile_id: z.number(), name: z.string(), otp_secret: z.string(), expires_at: iso })),
});
export type DeskRoster = z.infer<typeof deskRoster>;

export const deskCheckinStatus = z.enum(['checked_in', 'already_checked_in', 'no_booking']);
export type DeskCheckinStatus = z.infer<typeof deskCheckinStatus>;

/** POST /desk/checkins answer (201). */
export const deskCheckinResult = z.object({
  status: deskCheckinStatus,
  member: z.object({ profile_id: z.number(), name: z.string() }),
  visit: z.nullable(
    z.object({
      id: z.number(),
      state: z.enum(['booked', 'attended']),
      session: deskClass,
    }),
  ),
});
export type DeskCheckinResult = z.infer<typeof deskCheckinResult>;
