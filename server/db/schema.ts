import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

// Table types for Kysely. Timestamps are ISO-8601 UTC strings (`Date#toISOString()`), which
// sort correctly as text in every SQL engine. Flags are integers 0/1 because better-sqlite3
// cannot bind booleans and PostgreSQL accepts integers just as well.

export type Flag = 0 | 1;
export type IsoText = string;

export interface MembersProfilesTable {
  id: Generated<number>;
  guid: string;
  email: string; // always stored trimmed and lower-case
  /** `scrypt$N$r$p$salt$hash`; null for people who cannot sign in (e.g. front-desk-only members). */
  password_hash: string | null;
  full_name: string;
  first_name: string;
  last_name: string;
  locale: string;
  avatar_thumb_url: string | null;
  avatar_main_url: string | null;
  calendar_token: string | null;
  preferences: string; // JSON object
  track_training: Flag;
  weight_units: Generated<'kilograms' | 'pounds'>;
  length_units: Generated<'centimetres' | 'inches'>;
  /** 1: the member's results are left off other members' class leaderboards. */
  hide_from_leaderboards: Generated<Flag>;
  /** Migration 0029: 1 (the default): a prompt to log a class's workout when it ends. */
  log_prompts: Generated<Flag>;
  /** Migration 0030: 1 (the default): the member's friends see which classes they booked. */
  share_bookings_with_friends: Generated<Flag>;
  created_at: IsoText;
  updated_at: IsoText;
}

export interface OrgsTable {
  id: Generated<number>;
  name: string;
  logo_url: string | null;
  short_id: string;
  /** The studio's terms and privacy policy, plain text; null while it has published none. */
  terms: string | null;
  privacy_policy: string | null;
}

