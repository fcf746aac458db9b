// The one error vocabulary: every code the server answers with and every refusal the app makes on
// the device. The app translates each under `errors.codes.<code>`; the server's helpers take only
// these, so a new code fails typecheck until it is listed here (and translated).

export const SERVER_ERROR_CODES = [
  // request and transport
  'bad_request', 'invalid_json', 'validation_failed', 'payload_too_large', 'missing_app_id', 'forbidden_origin',
  'invalid_idempotency_key', 'idempotency_key_reused', 'internal_error', 'not_found', 'conflict', 'rate_limited',
  'server_busy',
  // who is asking
  'unauthenticated', 'invalid_credentials', 'admin_unauthorized', 'forbidden_facility', 'facility_required', 'no_account',
  'email_taken', 'current_password_required', 'current_password_wrong',
  // push
  'subscription_taken',
  // ranges
  'invalid_range', 'range_too_long',
  // booking
  'class_full', 'already_booked', 'offer_pending', 'already_waitlisted', 'class_cancelled', 'class_finished', 'class_started',
  'booking_closed', 'booking_not_open', 'no_dropin_space', 'waitlist_unavailable', 'late_cancel_required',
  'late_cancel_not_needed', 'no_concession', 'reminder_not_needed', 'not_cancelable', 'not_removable', 'not_pending', 'offer_expired', 'appointment_cancelled',
  // appointments
  'slot_unavailable', 'hold_expired', 'payment_required', 'reschedule_closed',
  // shop
  'cart_empty', 'card_declined', 'insufficient_funds', 'expired_card', 'authentication_failed', 'reset_link_invalid', 'invite_invalid', 'email_taken', 'upload_refused', 'not_an_image',
  // training
  'invalid_workout_type', 'invalid_session', 'invalid_workout_definition', 'invalid_movement',
  // check-in at the front desk
  'invalid_key', 'desk_unauthorized', 'checkin_malformed', 'checkin_bad_signature', 'checkin_wrong_facility', 'checkin_credential_expired',
  'checkin_code_expired', 'checkin_code_early', 'checkin_bad_otp', 'checkin_revoked', 'checkin_code_used', 'checkin_scan_too_old',
  'checkin_scan_in_future',
  // friends
  'own_friend_invitation', 'too_many_invitations',
] as const;

/** Refusals made on the device, before anything is sent. */
export const LOCAL_ERROR_CODES = ['signed_out', 'unknown_session', 'booking_not_made', 'checkin_unknown_digits'] as const;

export type ServerErrorCode = (typeof SERVER_ERROR_CODES)[number];
export type LocalErrorCode = (typeof LOCAL_ERROR_CODES)[number];
export type ErrorCode = ServerErrorCode | LocalErrorCode;

export const ERROR_CODES: readonly ErrorCode[] = [...SERVER_ERROR_CODES, ...LOCAL_ERROR_CODES];

const known = new Set<string>(ERROR_CODES);

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && known.has(value);
}

/** Values a translated message may interpolate (e.g. `{{when}}`). */
export type ErrorParams = Record<string, string | number>;

/**
 * A write the device refuses before sending it. It carries a code from the vocabulary so the
 * member reads the same translated sentence as for the server's refusal, never "unexpected error".
 */
export class LocalRefusal extends Error {
  override name = 'LocalRefusal';
  readonly code: ErrorCode;
  readonly params: ErrorParams | undefined;

  constructor(code: ErrorCode, message = `Refused: ${code}`, params?: ErrorParams) {
    super(message);
    this.code = code;
    this.params = params;
  }
}
