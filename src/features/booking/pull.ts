// Pulls of classes and visits (stale-while-revalidate, each one a definePull). Each fetch carries the
// scope of the facility it is for, not the one selected now, so switching facility while a pull
// runs cannot file one facility's classes under another. Rows a queued write changed, or a write
// confirmed after the pull started, are never overwritten nor deleted: a class is protected by
// `sessions:{id}`, a visit by `visits:{id}` or by its class's key. Writes are bulk operations in one transaction.
import { facilityScope, type ApiScope } from '../../data/api/client';
import { getBookings, getSession, getSessions, getVisit, getVisits } from "./api";
import type { Session, Visit } from '../../../core/contract/types';
import { db, type StoredVisit } from '../../data/db';
import { getAuthState, scopeOf } from '../../data/sync/auth-row';
import { definePull, type PullGuard, type PullOptions, type RefreshResult } from '../../data/sync/pull';
import { touchKey } from '../../data/sync/touches';
import { inTransaction } from '../../data/transaction';
import { now } from '../../data/clock';
import { SESSIONS_RANGE_MAX_DAYS } from '../../../core/limits';
import { dayKeyIn, daysFrom, TIMETABLE_DAYS } from '../../domain/timetable';

export const SESSIONS_MAX_AGE_MS = 2 * 60_000;
export const BOOKINGS_MAX_AGE_MS = 2 * 60_000;
export const VISITS_MAX_AGE_MS = 5 * 60_000;

export type { PullOptions } from '../../data/sync/pull';

/** GET /sessions spans at most SESSIONS_RANGE_MAX_DAYS local days; two days fewer leave room for DST and zones. */
export const SESSIONS_WINDOW_MS = (SESSIONS_RANGE_MAX_DAYS - 2) * 24 * 60 * 60_000;

function windows(from: string, to: string): [string, string][] {
  const out: [string, string][] = [];
  for (let start = Date.parse(from); start < Date.parse(to); start += SESSIONS_WINDOW_MS) {
    out.push([new Date(start).toISOString(), new Date(Math.min(start + SESSIONS_WINDOW_MS, Date.parse(to))).toISOString()]);
  }
  return out;
}

// What is pulled is named in resources.ts (the live views read the names without this module).
import { bookingsResource, normaliseIso, sessionResource, sessionsResource, visitResource, visitsResource } from './resources';

/** Classes and visits are written together (a visit mirrors its class); profiles name the member's facilities. */
const bookingTables = () => [db.sessions, db.visits, db.profiles];

const sessionFree = (guard: PullGuard, id: number) => guard.free(touchKey('sessions', id));
const visitFree = (guard: PullGuard, visit: { id: number; session_id?: number; session: { id: number } }) =>
  guard.free(touchKey('visits', visit.id)) && sessionFree(guard, visit.session_id ?? visit.session.id);

function toStored(visit: Visit): StoredVisit {
  return { ...visit, session_id: visit.session.id };
}

/** A visit's class goes into the sessions table only if this visit is the member's visit on it. */
function mirroredSessions(visits: Visit[]): Session[] {
  return visits.filter((visit) => visit.session.visit?.id === visit.id).map((visit) => visit.session);
}

interface SessionRange {
  facilityGuid: string;
  from: string;
  to: string;
}

const sessionsPull = definePull<SessionRange, Session[]>({
  resource: ({ facilityGuid, from, to }) => sessionsResource(facilityGuid, from, to),
  maxAgeMs: SESSIONS_MAX_AGE_MS,
  tables: bookingTables,
  async fetch({ facilityGuid, from, to }) {
    const sessions: Session[] = [];
    for (const [start, end] of windows(from, to)) sessions.push(...(await getSessions({ start_date: start, end_date: end }, { scope: facilityScope(facilityGuid) })));
    return sessions
      .filter((s) => s.facility_guid === facilityGuid)
      .map((s) => ({ ...s, start_date: normaliseIso(s.start_date) }))
      .filter((s) => s.start_date >= from && s.start_date < to);
  },
  async write(inRange, guard, { facilityGuid, from, to }) {
    if (!inRange) return;
    const returned = new Set(inRange.map((s) => s.id));
    const local = await db.sessions.where('[facility_guid+start_date]').between([facilityGuid, from], [facilityGuid, to], true, false).primaryKeys();
    const gone = local.filter((id) => !returned.has(id) && sessionFree(guard, id));
    if (gone.length > 0) await db.sessions.bulkDelete(gone);
    await db.sessions.bulkPut(inRange.filter((s) => sessionFree(guard, s.id)));
  },
});

