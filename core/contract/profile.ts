// Profile, accounts, facilities and the member record (GET/PUT /profile, /facilities, /member, /timezones).
import * as z from 'zod/mini';
import { avatar, facilitySummary, iso, orgSummary } from './common';
import { isOneLineText, oneLineTextMessage, PERSON_NAME_MAX, PREFERRED_LENGTH_UNITS, WEIGHT_UNITS } from '../limits';

/**
 * A person's name as the API takes it (profile, member record, sign-up): trimmed, not empty, at
 * most PERSON_NAME_MAX characters, one line of clean text. The app's forms check the same rules
 * (src/domain/forms.ts#validateProfile) with translated messages.
 */
export function personName(label: string) {
  return z.string({ error: (issue) => (issue.input === undefined ? `${label} is required.` : `${label} must be text.`) }).check(
    z.trim(),
    z.minLength(1, `${label} must not be empty.`),
    z.maxLength(PERSON_NAME_MAX, `${label} must be at most ${PERSON_NAME_MAX} characters.`),
    z.refine(isOneLineText, oneLineTextMessage(label)),
  );
}

export const account = z.object({
  id: z.number(),
  org: orgSummary,
  facilities: z.array(facilitySummary),
  hidden_at: z.nullable(iso),
  last_visit_at: z.nullable(iso),
  /** The member's short id inside this organisation; names the realtime channel /n/{short_id}. */
  member_short_id: z.string(),
});
export type Account = z.infer<typeof account>;

export const profilePreferences = z.record(z.string(), z.unknown());
export type ProfilePreferences = z.infer<typeof profilePreferences>;

export const profile = z.object({
  id: z.number(),
  guid: z.string(),
  full_name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  locale: z.string(),
  avatar,
  accounts: z.array(account),
  calendar_token: z.nullable(z.string()),
  preferences: profilePreferences,
  track_training: z.boolean(),
  /** The units every form and chart of the member follows; stored results keep their own units. */
  weight_units: z.enum(WEIGHT_UNITS),
  length_units: z.enum(PREFERRED_LENGTH_UNITS),
  /** The member's results are left off other members' class leaderboards (docs/decisions.md#member-preferences). */
  hide_from_leaderboards: z.boolean(),
  /** A prompt to log a class's workout when it ends (issue 31); absent (a profile kept from before): on. */
  log_prompts: z.optional(z.boolean()),
  /** Friends see which classes the member booked (docs/decisions.md#friends); absent (a profile kept from before): on. */
  share_bookings_with_friends: z.optional(z.boolean()),
});
export type Profile = z.infer<typeof profile>;
export type PreferredLengthUnits = Profile['length_units'];

/** PUT /profile accepts these; accounts, calendar_token and preferences are ignored. */
export type ProfileUpdate = Partial<
  Pick<Profile, 'full_name' | 'first_name' | 'last_name' | 'email' | 'locale' | 'track_training' | 'weight_units' | 'length_units' | 'hide_from_leaderboards' | 'log_prompts' | 'share_bookings_with_friends'>
>;

export const facilityPreferences = z.looseObject({ feed_enabled: z.boolean() });
export type FacilityPreferences = z.infer<typeof facilityPreferences>;

export const facility = z.object({
  id: z.number(),
  guid: z.string(),
  name: z.string(),
  org_id: z.number(),
  time_zone: z.string(),
  address: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  email: z.nullable(z.string()),
  preferences: facilityPreferences,
  currency: z.object({ code: z.string() }),
  /** The studio's plates for the plate calculator; absent or null: standard sets (see core/rules/training/plates.ts). */
  plates_kg: z.optional(z.nullable(z.array(z.number()))),
  plates_lb: z.optional(z.nullable(z.array(z.number()))),
});
export type Facility = z.infer<typeof facility>;

/** The member record inside the organisation of the selected facility (GET/PUT /member). */
export const member = z.object({
  id: z.number(),
  short_id: z.string(),
  org_id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.nullable(z.string()),
  address: z.nullable(z.string()),
  /** yyyy-MM-dd */
  birthday: z.nullable(z.string()),
  emergency_contact: z.nullable(z.string()),
});
export type Member = z.infer<typeof member>;

export type MemberUpdate = Partial<Pick<Member, 'first_name' | 'last_name' | 'phone' | 'address' | 'birthday' | 'emergency_contact'>>;

export const timezone = z.object({
  /** IANA, e.g. Pacific/Auckland */
  name: z.string(),
  /** e.g. +13:00 at the time of the request */
  offset: z.string(),
});
export type Timezone = z.infer<typeof timezone>;

export const timezoneList = z.array(timezone);
