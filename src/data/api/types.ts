// Wire shapes of the /api/v1 contract (SPEC §3, §7). The reference server imports these
// types too, so client and server cannot drift apart silently.

export type Iso = string; // ISO-8601 timestamp with offset, e.g. 2026-11-22T06:00:00.000Z

export interface ApiErrorBody {
  /** Human readable, already in the member's language where the server knows it. */
  message: string;
  /** Stable machine code, e.g. validation_failed, not_found, forbidden, rate_limited. */
  code: string;
  /** Field level problems for 422 responses. */
  errors?: { path: string; message: string }[];
}

export interface Avatar {
  is_set: boolean;
  thumb_url: string | null;
  main_url: string | null;
}

export interface OrgSummary {
  id: number;
  name: string;
  logo_url: string | null;
  short_id: string;
}

export interface FacilitySummary {
  id: number;
  guid: string;
  name: string;
}

export interface Account {
  id: number;
  org: OrgSummary;
  facilities: FacilitySummary[];
  hidden_at: Iso | null;
  last_visit_at: Iso | null;
  /** The member's short id inside this organisation; names the realtime channel /n/{short_id}. */
  member_short_id: string;
}

export interface ProfilePreferences {
  [key: string]: unknown;
}

export interface Profile {
  id: number;
  guid: string;
  full_name: string;
  first_name: string;
  last_name: string;
  email: string;
  locale: string;
  avatar: Avatar;
  accounts: Account[];
  calendar_token: string | null;
  preferences: ProfilePreferences;
  track_training: boolean;
}

/** PUT /profile accepts these; accounts, calendar_token and preferences are ignored. */
export type ProfileUpdate = Partial<Pick<Profile, 'full_name' | 'first_name' | 'last_name' | 'email' | 'locale' | 'track_training'>>;

export interface FacilityPreferences {
  feed_enabled: boolean;
  [key: string]: unknown;
}

export interface Facility {
  id: number;
  guid: string;
  name: string;
  org_id: number;
  time_zone: string;
  address: string | null;
  phone: string | null;
  email: string | null;
  preferences: FacilityPreferences;
  currency: { code: string };
}

/** The member record inside the organisation of the selected facility (GET/PUT /member). */
export interface Member {
  id: number;
  short_id: string;
  org_id: number;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  address: string | null;
  birthday: string | null; // yyyy-MM-dd
  emergency_contact: string | null;
}

export type MemberUpdate = Partial<Pick<Member, 'first_name' | 'last_name' | 'phone' | 'address' | 'birthday' | 'emergency_contact'>>;

export interface Timezone {
  name: string; // IANA, e.g. Pacific/Auckland
  offset: string; // e.g. +13:00 at the time of the request
}

export type VisitState = 'booked' | 'attended' | 'waitlisted' | 'pending' | 'cancelled';

export interface Instructor {
  full_name: string;
  substituted: boolean;
}

export type WhiteboardVisibility = 'public' | 'attending' | 'other';

export interface VisitSummary {
  id: number;
  state: VisitState;
  late_cancelled: boolean;
  /** For pending visits: the offer lapses at this time. */
  offer_expires_at: Iso | null;
  /** A drop-in booking. */
  dropin?: boolean;
  /** The waitlist offer lapsed unanswered and the visit was cancelled (state cancelled). */
  offer_expired?: boolean;
}

export interface Session {
  id: number;
  facility_guid: string;
  name: string;
  description: string | null;
  location: string | null;
  start_date: Iso;
  end_date: Iso;
  booking_open_date: Iso;
  booking_close_date: Iso;
  cancellation_close_date: Iso;
  cancelled: boolean;
  full: boolean;
  capacity: number;
  /** Places taken: booked + attended + pending (an offered place is held). full = booked_count >= capacity. */
  booked_count: number;
  /** Of booked_count, the places offered from the waitlist and awaiting confirmation. */
  offered_count?: number;
  waitlist_count: number;
  waitlists_on: boolean;
  dropin_spaces: number;
  droppedin_count: number;
  online_url: string | null;
  instructors: Instructor[];
  whiteboard_items: unknown[];
  whiteboard_visibility: WhiteboardVisibility;
  visit: VisitSummary | null;
}

/** What a visit was counted against (today only late cancels are charged). */
export interface VisitCharge {
  kind: 'late_cancel';
  /** casual: no valid membership or pass with visits left; charged at the casual rate. */
  against: 'membership' | 'pass' | 'casual';
  /** The membership or pass id; null for casual. */
  id: number | null;
  name: string | null;
  charged_at: Iso;
}

export interface Visit {
  id: number;
  /** Same as session.id. */
  session_id?: number;
  state: VisitState;
  late_cancelled: boolean;
  dropin?: boolean;
  offer_expires_at: Iso | null;
  /** The waitlist offer lapsed unanswered and the visit was cancelled. */
  offer_expired?: boolean;
  /** Set when the visit was counted against a membership or pass (late cancel). */
  charge?: VisitCharge | null;
  created_at: Iso;
  updated_at: Iso;
  session: Session;
}

export type NotificationType = 'waitlist' | 'class_cancelled' | 'appointment' | 'post' | (string & {});

export interface AppNotification {
  id: number;
  type: NotificationType;
  message: string;
  params: {
    class?: { id: number; name: string; start_date: Iso };
    appointment?: { id: number };
    posts?: { id: number; author: { full_name: string } }[];
    visit?: { id: number };
    [key: string]: unknown;
  };
  avatar_url: string | null;
  /** The organisation the notification belongs to (the realtime channel is the member's short id there). */
  org_id?: number;
  read_at: Iso | null;
  removed_at: Iso | null;
  expires_at: Iso | null;
  created_at: Iso;
  updated_at: Iso;
}

/** GET /notifications: the member's notifications, not removed and not expired, newest update first (at most 100). */
export interface NotificationList {
  data: AppNotification[];
}

/** PUT /notifications/mark_all_read body. */
export interface MarkAllReadBody {
  ids: number[];
}

/** What the server publishes on the realtime channel /n/{member_short_id}. */
export interface NotificationRealtimeMessage {
  /** created: new; updated: changed (e.g. read on another device); removed: removed_at is set, drop it from the list. */
  event: 'created' | 'updated' | 'removed';
  notification: AppNotification;
}

/** The Web Push message body (the data of the service worker's push event). */
export interface NotificationPushPayload {
  notification: AppNotification;
  /** Unread, visible notifications of the member in the notification's organisation. */
  unread_count: number;
  /** Set when the notification was shortened to fit the 4 KB push limit (fetch it for the full text). */
  truncated?: boolean;
}

/** GET /push/vapid_public_key: the applicationServerKey for pushManager.subscribe (base64url). */
export interface VapidPublicKey {
  public_key: string;
}

/** POST /push_subscriptions body: PushSubscription.toJSON() under "subscription". */
export interface PushSubscriptionBody {
  subscription: {
    endpoint: string;
    expirationTime?: number | null;
    keys: { p256dh: string; auth: string };
  };
}

/** POST /push_subscriptions answer (201). */
export interface PushSubscriptionCreated {
  id: number;
  endpoint: string;
}

export type AppointmentStatus = 'booked' | 'cancelled';

/** GET /appointments/{id}. */
export interface Appointment {
  id: number;
  start_at: Iso;
  service: { name: string };
  staff: { full_name: string };
  status: AppointmentStatus;
  facility_guid?: string;
  updated_at?: Iso;
}
