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
  /** The programmed workouts; empty when the whiteboard is not visible to the member (SPEC §4). */
  whiteboard_items: WhiteboardItem[];
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

// ---- Training log (SPEC §3 Workout, §5 rep schemes, loads, scoring) ----

export type WorkoutType = 'wod' | 'lift';

export type ScoringType = 'for_time' | 'for_rounds' | 'for_distance' | 'for_load' | 'for_repetitions' | 'for_calories' | 'tabata' | 'total' | 'none';

/** What a movement is measured in per set. A lift has a load only when its movement has "weight". */
export type MovementPropertyType = 'weight' | 'height' | 'distance';

export type WeightUnits = 'kilograms' | 'pounds';
export type LengthUnits = 'centimetres' | 'inches' | 'metres';
export type Units = WeightUnits | LengthUnits;

export interface MovementProperty {
  type: MovementPropertyType;
}

/** GET /movements, /movements/{id}: the shared movement catalogue. */
export interface Movement {
  id: number;
  name: string;
  properties: MovementProperty[];
}

export interface Measurement {
  value: number;
  units: Units;
}

export interface LiftSet {
  /** 1-based order within the lift. */
  position: number;
  repetitions: number;
  movement_id: number;
  /** One value per movement property, e.g. { weight: { value: 100, units: 'kilograms' } }. */
  values: Partial<Record<MovementPropertyType, Measurement>>;
}

/** A workout the studio programmes (shown on class whiteboards); members log results against it. */
export interface WorkoutDefinition {
  id: number;
  name: string;
  type: WorkoutType;
  description: string | null;
  /** WODs only. */
  scoring: ScoringType | null;
  /** Lifts only, e.g. "5x5" or "5-3-1". */
  rep_scheme: string | null;
  /** Lifts only. */
  movement: Movement | null;
}

export interface WhiteboardItem {
  id: number;
  position: number;
  definition: WorkoutDefinition;
}

export interface ReactionSummary {
  /** How many members reacted. */
  count: number;
  /** The signed-in member's own reaction id, or null. DELETE /workout_reactions/{id} removes it. */
  mine: number | null;
}

interface WorkoutBase {
  id: number;
  type: WorkoutType;
  name: string;
  /** When the workout was done. The log groups by this day in the facility's zone. */
  completed_at: Iso;
  notes: string | null;
  session_id: number | null;
  workout_definition_id: number | null;
  reactions: ReactionSummary;
  created_at: Iso;
  updated_at: Iso;
}

/** Scores: time in whole seconds; distance in metres; load as score_load in score_load_units. */
export interface WodWorkout extends WorkoutBase {
  type: 'wod';
  scoring: ScoringType;
  score_time: number | null;
  score_rounds: number | null;
  /** for_repetitions: the reps; for_rounds: reps into the unfinished round. */
  score_repetitions: number | null;
  score_distance: number | null;
  score_load: number | null;
  score_load_units: WeightUnits | null;
  score_calories: number | null;
  score_tabata: number | null;
  score_total: number | null;
  as_prescribed: boolean;
}

export interface LiftWorkout extends WorkoutBase {
  type: 'lift';
  movement: Movement;
  rep_scheme: string;
  sets: LiftSet[];
  /** Sum of repetitions × weight (one decimal), null when the movement has no weight property. */
  load: Measurement | null;
}

export type Workout = WodWorkout | LiftWorkout;

type WodScoreFields = Pick<WodWorkout, 'scoring' | 'score_time' | 'score_rounds' | 'score_repetitions' | 'score_distance' | 'score_load' | 'score_load_units' | 'score_calories' | 'score_tabata' | 'score_total' | 'as_prescribed'>;

/** POST /workouts {workout}: what the member enters. The server computes load and answers with the Workout. */
export type WorkoutInput =
  | ({ type: 'wod'; name: string; completed_at: Iso; notes?: string | null; session_id?: number | null; workout_definition_id?: number | null } & Partial<WodScoreFields> & { scoring: ScoringType })
  | { type: 'lift'; name: string; completed_at: Iso; notes?: string | null; session_id?: number | null; workout_definition_id?: number | null; movement_id: number; rep_scheme: string; sets: LiftSet[] };

/** PUT /workouts/{id} {workout}: SPEC §5, never id, type, session or definition (ignored when sent). */
export type WorkoutUpdate =
  | ({ name?: string; completed_at?: Iso; notes?: string | null } & Partial<WodScoreFields>)
  | { name?: string; completed_at?: Iso; notes?: string | null; movement_id?: number; rep_scheme?: string; sets?: LiftSet[] };

/** GET /workouts answer; params from, to (ISO, on completed_at), type, movement_id, session_id. Newest first. */
export interface WorkoutList {
  data: Workout[];
}

/** POST /workouts/{id}/reactions body. */
export interface WorkoutReactionBody {
  reaction: { type: 'like' };
}

/** POST /workouts/{id}/reactions answer (201). */
export interface WorkoutReaction {
  id: number;
  workout_id: number;
  type: 'like';
  created_at: Iso;
}

/** GET /lifts: one row per movement the member has lifted (id = movement id). */
export interface LiftSummary {
  id: number;
  movement: Movement;
  lifts_count: number;
  last_completed_at: Iso;
  /** Heaviest single set weight, in kilograms. Null for movements without weight. */
  best_weight: Measurement | null;
  /** Best Epley estimate over all sets with 1–10 reps, in kilograms. */
  estimated_one_rep_max: Measurement | null;
}

/** Heaviest weight lifted for exactly this many reps in one set. */
export interface RepMax {
  repetitions: number;
  weight: Measurement;
  completed_at: Iso;
  workout_id: number;
}

/** GET /lifts/{id} (movement id): history newest first, personal records and the estimated one-rep max. */
export interface LiftDetail extends LiftSummary {
  records: RepMax[];
  history: LiftWorkout[];
}

export interface LeaderboardEntry {
  rank: number;
  workout_id: number;
  member: { id: number; full_name: string; avatar_url: string | null };
  /** The signed-in member's own result. */
  mine: boolean;
  workout: Workout;
}

export interface LeaderboardBoard {
  definition: WorkoutDefinition;
  entries: LeaderboardEntry[];
}

/** GET /leaderboard?session_id: one ranked board per whiteboard item of the class. Empty when the whiteboard is not visible to the member. */
export interface Leaderboard {
  session_id: number;
  visible: boolean;
  boards: LeaderboardBoard[];
}
