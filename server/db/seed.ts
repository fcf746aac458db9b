import { createHash } from 'node:crypto';
import { TZDate } from '@date-fns/tz';
import { sql, type Kysely, type Transaction } from 'kysely';
import { hashPassword } from '../features/auth/password';
import { classCancelledMessage, postMessage, waitlistOfferMessage } from '../features/notifications/messages';
import { seedTraining, type TrainingClass } from '../features/training/seed';
import { seedAppointmentCatalogue } from '../features/appointments/seed';
import { seedCourses } from '../features/courses/seed';
import { seedShop } from '../features/shop/seed';
import { seedFeed } from '../features/feed/seed';
import type { Database, NewInstructor, NewMembership, NewNotification, NewPass, NewSession, NewVisit, VisitStateText, WhiteboardVisibilityText } from './schema';

// The one place for demo data (its training part in ./seed-training.ts, called from here).
// Seeded only into an empty database, deterministic apart from password salts, and laid out
// relative to the seeding moment `now` so a fresh demo always shows classes in every state of
// the booking rules name (docs/rules.md#booking).
//
// Booking windows, unless a class says otherwise:
//   booking opens 7 days before the start, closes at the start,
//   free cancellation closes 2 hours before the start (later cancels are late cancels).

export const DEMO_PASSWORD = 'demo1234';

export const DEMO_LOGINS = [
  { email: 'demo@example.com', name: 'Alex Rivera', about: 'Harbour Strength, Tallinn Movement and a hidden Summit Climbing account; training log on' },
  { email: 'sam@example.com', name: 'Sam Taylor', about: 'Harbour Strength only (en-GB)' },
  { email: 'kai@example.com', name: 'Kai Tamm', about: 'Tallinn Movement only (Estonian)' },
] as const;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const BOOKING_OPENS_BEFORE = 7 * DAY;
const CANCELLATION_CLOSES_BEFORE = 2 * HOUR;

