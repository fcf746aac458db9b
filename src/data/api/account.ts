// The calls the engine itself makes: signing in and out, and the profile, member and facility
// rows every screen needs. Feature calls live in each feature's api.ts.
import { apiRequest, type ApiScope } from './client';
import type { Account, Facility, Member, MemberUpdate, Profile, ProfileUpdate, Timezone } from '../../../core/contract/types';

/** The scope comes from the caller: a pull's auth row read when it started, a write's entry. */
export interface ReadOptions {
  scope: ApiScope | null;
  signal?: AbortSignal;
}

/** Options a queued write passes through: its idempotency key and the scope it was made in. */
export interface WriteOptions extends ReadOptions {
  idempotencyKey?: string;
}

/** A call about the member, not a facility: always sent without scope headers. */
export type MemberReadOptions = Omit<ReadOptions, 'scope'>;
export type MemberWriteOptions = Omit<WriteOptions, 'scope'>;


/** A 401 here means wrong credentials, so it must not trigger the session-expired path. */
export function login(email: string, password: string, options: { signal?: AbortSignal } = {}): Promise<Profile> {
  return apiRequest<Profile>('POST', '/authentication', {
    body: { email, password },
    scope: null,
    skipUnauthorizedHandler: true,
    signal: options.signal,
    // The answer becomes the signed-in profile on the device.
    schema: 'profile',
  });
}

/** Ending the session: asked briefly (signing out on a bad connection must not take 15 s); the device signs out whatever the answer. */
export function logout(): Promise<void> {
  return apiRequest<void>('DELETE', '/authentication', { scope: null, skipUnauthorizedHandler: true, timeoutMs: 5_000 });
}

export function getProfile(options: MemberReadOptions = {}): Promise<Profile> {
  return apiRequest<Profile>('GET', '/profile', { ...options, scope: null, schema: 'profile' });
}

/** A profile update never sends accounts, calendar_token or preferences (see docs/rules.md#sync). */
export function profileUpdatePayload(profile: ProfileUpdate | Partial<Profile>): ProfileUpdate {
  const { accounts: _accounts, calendar_token: _token, preferences: _preferences, ...rest } = profile as Partial<Profile>;
  return rest as ProfileUpdate;
}

export function updateProfile(profile: ProfileUpdate | Partial<Profile>, options: MemberWriteOptions = {}): Promise<Profile> {
  return apiRequest<Profile>('PUT', '/profile', { ...options, scope: null, body: { profile: profileUpdatePayload(profile) } });
}

/**
 * Changes the sign-in email, with the current password (online only, never queued: the password
 * is not kept on the device). No Idempotency-Key: the server keeps none for a request carrying a
 * password, and sending it again changes nothing.
 */
export function changeEmail(email: string, currentPassword: string, options: { signal?: AbortSignal } = {}): Promise<Profile> {
  return apiRequest<Profile>('PUT', '/profile', { ...options, scope: null, body: { profile: { email }, current_password: currentPassword }, schema: 'profile' });
}

export function activateCalendar(options: MemberReadOptions = {}): Promise<Profile> {
  return apiRequest<Profile>('GET', '/profile/activate_calendar', { ...options, scope: null, schema: 'profile' });
}

export function disableCalendar(options: MemberReadOptions = {}): Promise<Profile> {
  return apiRequest<Profile>('GET', '/profile/disable_calendar', { ...options, scope: null, schema: 'profile' });
}

export function getMember(options: ReadOptions): Promise<Member> {
  return apiRequest<Member>('GET', '/member', { ...options, schema: 'member' });
}

export function updateMember(member: MemberUpdate, options: WriteOptions): Promise<Member> {
  return apiRequest<Member>('PUT', '/member', { ...options, body: { member } });
}

export function getFacility(guid: string, options: ReadOptions): Promise<Facility> {
  return apiRequest<Facility>('GET', `/facilities/${encodeURIComponent(guid)}`, { ...options, schema: 'facility' });
}

/** Answers with the account, its hidden_at updated. */
export function setOrgVisible(orgId: number, visible: boolean, options: MemberWriteOptions = {}): Promise<Account> {
  return apiRequest<Account>('PUT', `/orgs/${orgId}`, { ...options, scope: null, body: { visible } });
}

export function getTimezones(options: MemberReadOptions = {}): Promise<Timezone[]> {
  return apiRequest<Timezone[]>('GET', '/timezones', { ...options, scope: null, schema: 'timezoneList' });
}

// Classes and visits. Session lists are scoped by X-Facility-Id, visit lists by the
// facility's organisation; writes answer with the visit and its class embedded.