/**
 * The classes of a facility in [fromIso, toIso): written in bulk, and the ones of that facility
 * in that range the server no longer lists are deleted — except rows a queued or newer write touched.
 */
export function pullSessions(facilityGuid: string, fromIso: string, toIso: string, options: PullOptions = {}): Promise<RefreshResult> {
  const from = normaliseIso(fromIso);
  const to = normaliseIso(toIso);
  if (from >= to) return Promise.resolve('fresh');
  return sessionsPull({ facilityGuid, from, to }, options);
}

/**
 * The week the timetable opens on today, in the facility's zone (ClassesScreen with no date
 * chosen), asked for even when fresh: the background refresh (app/pwa/background-refresh.ts).
 */
export function pullOpeningWeek(facilityGuid: string, timeZone: string, at: Date): Promise<RefreshResult> {
  const week = daysFrom(dayKeyIn(at, timeZone), TIMETABLE_DAYS, timeZone);
  return pullSessions(facilityGuid, week.from, week.to, { force: true });
}

const sessionPull = definePull<{ id: number; scope: ApiScope }, Session>({
  resource: ({ id }) => sessionResource(id),
  maxAgeMs: SESSIONS_MAX_AGE_MS,
  tables: bookingTables,
  goneOn404: true,
  async fetch({ id, scope }) {
    const local = await db.sessions.get(id);
    return getSession(id, { scope: local ? facilityScope(local.facility_guid) : scope });
  },
  async write(session, guard, { id }) {
    if (!sessionFree(guard, id)) return;
    if (session) await db.sessions.put({ ...session, start_date: normaliseIso(session.start_date) });
    else await db.sessions.delete(id);
  },
});

/** One class, e.g. for its detail screen; a 404 removes it (unless a queued or newer write touched it). */
export async function pullSession(id: number, options: PullOptions = {}): Promise<RefreshResult> {
  // A class not on the device is asked in the scope selected when the pull starts, not at sending.
  const scope = scopeOf(await getAuthState());
  return sessionPull({ id, scope }, options);
}

/** Facility guids of the organisation a facility belongs to, from the member's accounts. */
// Both read the profile in one async body: live queries call them, and an extra await layer
// would lose the query's zone, so later reads would not be observed.
export async function orgFacilityGuids(facilityGuid: string): Promise<string[]> {
  const auth = await inTransaction(getAuthState());
  const profile = auth.profileId === null ? undefined : await db.profiles.get(auth.profileId);
  const account = profile?.accounts.find((a) => a.facilities.some((f) => f.guid === facilityGuid));
  return account ? account.facilities.map((f) => f.guid) : [facilityGuid];
}

/** The organisation a facility belongs to, from the member's accounts. */
export async function orgIdOf(facilityGuid: string): Promise<number | undefined> {
  const auth = await inTransaction(getAuthState());
  const profile = auth.profileId === null ? undefined : await db.profiles.get(auth.profileId);
  return profile?.accounts.find((a) => a.facilities.some((f) => f.guid === facilityGuid))?.org.id;
}

const UPCOMING_STATES = ['booked', 'waitlisted', 'pending'] as const;