/** A stable, real-looking UUID (version 5 layout) derived from a name. */
export function seedUuid(name: string): string {
  const bytes = createHash('sha1').update(`member-pwa-seed:${name}`).digest().subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A member's short id inside an organisation: 10 lower-case letters and digits. */
function seedShortId(orgKey: string, email: string): string {
  const digest = createHash('sha256').update(`short:${orgKey}:${email}`).digest();
  const alphabet = 'abcdefghijkmnpqrstuvwxyz23456789';
  return Array.from(digest.subarray(0, 10), (b) => alphabet[b % alphabet.length]).join('');
}

type OrgKey = 'harbour' | 'tallinn' | 'summit';

const ORGS: { key: OrgKey; name: string; shortId: string; instructors: string[] }[] = [
  { key: 'harbour', name: 'Harbour Strength', shortId: 'harbour-strength', instructors: ['Mere Tane', 'Sophie Clarke', 'Tom Hadley', 'Rangi Walker'] },
  { key: 'tallinn', name: 'Tallinn Movement', shortId: 'tallinn-movement', instructors: ['Kristiina Lill', 'Rasmus Kivi', 'Helena Org'] },
  { key: 'summit', name: 'Summit Climbing', shortId: 'summit-climbing', instructors: ['Priya Shah', 'Liam Foster', 'Georgia Reid'] },
];

/** A demo studio's terms and privacy policy (a studio writes its own; these read like a small one's). */
function orgDocuments(name: string): { terms: string; privacy_policy: string } {
  return {
    terms: [
      `${name} runs its classes, appointments and courses on these terms.`,
      `Book classes and appointments through this app. Cancel a class before its cancellation time to keep your visit; a late cancel or a missed class counts as a visit, and a late-cancel fee may apply where you pay casually.`,
      `Memberships and passes are personal and cannot be shared. A pass ends on its expiry date even when visits are left. Prices include tax.`,
      `Train within your limits, tell the instructor about any injury before class, and follow the coaches' instructions. Wipe down the equipment after use.`,
      `We may change the timetable, move or cancel a class; the app tells you when we do.`,
    ].join('\n\n'),
    privacy_policy: [
      `${name} keeps your name, email, photo, bookings, visits, payments and, if you keep one, your training log, to run your membership. Card numbers go to our payment provider and are never stored by us.`,
      `Your bookings and training results are shown to other members only where you choose (leaderboards, the feed).`,
      `Ask us at the front desk or by email to see, correct or delete what we hold about you. We keep invoices for as long as the tax law requires.`,
    ].join('\n\n'),
  };
}

interface FacilitySeed {
  key: string;
  org: OrgKey;
  name: string;
  timeZone: string;
  currency: string;
  address: string;
  phone: string;
  email: string;
  feed: boolean;
  /** The studio's plates (kilograms / pounds) for the plate calculator; omitted: standard sets. */
  platesKg?: number[];
  platesLb?: number[];
}

/** A late cancel nothing covers costs this at each facility, by currency (paid at the studio). */
const LATE_CANCEL_FEE_CENTS: Record<string, number> = { NZD: 1500, EUR: 1000, AUD: 1500 };

const FACILITIES: FacilitySeed[] = [
  { key: 'harbour-wellington', org: 'harbour', name: 'Wellington', timeZone: 'Pacific/Auckland', currency: 'NZD', address: '12 Customhouse Quay, Wellington 6011', phone: '+64 4 555 0100', email: 'wellington@harbourstrength.example', feed: true, platesKg: [25, 20, 15, 10, 5, 2.5, 2, 1.5, 1, 0.5] },
  { key: 'harbour-petone', org: 'harbour', name: 'Petone', timeZone: 'Pacific/Auckland', currency: 'NZD', address: '210 Jackson Street, Petone, Lower Hutt 5012', phone: '+64 4 555 0200', email: 'petone@harbourstrength.example', feed: true },
  { key: 'tallinn-old-town', org: 'tallinn', name: 'Tallinn Old Town', timeZone: 'Europe/Tallinn', currency: 'EUR', address: 'Pikk 12, 10123 Tallinn', phone: '+372 555 0100', email: 'vanalinn@tallinnmovement.example', feed: false },
  { key: 'summit-sydney', org: 'summit', name: 'Summit Sydney', timeZone: 'Australia/Sydney', currency: 'AUD', address: '88 Bourke Road, Alexandria NSW 2015', phone: '+61 2 5550 0100', email: 'sydney@summitclimbing.example', feed: true, platesKg: [20, 15, 10, 5, 2.5, 1.25], platesLb: [45, 25, 10, 5, 2.5] },
];

type PersonKey = 'alex' | 'sam' | 'kai';

interface PersonSeed {
  email: string;
  first: string;
  last: string;
  locale: string;
  trackTraining: boolean;
  canSignIn: boolean;
}

const PEOPLE: Record<PersonKey, PersonSeed> = {
  alex: { email: 'demo@example.com', first: 'Alex', last: 'Rivera', locale: 'en', trackTraining: true, canSignIn: true },
  sam: { email: 'sam@example.com', first: 'Sam', last: 'Taylor', locale: 'en-GB', trackTraining: false, canSignIn: true },
  kai: { email: 'kai@example.com', first: 'Kai', last: 'Tamm', locale: 'et', trackTraining: true, canSignIn: true },
};

// Other members of each club, so classes can be full and waitlists can have people on them.
// They have no password and cannot sign in.
const FILLERS: Record<OrgKey, [string, string][]> = {
  harbour: [['Aroha', 'Ngata'], ['Ben', 'Walker'], ['Chloe', 'Smith'], ['Daniel', 'Wong'], ['Ella', 'Brown'], ['Finn', "O'Connor"], ['Grace', 'Liu'], ['Hemi', 'Parata']],
  tallinn: [['Mari', 'Kask'], ['Liis', 'Saar'], ['Andres', 'Mets'], ['Kristjan', 'Lepp'], ['Triin', 'Rebane'], ['Marko', 'Koppel'], ['Kertu', 'Ilves'], ['Siim', 'Oja']],
  summit: [['Olivia', 'Nguyen'], ['Jack', 'Thompson'], ['Mia', 'Patel'], ['Noah', 'Williams'], ['Ruby', 'Clarke'], ['Lachlan', 'Hughes'], ['Zoe', 'Martin'], ['Ethan', 'Kelly']],
};
const FILLER_LOCALE: Record<OrgKey, string> = { harbour: 'en', tallinn: 'et', summit: 'en' };

interface ClassType {
  name: string;
  minutes: number;
  capacity: number;
  location: string;
  description: string;
  whiteboard: WhiteboardVisibilityText;
  waitlists: boolean;
  dropinSpaces: number;
  coaches: number;
}

const CLASS_TYPES = {
  crossfit: { name: 'CrossFit', minutes: 60, capacity: 16, location: 'Main floor', description: 'Strength piece then a conditioning workout. Every movement can be scaled.', whiteboard: 'attending', waitlists: true, dropinSpaces: 2, coaches: 1 },
  oly: { name: 'Olympic Lifting', minutes: 75, capacity: 10, location: 'Platform room', description: 'Snatch and clean & jerk technique, then build to a heavy single.', whiteboard: 'public', waitlists: true, dropinSpaces: 0, coaches: 2 },
  yoga: { name: 'Yoga Flow', minutes: 60, capacity: 20, location: 'Studio', description: 'Vinyasa flow linking breath and movement. Mats provided.', whiteboard: 'other', waitlists: true, dropinSpaces: 4, coaches: 1 },
  hiit: { name: 'HIIT', minutes: 45, capacity: 18, location: 'Main floor', description: 'Short intervals, big effort, plenty of sweat.', whiteboard: 'public', waitlists: true, dropinSpaces: 2, coaches: 1 },
  pilates: { name: 'Pilates', minutes: 50, capacity: 14, location: 'Studio', description: 'Mat Pilates for core strength and control.', whiteboard: 'other', waitlists: true, dropinSpaces: 0, coaches: 1 },
  openGym: { name: 'Open Gym', minutes: 120, capacity: 30, location: 'Whole gym', description: 'Train on your own with a coach on the floor.', whiteboard: 'public', waitlists: false, dropinSpaces: -1, coaches: 1 },
  mobility: { name: 'Mobility', minutes: 45, capacity: 15, location: 'Studio', description: 'Slow stretching and joint work to recover and move better.', whiteboard: 'public', waitlists: false, dropinSpaces: 0, coaches: 1 },
} satisfies Record<string, ClassType>;

type ClassKey = keyof typeof CLASS_TYPES;

// Local start times per weekday (0 = Sunday): 4 to 6 classes a day.
const WEEKDAY: [number, number, ClassKey][] = [[6, 0, 'crossfit'], [9, 30, 'yoga'], [12, 15, 'hiit'], [17, 30, 'crossfit']];
const SCHEDULE: Record<number, [number, number, ClassKey][]> = {
  0: [[8, 0, 'openGym'], [9, 30, 'yoga'], [11, 0, 'mobility'], [16, 0, 'pilates']],
  1: [...WEEKDAY, [18, 45, 'oly']],
  2: [...WEEKDAY, [18, 45, 'pilates']],
  3: [...WEEKDAY, [18, 45, 'oly'], [20, 0, 'mobility']],
  4: [...WEEKDAY, [18, 45, 'pilates']],
  5: [...WEEKDAY, [18, 45, 'oly']],
  6: [[8, 0, 'openGym'], [9, 0, 'crossfit'], [10, 30, 'mobility'], [12, 0, 'hiit']],
};

function timeZoneOf(facilityKey: string): string {
  return FACILITIES.find((f) => f.key === facilityKey)?.timeZone ?? 'UTC';
}

interface LocalDay {
  y: number;
  m: number;
  d: number;
  weekday: number;
}

/** The calendar day `offset` days from today in a time zone (noon avoids DST edges). */
function localDay(now: Date, timeZone: string, offset: number): LocalDay {
  const today = new TZDate(now.getTime(), timeZone);
  const day = new TZDate(today.getFullYear(), today.getMonth(), today.getDate() + offset, 12, 0, 0, timeZone);
  return { y: day.getFullYear(), m: day.getMonth(), d: day.getDate(), weekday: day.getDay() };
}

function localTime(day: LocalDay, hours: number, minutes: number, timeZone: string): Date {
  return new Date(new TZDate(day.y, day.m, day.d, hours, minutes, 0, timeZone).getTime());
}

type Trx = Transaction<Database>;

interface VisitSpec {
  who: number;
  state: VisitStateText;
  dropin?: boolean;
  lateCancelled?: boolean;
  offerExpiresAt?: Date;
}

interface ClassSpec {
  type: ClassKey;
  start: Date;
  name?: string;
  capacity?: number;
  waitlists?: boolean;
  dropinSpaces?: number;
  bookingOpenAt?: Date;
  bookingCloseAt?: Date;
  cancelled?: boolean;
  onlineUrl?: string;
  substituted?: boolean;
  visits?: VisitSpec[];
}

// Hashed up front, once per process: scrypt is slow, should not run while the transaction
// holds the database, and seeding several databases (tests) need not repeat it.
let demoHashes: Promise<Map<string, string>> | null = null;

function demoPasswordHashes(): Promise<Map<string, string>> {
  const people = Object.values(PEOPLE).filter((p) => p.canSignIn);
  demoHashes ??= Promise.all(people.map(async (p) => [p.email, await hashPassword(DEMO_PASSWORD)] as const)).then((pairs) => new Map(pairs));
  return demoHashes;
}

export async function seedDemo(db: Kysely<Database>, now: Date): Promise<void> {
  const hashes = await demoPasswordHashes();
  await db.transaction().execute((trx) => seedInto(trx, now, hashes));
}

async function seedInto(trx: Trx, now: Date, passwordHashes: Map<string, string>): Promise<void> {
  const at = now.toISOString();
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

  const orgIds = {} as Record<OrgKey, number>;
  for (const org of ORGS) {
    const row = await trx.insertInto('orgs').values({ name: org.name, logo_url: null, short_id: org.shortId, ...orgDocuments(org.name) }).returning('id').executeTakeFirstOrThrow();
    orgIds[org.key] = row.id;
  }

  const facilityIds: Record<string, number> = {};
  for (const f of FACILITIES) {
    const row = await trx
      .insertInto('facilities')
      .values({ guid: seedUuid(`facility:${f.key}`), org_id: orgIds[f.org], name: f.name, time_zone: f.timeZone, currency_code: f.currency, address: f.address, phone: f.phone, email: f.email, feed_enabled: f.feed ? 1 : 0, late_cancel_fee_cents: LATE_CANCEL_FEE_CENTS[f.currency] ?? null, plates_kg: f.platesKg ? JSON.stringify(f.platesKg) : null, plates_lb: f.platesLb ? JSON.stringify(f.platesLb) : null })
      .returning('id')
      .executeTakeFirstOrThrow();
    facilityIds[f.key] = row.id;
  }

  async function addPerson(p: PersonSeed): Promise<number> {
    const row = await trx
      .insertInto('members_profiles')
      .values({
        guid: seedUuid(`profile:${p.email}`),
        email: p.email,
        password_hash: passwordHashes.get(p.email) ?? null,
        full_name: `${p.first} ${p.last}`,
        first_name: p.first,
        last_name: p.last,
        locale: p.locale,
        avatar_thumb_url: null,
        avatar_main_url: null,
        calendar_token: null,
        preferences: '{}',
        track_training: p.trackTraining ? 1 : 0,
        created_at: ago(400 * DAY),
        updated_at: ago(400 * DAY),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function addAccount(profileId: number, p: PersonSeed, org: OrgKey, extra: { lastVisitAgo?: number; hiddenAgo?: number; phone?: string; birthday?: string; address?: string; emergency?: string }): Promise<void> {
    await trx
      .insertInto('accounts')
      .values({
        profile_id: profileId,
        org_id: orgIds[org],
        short_id: seedShortId(org, p.email),
        first_name: p.first,
        last_name: p.last,
        phone: extra.phone ?? null,
        address: extra.address ?? null,
        birthday: extra.birthday ?? null,
        emergency_contact: extra.emergency ?? null,
        hidden_at: extra.hiddenAgo === undefined ? null : ago(extra.hiddenAgo),
        last_visit_at: extra.lastVisitAgo === undefined ? null : ago(extra.lastVisitAgo),
        created_at: ago(365 * DAY),
      })
      .execute();
  }

  const alex = await addPerson(PEOPLE.alex);
  const sam = await addPerson(PEOPLE.sam);
  const kai = await addPerson(PEOPLE.kai);
  // Harbour Strength was visited most recently, so the app opens there.
  await addAccount(alex, PEOPLE.alex, 'harbour', { lastVisitAgo: DAY, phone: '+64 21 555 0101', birthday: '1990-04-23', address: '5 Tinakori Road, Wellington 6011', emergency: 'Jordan Rivera, +64 21 555 0199' });
  await addAccount(alex, PEOPLE.alex, 'tallinn', { lastVisitAgo: 9 * DAY, phone: '+372 5555 0101' });
  await addAccount(alex, PEOPLE.alex, 'summit', { lastVisitAgo: 40 * DAY, hiddenAgo: 20 * DAY });
  await addAccount(sam, PEOPLE.sam, 'harbour', { lastVisitAgo: 2 * DAY, phone: '+64 22 555 0202', birthday: '1986-11-02' });
  await addAccount(kai, PEOPLE.kai, 'tallinn', { lastVisitAgo: DAY, phone: '+372 5555 0303', birthday: '1995-07-14' });

  const fillers = {} as Record<OrgKey, number[]>;
  for (const org of ORGS) {
    fillers[org.key] = [];
    for (const [first, last] of FILLERS[org.key]) {
      const person: PersonSeed = { email: `${first}.${last}@${org.key}.example`.toLowerCase().replace(/'/g, ''), first, last, locale: FILLER_LOCALE[org.key], trackTraining: false, canSignIn: false };
      const id = await addPerson(person);
      await addAccount(id, person, org.key, { lastVisitAgo: (fillers[org.key].length + 1) * DAY });
      fillers[org.key].push(id);
    }
  }

  let classCounter = 0;
  // CrossFit and Olympic Lifting classes get whiteboards and results (seed-training.ts).
  const trainingClasses: TrainingClass[] = [];
  const demoMembers = new Set([alex, sam, kai]);
  // Instructors and visits are collected and inserted in batches at the end: far fewer round trips.
  const instructors: NewInstructor[] = [];
  const visitRows: NewVisit[] = [];

  async function addClass(facility: FacilitySeed, spec: ClassSpec): Promise<number> {
    const type = CLASS_TYPES[spec.type];
    const start = spec.start;
    const end = new Date(start.getTime() + type.minutes * MINUTE);
    const values: NewSession = {
      facility_id: facilityIds[facility.key] as number,
      name: spec.name ?? type.name,
      description: type.description,
      location: type.location,
      start_at: start.toISOString(),
      end_at: end.toISOString(),
      booking_open_at: (spec.bookingOpenAt ?? new Date(start.getTime() - BOOKING_OPENS_BEFORE)).toISOString(),
      booking_close_at: (spec.bookingCloseAt ?? start).toISOString(),
      cancellation_close_at: new Date(start.getTime() - CANCELLATION_CLOSES_BEFORE).toISOString(),
      cancelled: spec.cancelled ? 1 : 0,
      capacity: spec.capacity ?? type.capacity,
      waitlists_on: (spec.waitlists ?? type.waitlists) ? 1 : 0,
      dropin_spaces: spec.dropinSpaces ?? type.dropinSpaces,
      online_url: spec.onlineUrl ?? null,
      whiteboard_visibility: type.whiteboard,
      created_at: ago(30 * DAY),
      updated_at: ago(30 * DAY),
    };
    const { id } = await trx.insertInto('sessions').values(values).returning('id').executeTakeFirstOrThrow();
    if (spec.type === 'crossfit' || spec.type === 'oly') {
      const attendees = (spec.visits ?? []).filter((v) => (v.state === 'booked' || v.state === 'attended') && !demoMembers.has(v.who)).map((v) => v.who);
      trainingClasses.push({ id, kind: spec.type, orgId: orgIds[facility.org], timeZone: facility.timeZone, start, end, attendees });
    }

    const staff = ORGS.find((o) => o.key === facility.org)?.instructors ?? [];
    const n = classCounter++;
    for (let i = 0; i < type.coaches; i++) {
      // Every seventh class has a cover coach standing in.
      const substituted = i === 0 && (spec.substituted ?? n % 7 === 3);
      instructors.push({ session_id: id, position: i, full_name: staff[(n + i) % staff.length] ?? 'Coach', substituted: substituted ? 1 : 0 });
    }

    // Bookings are made a couple of days before the class, in list order, so waitlist order is the listed order.
    const visits = spec.visits ?? [];
    const firstBooked = Math.min(now.getTime() - 30 * MINUTE, start.getTime() - 2 * DAY);
    for (const [i, v] of visits.entries()) {
      const created = new Date(firstBooked + i * 7 * MINUTE).toISOString();
      visitRows.push({
        profile_id: v.who,
        session_id: id,
        state: v.state,
        late_cancelled: v.lateCancelled ? 1 : 0,
        dropin: v.dropin ? 1 : 0,
        offer_expires_at: v.offerExpiresAt?.toISOString() ?? null,
        created_at: created,
        updated_at: v.state === 'booked' || v.state === 'waitlisted' ? created : at,
      });
    }
    return id;
  }

  const people = (ids: number[], state: VisitStateText): VisitSpec[] => ids.map((who) => ({ who, state }));
  // Classes the seeded notifications and training results point at.
  const story = { cancelled: 0, finishedYesterday: 0, tallinnYesterday: 0, publicBoard: 0 };

  for (const facility of FACILITIES) {
    const crowd = fillers[facility.org];
    const tz = facility.timeZone;

    // The regular timetable: yesterday plus the next 14 days, at local times.
    for (let offset = -1; offset <= 13; offset++) {
      const day = localDay(now, tz, offset);
      for (const [index, [h, m, type]] of (SCHEDULE[day.weekday] ?? []).entries()) {
        const start = localTime(day, h, m, tz);
        const finished = start.getTime() + CLASS_TYPES[type].minutes * MINUTE <= now.getTime();
        const taken = (offset * 5 + index * 3 + facility.key.length) % 5;
        await addClass(facility, { type, start, visits: people(crowd.slice(0, taken), finished ? 'attended' : 'booked') });
      }
    }

    // Classes in each booking state, timed relative to now (rounded to 5 minutes).
    const base = Math.floor(now.getTime() / (5 * MINUTE)) * 5 * MINUTE;
    const t = (ms: number) => new Date(base + ms);
    const wellington = facility.key === 'harbour-wellington';
    const tomorrow = localDay(now, tz, 1);

    // In progress: started 15 minutes ago.
    await addClass(facility, { type: 'crossfit', start: t(-15 * MINUTE), visits: people(crowd.slice(0, 4), 'attended') });

    // Inside the late-cancel window: starts in under 2 hours, Alex is booked.
    await addClass(facility, { type: 'hiit', start: t(110 * MINUTE), visits: [{ who: alex, state: 'booked' }, ...people(crowd.slice(0, 3), 'booked')] });

    // Booking closed but not started: this class closes bookings an hour before it starts.
    await addClass(facility, { type: 'pilates', start: t(40 * MINUTE), bookingCloseAt: t(-20 * MINUTE), visits: people(crowd.slice(2, 4), 'booked') });

    // Free places, and an online stream link.
    await addClass(facility, { type: 'mobility', start: t(5 * HOUR), onlineUrl: `https://meet.example.com/${facility.key}-mobility`, visits: people(crowd.slice(0, 2), 'booked') });

    // Cancelled by the club; the bookings on it were cancelled with it (at Wellington Alex's
    // too, and Alex was told: see the notifications below).
    const cancelledId = await addClass(facility, { type: 'yoga', start: t(28 * HOUR), cancelled: true, visits: people(wellington ? [alex, ...crowd.slice(0, 2)] : crowd.slice(0, 2), 'cancelled') });
    if (wellington) story.cancelled = cancelledId;

    // Full with the waitlist on. At Wellington Sam holds a place and Alex is first in line,
    // so Sam cancelling offers the place to Alex.
    if (wellington) {
      await addClass(facility, { type: 'crossfit', start: t(30 * HOUR), capacity: 6, substituted: true, visits: [{ who: sam, state: 'booked' }, ...people(crowd.slice(0, 5), 'booked'), { who: alex, state: 'waitlisted' }] });
    } else {
      const booked = facility.org === 'tallinn' ? [...crowd.slice(0, 5), kai] : crowd.slice(0, 6);
      await addClass(facility, { type: 'crossfit', start: t(30 * HOUR), capacity: 6, visits: [...people(booked, 'booked'), { who: crowd[6] as number, state: 'waitlisted' }] });
    }

    // Full without a waitlist.
    await addClass(facility, { type: 'oly', start: t(50 * HOUR), capacity: 4, waitlists: false, visits: people(crowd.slice(3, 7), 'booked') });

    // Drop-in with 3 spaces, one taken; and drop-in without a limit.
    await addClass(facility, { type: 'openGym', start: t(26 * HOUR), capacity: 12, dropinSpaces: 3, visits: [...people(crowd.slice(0, 3), 'booked'), { who: crowd[3] as number, state: 'booked', dropin: true }] });
    await addClass(facility, { type: 'openGym', start: t(74 * HOUR), dropinSpaces: -1, visits: people(crowd.slice(4, 6), 'booked') });

    // Booking not yet open: opens 7 days before a class 9 days away.
    await addClass(facility, { type: 'oly', start: t(9 * DAY) });

    // Finished: earlier today and yesterday, Alex attended (and late-cancelled one member).
    await addClass(facility, { type: 'yoga', start: t(-3 * HOUR), visits: [{ who: alex, state: 'attended' }, ...people(crowd.slice(0, 3), 'attended'), { who: crowd[3] as number, state: 'cancelled', lateCancelled: true }] });
    const yesterdayRegulars = wellington ? [alex, sam] : facility.org === 'tallinn' ? [alex, kai] : [alex];
    const yesterdayId = await addClass(facility, { type: 'oly', start: t(-26 * HOUR), visits: people([...yesterdayRegulars, ...crowd.slice(4, 6)], 'attended') });
    if (wellington) story.finishedYesterday = yesterdayId;
    if (facility.org === 'tallinn') story.tallinnYesterday = yesterdayId;

    // Wellington, earlier today: a public Olympic Lifting class whose leaderboard has other
    // members' results but none of Alex's, for logging a result against a class.
    if (wellington) {
      // Off the quarter hours, so it never shares a start with a regular Olympic Lifting class.
      const earlier = base - 100 * MINUTE - (((base - 100 * MINUTE) / MINUTE) % 15 === 0 ? 5 * MINUTE : 0);
      const start = new Date(Math.max(earlier, localTime(localDay(now, tz, 0), 0, 5, tz).getTime()));
      const finished = start.getTime() + CLASS_TYPES.oly.minutes * MINUTE <= now.getTime();
      story.publicBoard = await addClass(facility, { type: 'oly', start, visits: people(crowd.slice(2, 6), finished ? 'attended' : 'booked') });
    }

    // Tomorrow morning: Alex (and Sam) booked at Wellington, Kai at Tallinn.
    const tomorrowMembers = wellington ? [alex, sam] : facility.org === 'tallinn' ? [kai] : [];
    await addClass(facility, { type: 'crossfit', name: 'CrossFit Early', start: localTime(tomorrow, 7, 0, tz), visits: people([...tomorrowMembers, ...crowd.slice(0, 2)], 'booked') });

    // Tomorrow lunchtime: plenty of free places and none of the demo members booked, for
    // booking journeys (waitlist on, 2 drop-in spaces).
    await addClass(facility, { type: 'crossfit', name: 'Barbell Basics', start: localTime(tomorrow, 12, 45, tz), visits: people(crowd.slice(0, 2), 'booked') });

    // Petone: a place offered to Alex from the waitlist, waiting for confirmation.
    if (facility.key === 'harbour-petone') {
      await addClass(facility, { type: 'hiit', start: t(6 * HOUR), capacity: 8, visits: [...people(crowd.slice(0, 7), 'booked'), { who: alex, state: 'pending', offerExpiresAt: t(HOUR) }] });
    }
  }

  for (let i = 0; i < instructors.length; i += 200) await trx.insertInto('session_instructors').values(instructors.slice(i, i + 200)).execute();
  for (let i = 0; i < visitRows.length; i += 200) await trx.insertInto('visits').values(visitRows.slice(i, i + 200)).execute();

  // Memberships and passes: what visits and late cancels count against.
  //   Alex: an unlimited membership at Harbour Strength (and an old, used-up intro pass there),
  //         a 10-visit pass at Tallinn Movement (and a summer membership there that has ended),
  //         nothing at Summit Climbing (late cancels there are casual charges).
  //   Sam:  a membership at Harbour Strength.
  //   Kai:  a 10-visit pass at Tallinn Movement.
  const later = (ms: number) => new Date(now.getTime() + ms).toISOString();
  const memberships: NewMembership[] = [
    { profile_id: alex, org_id: orgIds.harbour, name: 'Unlimited Membership', valid_from: ago(200 * DAY), valid_to: later(165 * DAY), created_at: ago(200 * DAY) },
    { profile_id: alex, org_id: orgIds.tallinn, name: 'Summer Membership', valid_from: ago(120 * DAY), valid_to: ago(30 * DAY), created_at: ago(120 * DAY) },
    { profile_id: sam, org_id: orgIds.harbour, name: 'Standard Membership', valid_from: ago(90 * DAY), valid_to: later(275 * DAY), created_at: ago(90 * DAY) },
  ];
  await trx.insertInto('memberships').values(memberships).execute();
  const passes: NewPass[] = [
    { profile_id: alex, org_id: orgIds.tallinn, name: '10-Visit Pass', visits_total: 10, visits_used: 3, valid_from: ago(30 * DAY), valid_to: later(60 * DAY), created_at: ago(30 * DAY) },
    { profile_id: alex, org_id: orgIds.harbour, name: 'Intro 5-Visit Pass', visits_total: 5, visits_used: 5, valid_from: ago(300 * DAY), valid_to: ago(230 * DAY), created_at: ago(300 * DAY) },
    { profile_id: kai, org_id: orgIds.tallinn, name: '10-Visit Pass', visits_total: 10, visits_used: 6, valid_from: ago(20 * DAY), valid_to: later(70 * DAY), created_at: ago(20 * DAY) },
  ];
  await trx.insertInto('passes').values(passes).execute();

  await seedNotifications(trx, now, { orgIds, facilityIds, alex, sam, kai, story });
  const timeZones = Object.fromEntries(FACILITIES.map((f) => [f.key, f.timeZone]));
  await seedAppointmentCatalogue(trx, now, { orgIds, facilityIds, timeZones, sam });
  await seedCourses(trx, now, { facilityIds, timeZones });
  await seedShop(trx, now, { orgIds });
  await seedFeed(trx, now, { orgIds, people: { alex, sam, kai } });

  await seedTraining(trx, now, {
    orgIds: ORGS.map((o) => orgIds[o.key]),
    harbour: orgIds.harbour,
    tallinn: orgIds.tallinn,
    wellingtonTimeZone: timeZoneOf('harbour-wellington'),
    tallinnTimeZone: timeZoneOf('tallinn-old-town'),
    alex,
    kai,
    fillers: new Map(ORGS.map((o) => [orgIds[o.key], fillers[o.key]])),
    classes: trainingClasses,
    yesterdayOly: { harbour: story.finishedYesterday, tallinn: story.tallinnYesterday },
    publicBoard: story.publicBoard,
  });

  // The seeded late cancels (club members without a membership or pass) were casual charges.
  const lateCancels = await trx.selectFrom('visits').select(['id', 'updated_at']).where('late_cancelled', '=', 1).execute();
  if (lateCancels.length > 0) {
    await trx
      .insertInto('visit_charges')
      .values(lateCancels.map((v) => ({ visit_id: v.id, membership_id: null, pass_id: null, kind: 'late_cancel' as const, created_at: v.updated_at })))
      .execute();
  }

  // The demo's past is not a class that just ended: nobody is prompted to log a seeded class
  // (features/training/log-prompts.ts); classes ending after the seed prompt as they would.
  await trx
    .insertInto('log_prompts_sent')
    .columns(['profile_id', 'session_id', 'sent_at'])
    .expression(
      trx.selectFrom('visits').innerJoin('sessions', 'sessions.id', 'visits.session_id').select(['visits.profile_id', 'visits.session_id', sql.lit(at).as('sent_at')]).distinct().where('sessions.end_at', '<=', at).where('visits.state', 'in', ['booked', 'attended']),
    )
    .execute();
}

interface NotificationSeedContext {
  orgIds: Record<OrgKey, number>;
  facilityIds: Record<string, number>;
  alex: number;
  sam: number;
  kai: number;
  story: { cancelled: number; finishedYesterday: number };
}

// Posts (one per organisation), an appointment for Alex, and notifications for the demo members:
//   Alex at Harbour Strength: the Harbour post (read, yesterday), the cancelled Yoga Flow class
//     at Wellington (unread), the place offered at Petone (unread waitlist, expires with the
//     offer, removed when it is answered), and an expired waitlist offer that is never listed.
//   Alex at Tallinn Movement (unread) and Summit Climbing (read): those organisations' posts.
//   Sam: the Harbour post (unread). Kai: the Tallinn post (unread).
//   Alex has a Personal Training appointment at Wellington tomorrow at 10:00.
async function seedNotifications(trx: Trx, now: Date, ctx: NotificationSeedContext): Promise<void> {
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
  const { alex, sam, kai, orgIds } = ctx;
  const wellington = FACILITIES.find((f) => f.key === 'harbour-wellington') as FacilitySeed;

  const posts: { org: OrgKey; author: string; content: string; ago: number }[] = [
    { org: 'harbour', author: 'Mere Tane', content: 'New lifting platforms are in!\nFour new platforms and bumper sets on the main floor. Come and try them at Open Gym this weekend.', ago: DAY },
    { org: 'tallinn', author: 'Kristiina Lill', content: 'Summer timetable starts on Monday\nMorning classes move to 7:00 and we add a Saturday mobility session.', ago: 2 * DAY },
    { org: 'summit', author: 'Priya Shah', content: 'The bouldering wall has been reset\nThirty new problems from V0 to V7. Enjoy!', ago: 3 * DAY },
  ];
  const postIds = {} as Record<OrgKey, { id: number; author: string; message: string; at: string }>;
  for (const p of posts) {
    const at = ago(p.ago);
    const { id } = await trx.insertInto('posts').values({ org_id: orgIds[p.org], facility_id: null, author_name: p.author, content: p.content, created_at: at }).returning('id').executeTakeFirstOrThrow();
    postIds[p.org] = { id, author: p.author, message: postMessage(p.content), at };
  }

  const rows: NewNotification[] = [];
  const postNotification = (profileId: number, org: OrgKey, readAfter: number | null): NewNotification => {
    const p = postIds[org];
    const readAt = readAfter === null ? null : new Date(Date.parse(p.at) + readAfter).toISOString();
    return {
      profile_id: profileId,
      org_id: orgIds[org],
      type: 'post',
      message: p.message,
      params: JSON.stringify({ posts: [{ id: p.id, author: { full_name: p.author } }] }),
      avatar_url: null,
      visit_id: null,
      read_at: readAt,
      removed_at: null,
      expires_at: null,
      created_at: p.at,
      updated_at: readAt ?? p.at,
    };
  };
  rows.push(postNotification(alex, 'harbour', 3 * HOUR));

  const classRow = (id: number) => trx.selectFrom('sessions').select(['id', 'name', 'start_at']).where('id', '=', id).executeTakeFirstOrThrow();
  const cancelled = await classRow(ctx.story.cancelled);
  rows.push({
    profile_id: alex,
    org_id: orgIds.harbour,
    type: 'class_cancelled',
    message: classCancelledMessage(cancelled.name, cancelled.start_at, wellington.timeZone, 'booked'),
    params: JSON.stringify({ class: { id: cancelled.id, name: cancelled.name, start_date: cancelled.start_at } }),
    avatar_url: null,
    visit_id: null,
    read_at: null,
    removed_at: null,
    expires_at: null,
    created_at: ago(3 * HOUR),
    updated_at: ago(3 * HOUR),
  });

  const pending = await trx
    .selectFrom('visits')
    .innerJoin('sessions', 'sessions.id', 'visits.session_id')
    .innerJoin('facilities', 'facilities.id', 'sessions.facility_id')
    .select(['visits.id as visit_id', 'visits.offer_expires_at', 'sessions.id', 'sessions.name', 'sessions.start_at', 'facilities.time_zone', 'facilities.org_id'])
    .where('visits.profile_id', '=', alex)
    .where('visits.state', '=', 'pending')
    .execute();
  for (const p of pending) {
    rows.push({
      profile_id: alex,
      org_id: p.org_id,
      type: 'waitlist',
      message: waitlistOfferMessage(p.name, p.start_at, p.offer_expires_at, p.time_zone, new Date(now.getTime() - HOUR)),
      params: JSON.stringify({ class: { id: p.id, name: p.name, start_date: p.start_at }, visit: { id: p.visit_id } }),
      avatar_url: null,
      visit_id: p.visit_id,
      read_at: null,
      removed_at: null,
      expires_at: p.offer_expires_at,
      created_at: ago(HOUR),
      updated_at: ago(HOUR),
    });
  }

  // An offer from before yesterday's class that lapsed: expired, so never listed.
  const yesterday = await classRow(ctx.story.finishedYesterday);
  const offeredAt = Date.parse(yesterday.start_at) - 4 * HOUR;
  const lapsedAt = new Date(offeredAt + 2 * HOUR).toISOString();
  rows.push({
    profile_id: alex,
    org_id: orgIds.harbour,
    type: 'waitlist',
    message: waitlistOfferMessage(yesterday.name, yesterday.start_at, lapsedAt, wellington.timeZone, new Date(offeredAt)),
    params: JSON.stringify({ class: { id: yesterday.id, name: yesterday.name, start_date: yesterday.start_at } }),
    avatar_url: null,
    visit_id: null,
    read_at: null,
    removed_at: null,
    expires_at: lapsedAt,
    created_at: new Date(offeredAt).toISOString(),
    updated_at: new Date(offeredAt).toISOString(),
  });

  rows.push(postNotification(sam, 'harbour', null), postNotification(alex, 'tallinn', null), postNotification(kai, 'tallinn', null), postNotification(alex, 'summit', 30 * MINUTE));
  await trx.insertInto('notifications').values(rows).execute();

  const tomorrow = localDay(now, wellington.timeZone, 1);
  await trx
    .insertInto('appointments')
    .values({
      profile_id: alex,
      facility_id: ctx.facilityIds[wellington.key] as number,
      service_name: 'Personal Training',
      staff_name: 'Mere Tane',
      start_at: localTime(tomorrow, 10, 0, wellington.timeZone).toISOString(),
      status: 'booked',
      updated_at: ago(5 * DAY),
    })
    .execute();
}
