// One typed function per call of SPEC §7. Only src/data (sync, auth, commands) calls these.
import { apiRequest, type ApiScope } from './client';
import type {
  Account, AppNotification, Facility, Member, MemberUpdate, NotificationList, Profile, ProfileUpdate, PushSubscriptionBody, PushSubscriptionCreated, Session,
  Timezone, VapidPublicKey, Visit,
} from './types';

/** Options a queued write passes through: its idempotency key and the scope it was made in. */
export interface WriteOptions {
  idempotencyKey?: string;
  scope?: ApiScope | null;
  signal?: AbortSignal;
}

export interface ReadOptions {
  scope?: ApiScope | null;
  signal?: AbortSignal;
}

/** A 401 here means wrong credentials, so it must not trigger the session-expired path. */
export function login(email: string, password: string, options: { signal?: AbortSignal } = {}): Promise<Profile> {
  return apiRequest<Profile>('POST', '/authentication', {
    body: { email, password },
    scope: null,
    skipUnauthorizedHandler: true,
    signal: options.signal,
  });
}

export function logout(): Promise<void> {
  return apiRequest<void>('DELETE', '/authentication', { skipUnauthorizedHandler: true });
}

export function getProfile(options: ReadOptions = {}): Promise<Profile> {
  return apiRequest<Profile>('GET', '/profile', options);
}

/** SPEC §5: a profile update never sends accounts, calendar_token or preferences. */
export function profileUpdatePayload(profile: ProfileUpdate | Partial<Profile>): ProfileUpdate {
  const { accounts: _accounts, calendar_token: _token, preferences: _preferences, ...rest } = profile as Partial<Profile>;
  return rest as ProfileUpdate;
}

export function updateProfile(profile: ProfileUpdate | Partial<Profile>, options: WriteOptions = {}): Promise<Profile> {
  return apiRequest<Profile>('PUT', '/profile', { ...options, body: { profile: profileUpdatePayload(profile) } });
}

export function activateCalendar(options: ReadOptions = {}): Promise<Profile> {
  return apiRequest<Profile>('GET', '/profile/activate_calendar', options);
}

export function disableCalendar(options: ReadOptions = {}): Promise<Profile> {
  return apiRequest<Profile>('GET', '/profile/disable_calendar', options);
}

export function getMember(options: ReadOptions = {}): Promise<Member> {
  return apiRequest<Member>('GET', '/member', options);
}

export function updateMember(member: MemberUpdate, options: WriteOptions = {}): Promise<Member> {
  return apiRequest<Member>('PUT', '/member', { ...options, body: { member } });
}

export function getFacility(guid: string, options: ReadOptions = {}): Promise<Facility> {
  return apiRequest<Facility>('GET', `/facilities/${encodeURIComponent(guid)}`, options);
}

/** Answers with the account, its hidden_at updated. */
export function setOrgVisible(orgId: number, visible: boolean, options: WriteOptions = {}): Promise<Account> {
  return apiRequest<Account>('PUT', `/orgs/${orgId}`, { ...options, body: { visible } });
}

export function getTimezones(options: ReadOptions = {}): Promise<Timezone[]> {
  return apiRequest<Timezone[]>('GET', '/timezones', options);
}

// Classes and visits (SPEC §4, §7). Session lists are scoped by X-Facility-Id, visit lists by the
// facility's organisation; writes answer with the visit and its class embedded.

export interface SessionRange {
  /** Start of the range (ISO instant or yyyy-MM-dd); the server defaults to today. */
  start_date?: string;
  /** End of the range; the server defaults to a week after the start and allows at most 62 days. */
  end_date?: string;
}

export function getSessions(range: SessionRange = {}, options: ReadOptions = {}): Promise<Session[]> {
  return apiRequest<Session[]>('GET', '/sessions', { ...options, query: { start_date: range.start_date, end_date: range.end_date } });
}

export function getSession(id: number, options: ReadOptions = {}): Promise<Session> {
  return apiRequest<Session>('GET', `/sessions/${id}`, options);
}

export function bookSession(id: number, options: WriteOptions = {}): Promise<Visit> {
  return apiRequest<Visit>('POST', `/sessions/${id}/book`, { ...options, body: {} });
}

