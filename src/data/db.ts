// The one Dexie schema. The page reads every screen from here through live queries, the
// network layer writes into it, and the service worker imports it too (push, outbox sync).
import Dexie, { type EntityTable, type Table } from 'dexie';
import type { ClientErrorReport, WebVitalSample } from '../../core/contract/client-reports';
import type { Friend, FriendsBooking } from '../../core/contract/friends';
import type { Activity, AppNotification, Appointment, BookingReminder, RecurringBooking, Cart, Invoice, Membership, Pass, Product, AppointmentSlot, Course, Facility, Leaderboard, Member, Movement, Profile, Service, Session, StaffMember, Visit, Workout } from '../../core/contract/types';

/** A weekly booking, under the organisation it was listed for; a negative id until the server has it. */
export type StoredRecurringBooking = RecurringBooking & { org_id: number };
/** A friend of the member (GET /friends). */
export type StoredFriend = Friend;
/** A class of a facility with the member's friends booked into it (GET /friends/bookings). */
export type StoredFriendsBooking = FriendsBooking & { facility_guid: string };
/** A booking-open reminder still to come. */
export type StoredReminder = BookingReminder & { org_id: number };

/** Which member is signed in and what they have chosen; one row under key 'auth'. */
export interface AuthState {
  key: 'auth';
  status: 'authenticated' | 'signed-out';
  profileId: number | null;
  /** Organisation id of the chosen account. */
  accountOrgId: number | null;
  facilityGuid: string | null;
  /** Why the member was signed out, shown on the login screen (e.g. session expired). */
  reason?: 'expired' | 'logout' | null;
  /** After a session ended (reason 'expired'): whose it was. */
  endedFor?: number | null;
}

export type OutboxStatus = 'pending' | 'sending' | 'blocked';

/** A queued write: the member's intent, replayed in FIFO order with Idempotency-Key = id. */
export interface OutboxEntry {
  seq?: number;
  id: string;
  op: string;
  args: Record<string, unknown>;
  createdAt: number;
  attempts: number;
  status: OutboxStatus;
  schemaVersion: number;
  /** Rows this entry changed optimistically (touchKey), so a pull will not overwrite them. Indexed. */
  touches: string[];
  lastError?: string | null;
}

/** What a refused write asked: a translation key for the action and the thing it concerned. */
export interface RefusedWhat {
  action: string;
  subject?: { name: string; startsAt?: string };
}

/** A message for the member about a write the server refused; dismissed by the member. */
export interface SyncNotice {
  id?: number;
  op: string;
  /** The server's English sentence: shown only when this app does not know `code`. */
  message: string;
  /** The refusal's code and values, translated when shown (the member may read another language). */
  code?: string;
  params?: Record<string, string | number>;
  refused?: RefusedWhat;
  createdAt: number;
}

/** Sync status, one row under key 'status', read by the shell like any other data. */
export interface SyncStatus {
  key: 'status';
  pending: number;
  online: boolean;
  blocked: 'auth' | null;
  lastError: string | null;
  lastSyncedAt: number | null;
  nextAttemptAt: number | null;
  /** A write failed because the device's storage is full (QuotaExceededError); cleared by the next write that succeeds. */
  storageFull?: boolean;
  /** The pull whose answer did not match this version's contract: the app needs an update. Cleared when that pull succeeds. */
  updateRequired?: string | null;
}

/**
 * When a write last confirmed a row (keyed by touchKey): a pull that started before that moment
 * carries older data for the row and must not apply it.
 */
export interface Confirmation {
  key: string;
  at: number;
}

/** When each pulled resource was last fetched, for stale-while-revalidate. */
export interface PullMark {
  resource: string;
  fetchedAt: number;
}

export type MetaRow = AuthState | SyncStatus;

export type StoredSession = Session;
export type StoredVisit = Visit & { session_id: number };
/** A workout of the member's, filed under the organisation it was logged in; movement_id indexes lifts. */
export type StoredWorkout = Workout & { org_id: number; movement_id: number | null };

/** A workout made on the device keeps answering to its temporary id once the server has given it a real one. */
export interface WorkoutAlias {
  temp: number;
  id: number;
}

/** A service or staff member as offered at one facility; key `${facility_guid}:${id}`. */
export type StoredService = Service & { key: string; facility_guid: string };
export type StoredStaff = StaffMember & { key: string; facility_guid: string };
export type StoredAppointment = Appointment & { facility_guid: string };
export type StoredCourse = Course;

