import type { Kysely } from 'kysely';
import type { ApiErrorBody, Session, Visit } from '../../core/contract/types';
import type { Database } from '../db/schema';
import { json, type Browser } from './helpers';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export type FacilityName = 'Wellington' | 'Petone' | 'Tallinn Old Town' | 'Summit Sydney';

export async function profileIdOf(db: Kysely<Database>, email: string): Promise<number> {
  return (await db.selectFrom('members_profiles').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
}

export async function facilityGuid(db: Kysely<Database>, name: FacilityName): Promise<string> {
  return (await db.selectFrom('facilities').select('guid').where('name', '=', name).executeTakeFirstOrThrow()).guid;
}

/**
 * The seeded classes in each booking state (server/db/seed.ts), found by facility, name and start.
 * Story classes are timed from the seeding moment rounded down to 5 minutes; when a regular class
 * shares name and start, the story class is the later row.
 */
export function seededClasses(db: Kysely<Database>, seededAt: Date) {
  const base = Math.floor(seededAt.getTime() / (5 * MINUTE)) * 5 * MINUTE;
  const at = (ms: number) => new Date(base + ms).toISOString();
  async function find(facility: FacilityName, name: string, start?: string): Promise<number> {
    let q = db.selectFrom('sessions').innerJoin('facilities', 'facilities.id', 'sessions.facility_id').select('sessions.id').where('facilities.name', '=', facility).where('sessions.name', '=', name);
    if (start) q = q.where('sessions.start_at', '=', start);
    const row = await q.orderBy('sessions.id', 'desc').executeTakeFirst();
    if (!row) throw new Error(`no seeded class ${name} at ${facility} ${start ?? ''}`);
    return row.id;
  }
  return {
    at,
    inProgress: (f: FacilityName) => find(f, 'CrossFit', at(-15 * MINUTE)),
    lateCancelWindow: (f: FacilityName) => find(f, 'HIIT', at(110 * MINUTE)),
    bookingClosed: (f: FacilityName) => find(f, 'Pilates', at(40 * MINUTE)),
    freeWithStream: (f: FacilityName) => find(f, 'Mobility', at(5 * HOUR)),
    cancelled: (f: FacilityName) => find(f, 'Yoga Flow', at(28 * HOUR)),
    fullWithWaitlist: (f: FacilityName) => find(f, 'CrossFit', at(30 * HOUR)),
    fullNoWaitlist: (f: FacilityName) => find(f, 'Olympic Lifting', at(50 * HOUR)),
    dropinLimited: (f: FacilityName) => find(f, 'Open Gym', at(26 * HOUR)),
    dropinUnlimited: (f: FacilityName) => find(f, 'Open Gym', at(74 * HOUR)),
    notYetOpen: (f: FacilityName) => find(f, 'Olympic Lifting', at(9 * DAY)),
    finishedToday: (f: FacilityName) => find(f, 'Yoga Flow', at(-3 * HOUR)),
    finishedYesterday: (f: FacilityName) => find(f, 'Olympic Lifting', at(-26 * HOUR)),
    tomorrowEarly: (f: FacilityName) => find(f, 'CrossFit Early'),
    barbellBasics: (f: FacilityName) => find(f, 'Barbell Basics'),
    offeredToAlex: () => find('Petone', 'HIIT', at(6 * HOUR)),
  };
}

export async function visitOf(db: Kysely<Database>, profileId: number, sessionId: number) {
  return db.selectFrom('visits').selectAll().where('profile_id', '=', profileId).where('session_id', '=', sessionId).orderBy('id', 'desc').executeTakeFirstOrThrow();
}

/** Puts a club member (not a demo login) on a class's waitlist, joined at `createdAt`. */
export async function addWaitlisted(db: Kysely<Database>, sessionId: number, createdAt: Date, fillerIndex: number): Promise<number> {
  const session = await db.selectFrom('sessions').innerJoin('facilities', 'facilities.id', 'sessions.facility_id').select('facilities.org_id').where('sessions.id', '=', sessionId).executeTakeFirstOrThrow();
  const fillers = await db
    .selectFrom('accounts')
    .innerJoin('members_profiles', 'members_profiles.id', 'accounts.profile_id')
    .select('accounts.profile_id')
    .where('accounts.org_id', '=', session.org_id)
    .where('members_profiles.password_hash', 'is', null)
    .orderBy('accounts.profile_id')
    .execute();
  const candidates = [];
  for (const f of fillers) {
    const live = await db.selectFrom('visits').select('id').where('profile_id', '=', f.profile_id).where('session_id', '=', sessionId).where('state', '<>', 'cancelled').executeTakeFirst();
    if (!live) candidates.push(f.profile_id);
  }
  const who = candidates[fillerIndex];
  if (who === undefined) throw new Error('no free filler');
  const stamp = createdAt.toISOString();
  const { id } = await db.insertInto('visits').values({ profile_id: who, session_id: sessionId, state: 'waitlisted', offer_expires_at: null, created_at: stamp, updated_at: stamp }).returning('id').executeTakeFirstOrThrow();
  return id;
}

export const post = (browser: Browser, path: string, body?: unknown, headers: Record<string, string> = {}) => browser.request(path, { method: 'POST', json: body, headers });
export const put = (browser: Browser, path: string, headers: Record<string, string> = {}) => browser.request(path, { method: 'PUT', headers });

export async function expectError(res: Response, status: number, code: string): Promise<ApiErrorBody> {
  const body = await json<ApiErrorBody>(res);
  if (res.status !== status || body.code !== code) throw new Error(`expected ${status} ${code}, got ${res.status} ${JSON.stringify(body)}`);
  return body;
}

export const asVisit = (res: Response) => json<Visit>(res);
export const asSession = (res: Response) => json<Session>(res);

export interface LastPlaces {
  /** Emails of the racing members (Alex's password). */
  emails: string[];
  sessionId: number;
  headers: Record<string, string>;
  /** Places booked before the race. */
  bookedBefore: number;
}

/**
 * `racers` new members of Alex's first organisation (emails `${prefix}${i}@example.com`) and the
 * first class after tomorrow at its first facility, open for booking with exactly `placesLeft`
 * places left: the set-up of the races for the last places.
 */
export async function lastPlacesRace(db: Kysely<Database>, prefix: string, racers: number, placesLeft: number): Promise<LastPlaces> {
  const alex = await db.selectFrom('members_profiles').selectAll().where('email', '=', 'demo@example.com').executeTakeFirstOrThrow();
  const account = await db.selectFrom('accounts').selectAll().where('profile_id', '=', alex.id).orderBy('org_id').executeTakeFirstOrThrow();
  const facility = await db.selectFrom('facilities').select(['id', 'guid']).where('org_id', '=', account.org_id).orderBy('id').executeTakeFirstOrThrow();
  const stamp = new Date().toISOString();
  const emails: string[] = [];
  for (let i = 0; i < racers; i += 1) {
    const email = `${prefix}${i}@example.com`;
    const profile = await db
      .insertInto('members_profiles')
      .values({ ...alex, id: undefined, guid: `${prefix}-${i}`, email, full_name: `Racer ${i}`, first_name: 'Racer', last_name: String(i), calendar_token: null, created_at: stamp, updated_at: stamp })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('accounts').values({ ...account, id: undefined, profile_id: profile.id, short_id: `${prefix}-${i}`, first_name: 'Racer', last_name: String(i), created_at: stamp }).execute();
    emails.push(email);
  }
  const tomorrow = new Date(Date.now() + DAY).toISOString();
  const session = await db.selectFrom('sessions').selectAll().where('facility_id', '=', facility.id).where('start_at', '>', tomorrow).where('cancelled', '=', 0).orderBy('start_at').executeTakeFirstOrThrow();
  const booked = await bookedCount(db, session.id);
  await db.updateTable('sessions').set({ capacity: booked + placesLeft, booking_open_at: new Date(Date.now() - HOUR).toISOString() }).where('id', '=', session.id).execute();
  return { emails, sessionId: session.id, headers: { 'X-Facility-Id': facility.guid }, bookedBefore: booked };
}

export async function bookedCount(db: Kysely<Database>, sessionId: number): Promise<number> {
  const row = await db.selectFrom('visits').select((eb) => eb.fn.countAll<number>().as('n')).where('session_id', '=', sessionId).where('state', '=', 'booked').executeTakeFirstOrThrow();
  return Number(row.n);
}