export interface FacilitiesTable {
  id: Generated<number>;
  guid: string;
  org_id: number;
  name: string;
  time_zone: string;
  currency_code: string;
  address: string | null;
  phone: string | null;
  email: string | null;
  feed_enabled: Flag;
  /** A late cancel that nothing covers costs this (null: no fee). */
  late_cancel_fee_cents: ColumnType<number | null, number | null | undefined, number | null>;
  /** JSON arrays of the studio's plate weights (migration 0020); null: it lists none. */
  plates_kg: ColumnType<string | null, string | null | undefined, string | null>;
  plates_lb: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface AccountsTable {
  id: Generated<number>;
  profile_id: number;
  org_id: number;
  /** The member's id inside the organisation; names the realtime channel /n/{short_id}. */
  short_id: string;
  first_name: string;
  last_name: string;
  phone: string | null;
  address: string | null;
  birthday: string | null; // yyyy-MM-dd
  emergency_contact: string | null;
  hidden_at: IsoText | null;
  last_visit_at: IsoText | null;
  created_at: IsoText;
}

export interface AuthSessionsTable {
  /** sha256 (hex) of the cookie token: a leaked database does not yield usable cookies. */
  id: string;
  profile_id: number;
  created_at: IsoText;
  last_seen_at: IsoText;
  expires_at: IsoText;
}

export interface IdempotencyKeysTable {
  id: Generated<number>;
  profile_id: number;
  key: string;
  method: string;
  path: string;
  body_hash: string;
  status: number;
  response_body: string | null;
  created_at: IsoText;
}

export type WhiteboardVisibilityText = 'public' | 'attending' | 'other';

export interface SessionsTable {
  id: Generated<number>;
  facility_id: number;
  name: string;
  description: string | null;
  location: string | null;
  start_at: IsoText;
  end_at: IsoText;
  booking_open_at: IsoText;
  booking_close_at: IsoText;
  cancellation_close_at: IsoText;
  cancelled: Flag;
  capacity: number;
  waitlists_on: Flag;
  /** Places for drop-ins; negative means unlimited, 0 means no drop-ins. */
  dropin_spaces: number;
  online_url: string | null;
  whiteboard_visibility: WhiteboardVisibilityText;
  /** Migration 0009: the course this class belongs to. */
  course_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: IsoText;
  updated_at: IsoText;
}

/** A run of classes sold and booked together (migration 0009). */
export interface CoursesTable {
  id: Generated<number>;
  facility_id: number;
  name: string;
  description: string | null;
  price_cents: number;
  capacity: number;
  created_at: IsoText;
}

export interface CourseEnrolmentsTable {
  course_id: number;
  profile_id: number;
  created_at: IsoText;
  /** Migration 0024: the 'due' order of its price, paid at the studio. */
  order_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface SessionInstructorsTable {
  id: Generated<number>;
  session_id: number;
  position: number;
  full_name: string;
  substituted: Flag;
}

export type VisitStateText = 'booked' | 'attended' | 'waitlisted' | 'pending' | 'cancelled';

export interface VisitsTable {
  id: Generated<number>;
  profile_id: number;
  session_id: number;
  state: VisitStateText;
  late_cancelled: ColumnType<Flag, Flag | undefined, Flag>;
  dropin: ColumnType<Flag, Flag | undefined, Flag>;
  offer_expires_at: IsoText | null;
  /** 1 when a pending offer lapsed unanswered and the visit was cancelled by the sweep. */
  offer_expired: ColumnType<Flag, Flag | undefined, Flag>;
  created_at: IsoText;
  updated_at: IsoText;
}

export interface MembershipsTable {
  id: Generated<number>;
  profile_id: number;
  org_id: number;
  name: string;
  valid_from: IsoText;
  /** null: open-ended. */
  valid_to: IsoText | null;
  created_at: IsoText;
  /** The order that bought it (migration 0023); null when staff gave it. */
  order_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface PassesTable {
  id: Generated<number>;
  profile_id: number;
  org_id: number;
  name: string;
  /** null: unlimited visits while valid. */
  visits_total: number | null;
  visits_used: ColumnType<number, number | undefined, number>;
  valid_from: IsoText;
  /** null: open-ended. */
  valid_to: IsoText | null;
  created_at: IsoText;
  /** The order that bought it (migration 0023); null when staff gave it. */
  order_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/** visit: a booked place (given back by a timely cancel); late_cancel: a late cancel keeps it. */
export type VisitChargeKind = 'visit' | 'late_cancel';

/** A visit counted against a membership or a pass; both null means a casual (pay-as-you-go) charge. */
export interface VisitChargesTable {
  id: Generated<number>;
  visit_id: number;
  membership_id: number | null;
  pass_id: number | null;
  kind: VisitChargeKind;
  created_at: IsoText;
}

export interface NotificationsTable {
  id: Generated<number>;
  profile_id: number;
  org_id: number;
  /** waitlist, class_cancelled, appointment, post or any other word. */
  type: string;
  message: string;
  params: string; // JSON object
  avatar_url: string | null;
  /** The pending visit a waitlist notification is about; removed with the offer. */
  visit_id: number | null;
  read_at: IsoText | null;
  removed_at: IsoText | null;
  expires_at: IsoText | null;
  created_at: IsoText;
  updated_at: IsoText;
}

/** A notification still to be pushed (migration 0005): claimed by one process at a time, retried. */
export interface PushQueueTable {
  notification_id: number;
  attempts: Generated<number>;
  next_attempt_at: IsoText;
  claimed_until: IsoText | null;
}

export interface PushSubscriptionsTable {
  id: Generated<number>;
  profile_id: number;
  endpoint: string;
  /** The browser's P-256 public key and auth secret, base64url as the browser gave them. */
  p256dh: string;
  auth: string;
  user_agent: string | null;
  created_at: IsoText;
  last_success_at: IsoText | null;
}

export interface AppSettingsTable {
  key: string;
  value: string;
}

export interface PostsTable {
  id: Generated<number>;
  org_id: number;
  facility_id: number | null;
  author_name: string;
  content: string;
  created_at: IsoText;
  /** Migration 0016. */
  image_url: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface CommentsTable {
  id: Generated<number>;
  post_id: number;
  /** A reply's comment; null for a comment on the post. */
  parent_id: number | null;
  profile_id: number;
  content: string;
  created_at: IsoText;
}

export type ReactionSourceText = 'post' | 'comment';

export interface ReactionsTable {
  id: Generated<number>;
  profile_id: number;
  source_type: ReactionSourceText;
  source_id: number;
  type: string;
  created_at: IsoText;
}

/** A member's report of a post or comment, for staff; the thing is hidden for that member. */
export interface FeedReportsTable {
  id: Generated<number>;
  profile_id: number;
  org_id: number;
  source_type: ReactionSourceText;
  source_id: number;
  created_at: IsoText;
}

/** One group of error reports (issue 29): repeats of one fingerprint, counted, with one scrubbed sample. */
export interface ErrorGroupsTable {
  fingerprint: string;
  /** A device's kind (error, render, replay …) or 'server' for the server's own. */
  kind: string;
  message: string;
  stack: string | null;
  release: string;
  browser: string;
  route: string;
  count: number;
  /** JSON arrays of distinct values, newest last, bounded. */
  kinds: string;
  releases: string;
  browsers: string;
  routes: string;
  first_seen: IsoText;
  last_seen: IsoText;
}

/** The id of every error report and vital received, so a batch sent again counts nothing twice. */
export interface ClientReportIdsTable {
  id: string;
  received_at: IsoText;
}

export interface WebVitalsTable {
  id: Generated<number>;
  name: string;
  value: number;
  route: string;
  release: string;
  /** When the device measured it. */
  at: IsoText;
  received_at: IsoText;
}

/** held: keeps its slot for the member until hold_expires_at; expired: a hold that lapsed. */
export type AppointmentStatusText = 'held' | 'booked' | 'cancelled' | 'expired';

export interface AppointmentsTable {
  id: Generated<number>;
  profile_id: number;
  facility_id: number;
  service_name: string;
  staff_name: string;
  /** Migration 0006: null on appointments made before the catalogue. */
  service_id: ColumnType<number | null, number | null | undefined, number | null>;
  staff_id: ColumnType<number | null, number | null | undefined, number | null>;
  end_at: ColumnType<IsoText | null, IsoText | null | undefined, IsoText | null>;
  /** Migration 0007. */
  hold_expires_at: ColumnType<IsoText | null, IsoText | null | undefined, IsoText | null>;
  /** What paid for it once booked; casual (nothing covered it, paid at the studio) since migration 0024. */
  concession_kind: ColumnType<ConcessionKindText | null, ConcessionKindText | null | undefined, ConcessionKindText | null>;
  concession_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** Migration 0024: booked casually, the 'due' order of its price, paid at the studio. */
  order_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** Migration 0008: cancelled by the member inside the cancellation window. */
  late_cancelled: ColumnType<Flag, Flag | undefined, Flag>;
  start_at: IsoText;
  status: AppointmentStatusText;
  updated_at: IsoText;
}

/** What a facility offers one to one (migration 0006); the price in minor units of the facility's currency. */
export interface ServicesTable {
  id: Generated<number>;
  org_id: number;
  name: string;
  description: string | null;
  duration_minutes: number;
  price_cents: number;
  created_at: IsoText;
}

export type CoverageKindText = 'membership' | 'pass';
export type ConcessionKindText = CoverageKindText | 'casual';

/** A membership plan or pass type (by name) that pays for a service. */
export interface ServiceCoverageTable {
  service_id: number;
  kind: CoverageKindText;
  name: string;
}

export interface StaffTable {
  id: Generated<number>;
  org_id: number;
  full_name: string;
  bio: string | null;
  photo_url: string | null;
  created_at: IsoText;
}

export interface StaffServicesTable {
  staff_id: number;
  service_id: number;
}

/** A weekly working period at a facility: ISO weekday (Monday 1 … Sunday 7), wall-clock HH:mm. */
export interface StaffHoursTable {
  id: Generated<number>;
  staff_id: number;
  facility_id: number;
  weekday: number;
  start_time: string;
  end_time: string;
}

/** A quarter hour of a staff member taken by an appointment (migration 0007): unique per person and time. */
export interface StaffBusyBlocksTable {
  staff_id: number;
  block_start: IsoText;
  appointment_id: number;
}

export interface StaffLeaveTable {
  id: Generated<number>;
  staff_id: number;
  start_at: IsoText;
  end_at: IsoText;
}

export type WorkoutTypeText = 'wod' | 'lift';
export type ScoringText = 'for_time' | 'for_rounds' | 'for_distance' | 'for_load' | 'for_repetitions' | 'for_calories' | 'tabata' | 'total' | 'none';
export type WeightUnitsText = 'kilograms' | 'pounds';

export interface MovementsTable {
  id: Generated<number>;
  name: string;
  /** JSON array of {type}, e.g. [{"type":"weight"}]. */
  properties: string;
}

export interface WorkoutDefinitionsTable {
  id: Generated<number>;
  org_id: number;
  name: string;
  type: WorkoutTypeText;
  description: string | null;
  /** WODs only. */
  scoring: ScoringText | null;
  /** Lifts only. */
  rep_scheme: string | null;
  /** Lifts only. */
  movement_id: number | null;
  created_at: IsoText;
}

export interface WhiteboardItemsTable {
  id: Generated<number>;
  session_id: number;
  definition_id: number;
  position: number;
}

/** A member's result: the member is the profile's account in org_id. WOD and lift columns share the row. */
export interface WorkoutsTable {
  id: Generated<number>;
  org_id: number;
  profile_id: number;
  type: WorkoutTypeText;
  name: string;
  completed_at: IsoText;
  notes: string | null;
  session_id: number | null;
  workout_definition_id: number | null;
  scoring: ScoringText | null;
  score_time: number | null;
  score_rounds: number | null;
  score_repetitions: number | null;
  score_distance: number | null;
  score_load: number | null;
  score_load_units: WeightUnitsText | null;
  score_calories: number | null;
  score_tabata: number | null;
  score_total: number | null;
  as_prescribed: ColumnType<Flag, Flag | undefined, Flag>;
  movement_id: number | null;
  rep_scheme: string | null;
  /** JSON array of LiftSet. */
  sets: string | null;
  load_value: number | null;
  load_units: WeightUnitsText | null;
  /** Key of the imported rows it came from; unique per member and organisation. */
  import_key: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: IsoText;
  updated_at: IsoText;
}

export interface WorkoutReactionsTable {
  id: Generated<number>;
  workout_id: number;
  profile_id: number;
  type: 'like';
  created_at: IsoText;
}

export type ProductKindText = 'pass' | 'membership';

/** What an organisation sells (migration 0010); the price in minor units of its currency. */
export interface ProductsTable {
  id: Generated<number>;
  org_id: number;
  kind: ProductKindText;
  name: string;
  description: string | null;
  price_cents: number;
  /** A pass's visits; null for a membership or an unlimited pass. */
  visits: number | null;
  /** How long it lasts from the day it is bought. */
  valid_days: number;
  on_sale: ColumnType<Flag, Flag | undefined, Flag>;
  created_at: IsoText;
}

/** A member's cart in one organisation (migration 0010). */
export interface CartsTable {
  id: Generated<number>;
  profile_id: number;
  org_id: number;
  updated_at: IsoText;
}

export interface CartLinesTable {
  id: Generated<number>;
  cart_id: number;
  product_id: number;
  quantity: number;
  created_at: IsoText;
}

/** A member's stored card at a gateway (migration 0011): the gateway's token, never the number. */
export interface PaymentSourcesTable {
  id: Generated<number>;
  profile_id: number;
  org_id: number;
  gateway: string;
  token: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  is_default: ColumnType<Flag, Flag | undefined, Flag>;
  created_at: IsoText;
}

export interface SandboxAuthTokensTable {
  token: string;
  profile_id: number;
  expires_at: IsoText;
}

export type SandboxBehaviour = 'succeed' | 'decline' | 'insufficient_funds' | 'expired' | 'challenge';

/** The sandbox gateway's own record of a tokenised test card. */
export interface SandboxCardsTable {
  token: string;
  /** The member whose auth token the card came with: a token is theirs only. */
  profile_id: number;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  behaviour: SandboxBehaviour;
  created_at: IsoText;
}

/** A confirmed cart (migration 0012): lines as JSON at the catalogue's prices; paid once. */
export interface OrdersTable {
  id: Generated<number>;
  profile_id: number;
  org_id: number;
  status: 'confirmed' | 'paid' | 'failed' | 'due' | 'refunded' | 'cancelled';
  currency: string;
  total_cents: number;
  lines: string;
  /** The gateway that charged it (migration 0023; null before: the sandbox). */
  gateway: ColumnType<string | null, string | null | undefined, string | null>;
  /** The gateway's refund, once staff refunded the order (migration 0023). */
  refund_id: ColumnType<string | null, string | null | undefined, string | null>;
  refunded_at: ColumnType<IsoText | null, IsoText | null | undefined, IsoText | null>;
  /** While paying, `card:{id}` (the card it is being paid with); once paid, the gateway's charge. */
  charge_id: string | null;
  /** The gateway's charge waiting on the member's 3-D Secure challenge (migration 0021). */
  pending_charge: string | null;
  created_at: IsoText;
  paid_at: IsoText | null;
}

export interface InvitationsTable {
  id: Generated<number>;
  /** sha256 of the link's token. */
  token_hash: string;
  org_id: number;
  facility_id: number;
  email: string;
  created_at: IsoText;
  expires_at: IsoText;
  accepted_at: IsoText | null;
  accepted_by: number | null;
}

export interface PasswordResetsTable {
  /** sha256 of the link's token. */
  id: string;
  profile_id: number;
  created_at: IsoText;
  expires_at: IsoText;
  used_at: IsoText | null;
}

export interface InvoicesTable {
  id: Generated<number>;
  order_id: number;
  profile_id: number;
  org_id: number;
  number: string;
  issued_at: IsoText;
  currency: string;
  total_cents: number;
  tax_cents: number;
  lines: string;
  /**
   * paid, due (paid at the studio: a late-cancel fee, an appointment or a course nothing covers),
   * refunded (staff refunded its order) or cancelled (what it was due for was cancelled in time).
   */
  status: ColumnType<InvoiceStatusText, 'paid' | 'due' | undefined, InvoiceStatusText>;
}

export type InvoiceStatusText = 'paid' | 'due' | 'refunded' | 'cancelled';

/** The sandbox gateway's record of a charge, one per idempotency key. */
export interface SandboxChargesTable {
  id: string;
  idempotency_key: string;
  token: string;
  amount_cents: number;
  currency: string;
  status: 'succeeded' | 'requires_action' | 'failed';
  failure_code: string | null;
  /** For a 3-D Secure card: 'pending', 'passed' or 'failed'. */
  challenge: string | null;
  created_at: IsoText;
}

/** The sandbox gateway's record of a refund, one per idempotency key (migration 0023). */
export interface SandboxRefundsTable {
  id: string;
  idempotency_key: string;
  charge_id: string;
  amount_cents: number;
  created_at: IsoText;
}

/** "This class every week" (migration 0018): the class's name and local weekday and time at a facility. */
export interface RecurringBookingsTable {
  id: Generated<number>;
  profile_id: number;
  org_id: number;
  facility_id: number;
  name: string;
  /** 0 = Sunday, in the facility's time zone. */
  weekday: number;
  /** HH:mm in the facility's time zone. */
  local_time: string;
  /** The start of the class the series was made from: no earlier occurrence is booked. */
  from_at: IsoText;
  created_at: IsoText;
  stopped_at: IsoText | null;
}

/** One occurrence a series tried to book, once (unique per series and class). */
export interface RecurringBookingAttemptsTable {
  id: Generated<number>;
  recurring_booking_id: number;
  session_id: number;
  /** booked, waitlisted, already (the member had a place), or the refusal's error code. */
  outcome: string;
  created_at: IsoText;
}

/** "Remind me when booking opens" (migration 0018); sent_at is set by the job that sends it. */
export interface BookingRemindersTable {
  id: Generated<number>;
  profile_id: number;
  org_id: number;
  session_id: number;
  fire_at: IsoText;
  created_at: IsoText;
  sent_at: IsoText | null;
}

/**
 * What a facility's classes show to anyone, versioned (migration 0027): bumped by triggers on every
 * write that changes it, so GET /sessions presents a week once per version.
 */
export interface FacilityDataVersionsTable {
  facility_id: number;
  version: Generated<number>;
}

/** A facility's check-in key pair (migration 0028): ECDSA P-256 as JWK text; the private half signs credentials. */
export interface CheckinFacilityKeysTable {
  facility_id: number;
  public_jwk: string;
  private_jwk: string;
  created_at: IsoText;
}

/** A member's check-in credential at a facility (migration 0028), held by one phone. */
export interface CheckinCredentialsTable {
  id: Generated<number>;
  profile_id: number;
  facility_id: number;
  /** The phone's public key, raw P-256 (65 bytes), base64url. */
  public_key: string;
  /** The typed-digits secret (32 bytes, base64url), also handed to the desks of the facility. */
  otp_secret: string;
  created_at: IsoText;
  expires_at: IsoText;
  revoked_at: IsoText | null;
}

/** A front desk signed in for one facility (migration 0028); the token itself is never stored. */
export interface CheckinDeskTokensTable {
  id: Generated<number>;
  facility_id: number;
  /** sha256 (hex) of the bearer token. */
  token_hash: string;
  created_at: IsoText;
  revoked_at: IsoText | null;
}

/** The Idempotency-Keys of a desk token (migration 0028): idempotency_keys with a desk instead of a profile. */
export type CheckinDeskIdempotencyKeysTable = Omit<IdempotencyKeysTable, 'profile_id'> & { desk_token_id: number };

/** A check-in taken at a desk (migration 0028); unique per (credential_id, step): a code works once. */
export interface CheckinsTable {
  id: Generated<number>;
  facility_id: number;
  desk_token_id: number | null;
  credential_id: number;
  /** The 30-second step of the code or typed password taken. */
  step: number;
  profile_id: number;
  /** The visit it marked attended or found attended; null: no booking then. */
  visit_id: number | null;
  scanned_at: IsoText;
  created_at: IsoText;
}

/** Migration 0029: a prompt to log a class's workout, sent once per member and class. */
export interface LogPromptsSentTable {
  profile_id: number;
  session_id: number;
  sent_at: IsoText;
}

/** Migration 0030: an invitation to be friends, by link or QR; the token's SHA-256 only. */
export interface FriendInvitationsTable {
  id: Generated<number>;
  inviter_id: number;
  token_hash: string;
  created_at: IsoText;
  expires_at: IsoText;
  used_at: IsoText | null;
  used_by: number | null;
}

/** Migration 0030: two members who agreed to be friends, stored once with the smaller id first. */
export interface FriendshipsTable {
  profile_a: number;
  profile_b: number;
  created_at: IsoText;
}

export interface Database {
  friend_invitations: FriendInvitationsTable;
  friendships: FriendshipsTable;
  log_prompts_sent: LogPromptsSentTable;
  checkin_facility_keys: CheckinFacilityKeysTable;
  checkin_credentials: CheckinCredentialsTable;
  checkin_desk_tokens: CheckinDeskTokensTable;
  checkin_desk_idempotency_keys: CheckinDeskIdempotencyKeysTable;
  checkins: CheckinsTable;
  facility_data_versions: FacilityDataVersionsTable;
  recurring_bookings: RecurringBookingsTable;
  recurring_booking_attempts: RecurringBookingAttemptsTable;
  booking_reminders: BookingRemindersTable;
  members_profiles: MembersProfilesTable;
  orgs: OrgsTable;
  facilities: FacilitiesTable;
  accounts: AccountsTable;
  auth_sessions: AuthSessionsTable;
  idempotency_keys: IdempotencyKeysTable;
  sessions: SessionsTable;
  session_instructors: SessionInstructorsTable;
  visits: VisitsTable;
  memberships: MembershipsTable;
  passes: PassesTable;
  visit_charges: VisitChargesTable;
  password_resets: PasswordResetsTable;
  invitations: InvitationsTable;
  comments: CommentsTable;
  reactions: ReactionsTable;
  feed_reports: FeedReportsTable;
  error_groups: ErrorGroupsTable;
  client_report_ids: ClientReportIdsTable;
  web_vitals: WebVitalsTable;
  notifications: NotificationsTable;
  push_subscriptions: PushSubscriptionsTable;
  push_queue: PushQueueTable;
  app_settings: AppSettingsTable;
  posts: PostsTable;
  appointments: AppointmentsTable;
  services: ServicesTable;
  service_coverage: ServiceCoverageTable;
  staff: StaffTable;
  staff_services: StaffServicesTable;
  staff_hours: StaffHoursTable;
  staff_leave: StaffLeaveTable;
  staff_busy_blocks: StaffBusyBlocksTable;
  courses: CoursesTable;
  course_enrolments: CourseEnrolmentsTable;
  products: ProductsTable;
  carts: CartsTable;
  cart_lines: CartLinesTable;
  payment_sources: PaymentSourcesTable;
  sandbox_auth_tokens: SandboxAuthTokensTable;
  sandbox_cards: SandboxCardsTable;
  orders: OrdersTable;
  invoices: InvoicesTable;
  sandbox_charges: SandboxChargesTable;
  sandbox_refunds: SandboxRefundsTable;
  movements: MovementsTable;
  workout_definitions: WorkoutDefinitionsTable;
  whiteboard_items: WhiteboardItemsTable;
  workouts: WorkoutsTable;
  workout_reactions: WorkoutReactionsTable;
}

export type ProfileRow = Selectable<MembersProfilesTable>;
export type ProfilePatch = Updateable<MembersProfilesTable>;
export type OrgRow = Selectable<OrgsTable>;
export type FacilityRow = Selectable<FacilitiesTable>;
export type AccountRow = Selectable<AccountsTable>;
export type AccountPatch = Updateable<AccountsTable>;
export type SessionRow = Selectable<SessionsTable>;
export type NewSession = Insertable<SessionsTable>;
export type NewInstructor = Insertable<SessionInstructorsTable>;
export type VisitRow = Selectable<VisitsTable>;
export type NewVisit = Insertable<VisitsTable>;
export type VisitPatchable = Updateable<VisitsTable>;
export type NewMembership = Insertable<MembershipsTable>;
export type NewPass = Insertable<PassesTable>;
export type NotificationRow = Selectable<NotificationsTable>;
export type NewNotification = Insertable<NotificationsTable>;
export type PostRow = Selectable<PostsTable>;
export type AppointmentRow = Selectable<AppointmentsTable>;
export type MovementRow = Selectable<MovementsTable>;
export type WorkoutDefinitionRow = Selectable<WorkoutDefinitionsTable>;
export type NewWhiteboardItem = Insertable<WhiteboardItemsTable>;
export type WorkoutRow = Selectable<WorkoutsTable>;
export type NewWorkout = Insertable<WorkoutsTable>;
export type WorkoutPatch = Updateable<WorkoutsTable>;