/** Slots last fetched for one staff member, service and week; shown offline with when they were fetched. */
export interface StoredSlots {
  /** `${facility_guid}:${staffId}:${serviceId}:${from}`. */
  key: string;
  slots: AppointmentSlot[];
  fetchedAt: number;
}

/** Something on sale in an organisation. */
export type StoredProduct = Product & { org_id: number };
/** The member's cart in one organisation, as the device shows it (queued edits included). */
export type StoredCart = Cart & { org_id: number };

/** A member's check-in credential for one facility on this device (features/checkin). */
export interface StoredCheckinCredential {
  /** `${profileId}:${facilityGuid}` */
  key: string;
  id: number;
  /** The facility-signed credential (core/rules/checkin-code). */
  credential: string;
  /** The typed digits' secret, base64url. */
  otpSecret: string;
  /** ms since 1970. */
  expiresAt: number;
  /** The phone's own key: non-extractable, so it can sign codes here and nowhere else. */
  privateKey: CryptoKey;
  /** Server time minus this device's, measured when the credential came: codes follow the studio's clock. */
  clockOffsetMs: number;
}

/** The member's rest between sets for one movement, on this device only (docs/decisions.md#rest-timer). */
export interface RestPreset {
  movementId: number;
  seconds: number;
}

/** The running rest timer, one row under key 'current': its end time is the truth (core/rules/training/rest-timer.ts). */
export interface StoredRestTimer {
  key: 'current';
  endAt: number;
  seconds: number;
  movementId: number;
  movementName: string;
}

export class MemberDb extends Dexie {
  meta!: EntityTable<MetaRow, 'key'>;
  profiles!: EntityTable<Profile, 'id'>;
  facilities!: EntityTable<Facility, 'guid'>;
  members!: EntityTable<Member, 'org_id'>;
  sessions!: EntityTable<StoredSession, 'id'>;
  visits!: EntityTable<StoredVisit, 'id'>;
  notifications!: EntityTable<AppNotification, 'id'>;
  outbox!: EntityTable<OutboxEntry, 'seq'>;
  notices!: EntityTable<SyncNotice, 'id'>;
  pulls!: EntityTable<PullMark, 'resource'>;
  workouts!: EntityTable<StoredWorkout, 'id'>;
  movements!: EntityTable<Movement, 'id'>;
  leaderboards!: EntityTable<Leaderboard, 'session_id'>;
  workoutAliases!: EntityTable<WorkoutAlias, 'temp'>;
  confirmations!: EntityTable<Confirmation, 'key'>;
  services!: EntityTable<StoredService, 'key'>;
  staff!: EntityTable<StoredStaff, 'key'>;
  appointments!: EntityTable<StoredAppointment, 'id'>;
  slots!: EntityTable<StoredSlots, 'key'>;
  courses!: EntityTable<StoredCourse, 'id'>;
  memberships!: EntityTable<Membership, 'id'>;
  passes!: EntityTable<Pass, 'id'>;
  products!: EntityTable<StoredProduct, 'id'>;
  carts!: EntityTable<StoredCart, 'org_id'>;
  invoices!: EntityTable<Invoice, 'id'>;
  activities!: EntityTable<Activity, 'id'>;
  recurringBookings!: EntityTable<StoredRecurringBooking, 'id'>;
  reminders!: EntityTable<StoredReminder, 'session_id'>;
  restPresets!: EntityTable<RestPreset, 'movementId'>;
  restTimers!: EntityTable<StoredRestTimer, 'key'>;
  clientErrors!: EntityTable<ClientErrorReport, 'id'>;
  clientVitals!: EntityTable<WebVitalSample, 'id'>;
  checkinCredentials!: EntityTable<StoredCheckinCredential, 'key'>;
  friends!: EntityTable<StoredFriend, 'id'>;
  friendsBookings!: EntityTable<StoredFriendsBooking, 'session_id'>;