export function joinWaitlist(id: number, options: WriteOptions = {}): Promise<Visit> {
  return apiRequest<Visit>('POST', `/sessions/${id}/waitlist`, { ...options, body: {} });
}

export function dropIn(id: number, options: WriteOptions = {}): Promise<Visit> {
  return apiRequest<Visit>('POST', `/sessions/${id}/dropin`, { ...options, body: {} });
}

/** The member's visits in the organisation of the facility in scope, newest first. */
export function getVisits(options: ReadOptions = {}): Promise<Visit[]> {
  return apiRequest<Visit[]>('GET', '/visits', options);
}

/** Upcoming booked, waitlisted and pending visits in the organisation of the facility in scope. */
export function getBookings(options: ReadOptions = {}): Promise<Visit[]> {
  return apiRequest<Visit[]>('GET', '/visits/bookings', options);
}

export function getVisit(id: number, options: ReadOptions = {}): Promise<Visit> {
  return apiRequest<Visit>('GET', `/visits/${id}`, options);
}

export function getClientVisits(options: ReadOptions = {}): Promise<Visit[]> {
  return apiRequest<Visit[]>('GET', '/client_visits', options);
}

export function getClientVisit(id: number, options: ReadOptions = {}): Promise<Visit> {
  return apiRequest<Visit>('GET', `/client_visits/${id}`, options);
}

/** Cancels a booking, or removes a waitlist place. */
export function cancelVisit(id: number, options: WriteOptions = {}): Promise<Visit> {
  return apiRequest<Visit>('PUT', `/visits/${id}/cancel`, { ...options, body: {} });
}

/** Cancels inside the late-cancel window; counts against the membership or pass (SPEC §8). */
export function lateCancelVisit(id: number, options: WriteOptions = {}): Promise<Visit> {
  return apiRequest<Visit>('PUT', `/visits/${id}/latecancel`, { ...options, body: {} });
}

export function confirmVisit(id: number, options: WriteOptions = {}): Promise<Visit> {
  return apiRequest<Visit>('PUT', `/visits/${id}/confirm`, { ...options, body: {} });
}

export function declineVisit(id: number, options: WriteOptions = {}): Promise<Visit> {
  return apiRequest<Visit>('PUT', `/visits/${id}/decline`, { ...options, body: {} });
}

// Notifications (SPEC §4, §7) belong to the member across all their accounts, so they are sent
// without facility headers (with one, the server lists only that organisation's). Writes answer
// with the notifications as the server now has them.

export function getNotifications(options: ReadOptions = {}): Promise<AppNotification[]> {
  return apiRequest<NotificationList>('GET', '/notifications', { scope: null, ...options }).then((answer) => answer.data);
}

export function markNotificationRead(id: number, options: WriteOptions = {}): Promise<AppNotification> {
  return apiRequest<AppNotification>('PUT', `/notifications/${id}/mark_as_read`, { scope: null, ...options, body: {} });
}

export function markAllNotificationsRead(ids: readonly number[], options: WriteOptions = {}): Promise<AppNotification[]> {
  return apiRequest<NotificationList>('PUT', '/notifications/mark_all_read', { scope: null, ...options, body: { ids } }).then(
    (answer) => answer.data,
  );
}

// Web Push for this device. Subscriptions belong to the signed-in member, not to a facility.

/** What PushSubscription.toJSON() gives, as the server stores it. */
export type PushSubscriptionPayload = PushSubscriptionBody['subscription'];

/** The server's VAPID public key, base64url. */
export function getVapidPublicKey(options: ReadOptions = {}): Promise<string> {
  return apiRequest<VapidPublicKey>('GET', '/push/vapid_public_key', { scope: null, ...options }).then((answer) => answer.public_key);
}

/** An upsert by endpoint: saving again (or as another member on a shared device) is fine. */
export function savePushSubscription(subscription: PushSubscriptionPayload, options: WriteOptions = {}): Promise<PushSubscriptionCreated> {
  const body: PushSubscriptionBody = { subscription };
  return apiRequest<PushSubscriptionCreated>('POST', '/push_subscriptions', { scope: null, ...options, body });
}

/** 204 whether or not the server knew the endpoint. */
export function deletePushSubscription(endpoint: string, options: WriteOptions = {}): Promise<void> {
  return apiRequest<void>('DELETE', '/push_subscriptions', { scope: null, ...options, body: { endpoint } });
}