const bookingsPull = definePull<string, Visit[]>({
  resource: bookingsResource,
  maxAgeMs: BOOKINGS_MAX_AGE_MS,
  tables: bookingTables,
  fetch: (facilityGuid) => getBookings({ scope: facilityScope(facilityGuid) }),
  async write(visits, guard, facilityGuid) {
    if (!visits) return;
    const sessions = mirroredSessions(visits).map((s) => ({ ...s, start_date: normaliseIso(s.start_date) }));
    const org = new Set(await inTransaction(orgFacilityGuids(facilityGuid)));
    const returned = new Set(visits.map((v) => v.id));
    const at = now();
    const local = await db.visits.where('state').anyOf([...UPCOMING_STATES]).toArray();
    // Only visits the server must have listed: in this organisation, class not started yet.
    const gone = local
      .filter((v) => v.id > 0 && !returned.has(v.id) && org.has(v.session.facility_guid) && Date.parse(v.session.start_date) > at && visitFree(guard, v))
      .map((v) => v.id);
    if (gone.length > 0) await db.visits.bulkDelete(gone);
    await db.visits.bulkPut(visits.filter((v) => visitFree(guard, v)).map(toStored));
    await db.sessions.bulkPut(sessions.filter((s) => sessionFree(guard, s.id)));
  },
});

/**
 * Upcoming booked, waitlisted and pending visits in the facility's organisation; each visit's
 * class is mirrored into sessions. Local upcoming visits of that organisation the server no
 * longer lists (cancelled elsewhere, lapsed offers) are deleted unless a queued or newer write touched them.
 */
export function pullBookings(facilityGuid: string, options: PullOptions = {}): Promise<RefreshResult> {
  return bookingsPull(facilityGuid, options);
}

const visitsPull = definePull<string, Visit[]>({
  resource: visitsResource,
  maxAgeMs: VISITS_MAX_AGE_MS,
  tables: bookingTables,
  fetch: (facilityGuid) => getVisits({ scope: facilityScope(facilityGuid) }),
  async write(visits, guard) {
    if (visits) await db.visits.bulkPut(visits.filter((v) => visitFree(guard, v)).map(toStored));
  },
});

/** The member's visit history in the facility's organisation. */
export function pullVisits(facilityGuid: string, options: PullOptions = {}): Promise<RefreshResult> {
  return visitsPull(facilityGuid, options);
}

const visitPull = definePull<{ id: number; local: StoredVisit | undefined; scope: ApiScope }, Visit>({
  resource: ({ id }) => visitResource(id),
  maxAgeMs: VISITS_MAX_AGE_MS,
  tables: bookingTables,
  goneOn404: true,
  fetch: ({ id, local, scope }) => getVisit(id, { scope: local ? facilityScope(local.session.facility_guid) : scope }),
  async write(visit, guard, { id, local }) {
    if (!visit) {
      if (local && visitFree(guard, local)) await db.visits.delete(id);
      return;
    }
    if (!visitFree(guard, visit)) return;
    await db.visits.put(toStored(visit));
    const [session] = mirroredSessions([visit]);
    if (session && sessionFree(guard, session.id)) await db.sessions.put({ ...session, start_date: normaliseIso(session.start_date) });
  },
});

/** One visit; a 404 removes it unless a queued or newer write touched it. Temporary (negative) ids are not asked for. */
export async function pullVisit(id: number, options: PullOptions = {}): Promise<RefreshResult> {
  if (id <= 0) return 'fresh';
  const scope = scopeOf(await getAuthState());
  return visitPull({ id, local: await db.visits.get(id), scope }, options);
}

/**
 * After the server refused a booking action the local copies are out of date: forget when they
 * were fetched so the next refresh asks again. Runs inside the outbox's transaction.
 */
export async function markBookingsStale(facilityGuid: string, sessionId: number): Promise<void> {
  await db.pulls.where('resource').startsWith(`sessions:${facilityGuid}:`).delete();
  await db.pulls.bulkDelete([bookingsResource(facilityGuid), visitsResource(facilityGuid), sessionResource(sessionId)]);
}