  constructor(name = 'member-pwa') {
    super(name);
    // Only the versions with an upgrade are declared, and the latest: Dexie (3 and later) works out
    // a device's changes from the stores it has, and declaring each of the 14 versions cost every
    // page start 6 ms (each declaration parses all earlier ones again; decisions.md#schema-versions).
    // A table's comment says the version that brought it. Tables are never dropped here (that
    // needs a null).
    this.version(3)
      .stores({
        meta: '&key',
        profiles: '&id',
        facilities: '&guid, org_id',
        members: '&org_id',
        sessions: '&id, facility_guid, start_date, [facility_guid+start_date]',
        visits: '&id, session_id, state',
        notifications: '&id, updated_at',
        notices: '++id, createdAt',
        pulls: '&resource',
        // 2: the training log: the member's workouts, the movement catalogue and class leaderboards.
        workouts: '&id, org_id, [org_id+completed_at], [org_id+movement_id], session_id',
        movements: '&id, name',
        leaderboards: '&session_id',
        workoutAliases: '&temp',
        // 3: outbox entries indexed by the rows they touch (one row's pending state without a
        // scan), and the rows' last confirmations, so a read answered before a write cannot undo it.
        outbox: '++seq, &id, status, *touches',
        confirmations: '&key, at',
      })
      .upgrade((tx) =>
        tx.table('outbox').toCollection().modify((entry: { touches?: unknown }) => {
          if (!Array.isArray(entry.touches)) entry.touches = [];
        }),
      );
    this.version(11)
      .stores({
        // 4: appointments and courses: the catalogue per facility, the member's appointments, the
        // slots last fetched (shown offline, never bookable offline) and the facility's courses.
        services: '&key, facility_guid',
        staff: '&key, facility_guid',
        appointments: '&id, facility_guid, start_at',
        slots: '&key',
        courses: '&id, facility_guid',
        // 5: the member's memberships and passes, per organisation (the account screens, offline).
        memberships: '&id, org_id',
        passes: '&id, org_id',
        // 6: the shop: what each organisation sells and the member's cart there (edited offline, queued).
        products: '&id, org_id',
        carts: '&org_id',
        // 7: the member's invoices, per organisation.
        invoices: '&id, org_id',
        // 8: the activity feed: posts with their comments and reactions, per organisation.
        activities: '&id, org_id, created_at',
        // 9: the rest timer between sets: presets per movement and the running timer, device only.
        restPresets: '&movementId',
        restTimers: '&key',
        // 10: the member's weekly bookings and booking-open reminders, per organisation.
        recurringBookings: '&id, org_id',
        reminders: '&session_id, org_id',
      })
      // 11: courses say `duration` (minutes of one class), SPEC's name, no longer `duration_minutes`.
      .upgrade((tx) =>
        tx.table('courses').toCollection().modify((course: { duration?: number; duration_minutes?: number }) => {
          if (course.duration === undefined && course.duration_minutes !== undefined) course.duration = course.duration_minutes;
          delete course.duration_minutes;
        }),
      );
    this.version(14).stores({
      // 12: error reports and speed samples waiting to be sent (issue 29): scrubbed, nobody's data,
      // so kept across sign-outs. One report per fingerprint (a repeat counts), oldest sent first.
      clientErrors: '&id, &fingerprint, at',
      clientVitals: '&id, at',
      // 13: the check-in credential of each member and facility on this device (issue 31): its private
      // key is a non-extractable CryptoKey, kept here (IndexedDB stores it; nothing can read it out).
      checkinCredentials: '&key',
      // 14: friends (issue 31 item 6): the member's friends and the classes they booked, per
      // facility and start, so both show with the network cut.
      friends: '&id',
      friendsBookings: '&session_id, [facility_guid+start_date]',
    });
  }
}

export const db = new MemberDb();

/** Tables holding member data; wiped on sign-out so the next person on the device sees nothing. */
export type MemberTable =
  | 'profiles' | 'facilities' | 'members' | 'sessions' | 'visits' | 'notifications' | 'outbox' | 'notices' | 'pulls'
  | 'workouts' | 'movements' | 'leaderboards' | 'workoutAliases' | 'confirmations'
  | 'services' | 'staff' | 'appointments' | 'slots' | 'courses' | 'memberships' | 'passes' | 'products' | 'carts' | 'invoices' | 'activities'
  | 'recurringBookings' | 'reminders' | 'restPresets' | 'restTimers' | 'checkinCredentials' | 'friends' | 'friendsBookings';

/**
 * Tables that hold nobody's data: the status rows, and the scrubbed error reports and speed samples
 * still to be sent (reports from a signed-out page, or from before a sign-out, still go out).
 */
const DEVICE_TABLES: ReadonlySet<string> = new Set(['meta', 'clientErrors', 'clientVitals']);

/**
 * Every other table holds member data: read off the schema, so a new table is wiped on
 * sign-out without being listed anywhere (and the list costs the first load nothing).
 */
export function memberTableObjects(): Table[] {
  return db.tables.filter((table) => !DEVICE_TABLES.has(table.name));
}
