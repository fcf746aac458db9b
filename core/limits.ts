// Limits and value lists shared by the server's validators and the app's forms, written once so
// a form never accepts what the server refuses (or the other way round). The locale list is
// core/locales.ts's SUPPORTED_LOCALES.

/** Profile and member names (first, last, full). */
export const PERSON_NAME_MAX = 100;
/** RFC 5321's practical limit for an address. */
export const EMAIL_MAX = 254;
/** The member record's free-text fields. */
export const PHONE_MAX = 40;
export const ADDRESS_MAX = 500;
export const EMERGENCY_CONTACT_MAX = 200;

/** Workout name and notes. */
export const WORKOUT_NAME_MAX = 120;
export const WORKOUT_NOTES_MAX = 2000;
export const REP_SCHEME_MAX = 60;
/** Sets in one lift; also the highest set position. */
export const SETS_MAX = 50;
/** A saved set has at least one repetition: a 5x0 scheme makes rows the member fills in. */
export const SET_REPS_MIN = 1;
export const SET_REPS_MAX = 999;
/** A value of one set (weight, height or distance). */
export const SET_VALUE_MAX = 10_000;
/** A workout's import key: the hex SHA-256 of its rows in the imported file (see core/rules/training/transfer.ts). */
export const IMPORT_KEY_PATTERN = /^[0-9a-f]{64}$/;

/** Days one GET /sessions may span; the default range is a week. */
export const SESSIONS_RANGE_MAX_DAYS = 62;
export const SESSIONS_RANGE_DEFAULT_DAYS = 7;

/** Notification ids in one PUT /notifications/mark_all_read. */
export const MARK_ALL_MAX_IDS = 500;

export const WORKOUT_TYPES = ['wod', 'lift'] as const;
export const SCORING_TYPES = ['for_time', 'for_rounds', 'for_distance', 'for_load', 'for_repetitions', 'for_calories', 'tabata', 'total', 'none'] as const;
export const MOVEMENT_PROPERTY_TYPES = ['weight', 'height', 'distance'] as const;
export const WEIGHT_UNITS = ['kilograms', 'pounds'] as const;
export const LENGTH_UNITS = ['centimetres', 'inches', 'metres'] as const;
/** The length units a member may prefer (metres are only for WOD distances). */
export const PREFERRED_LENGTH_UNITS = ['centimetres', 'inches'] as const;

// Member text (names, contact fields, workout names and notes) is stored as sent and shown in
// other members' screens, so it must be text: no NUL or other control characters (tab, line
// feed and carriage return excepted) and no lone UTF-16 surrogates (half an emoji, which no
// database or encoder round-trips faithfully).
// eslint-disable-next-line no-control-regex
const UNSAFE_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when `text` has no control characters (except tab, LF, CR) and no lone surrogates. */
export function isCleanText(text: string): boolean {
  return !UNSAFE_TEXT.test(text);
}

/** The refusal for text that is not clean, e.g. cleanTextMessage('First name'). */
export function cleanTextMessage(label: string): string {
  return `${label} must not contain control characters or broken Unicode.`;
}

// A person's name is one line: besides clean text, no tab, line feed or carriage return, no C1
// control and no Unicode line or paragraph separator. Names are written into one-line places
// (calendar feeds' NAME, mail headers and greetings, labels), where a line break starts a new
// property: a name must never add lines there.
// eslint-disable-next-line no-control-regex
const LINE_BREAKING = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/;

/** True when `text` is clean text on one line (see isCleanText). */
export function isOneLineText(text: string): boolean {
  return isCleanText(text) && !LINE_BREAKING.test(text);
}

/** The refusal for a name that is not one line of clean text, e.g. oneLineTextMessage('First name'). */
export function oneLineTextMessage(label: string): string {
  return `${label} must be one line of text, without line breaks, control characters or broken Unicode.`;
}

/** A member's password: long enough to resist guessing, short enough to hash quickly. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** A comment on the feed: plain text, like a message, not an essay. */
export const COMMENT_MAX = 1000;
/** The reactions a member can give a post or a comment. */
export const REACTION_TYPES = ['like', 'love', 'strong', 'celebrate'] as const;
/** Posts per page of GET /activities. */
export const ACTIVITIES_PAGE = 20;

/**
 * Error reports' limits both sides apply: a batch over them is refused with 413 / 422. Here, not
 * with their schemas (core/contract/client-reports.ts): the page's reporter reads them at start,
 * and the schemas would bring zod onto its main thread with them.
 */
export const CLIENT_REPORTS = {
  /** Reports per batch, and the most the device keeps waiting. */
  maxErrors: 100,
  /** Vitals per batch, and the most the device keeps waiting. */
  maxVitals: 200,
  messageMax: 1_000,
  stackMax: 8_000,
  /** Bytes of one batch's JSON body. */
  maxBodyBytes: 256 * 1024,
} as const;
