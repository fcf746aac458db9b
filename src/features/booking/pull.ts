// Pulls of classes and visits (stale-while-revalidate through refresh()). Each fetch carries the
// scope of the facility it is for, not the one selected now, so switching facility while a pull
// runs cannot file one facility's classes under another. Rows a queued write changed are never
// overwritten nor deleted (DESIGN rule 5): a class is protected by `sessions:{id}`, a visit by
// `visits:{id}` or by its class's touch. Writes are bulk operations in one transaction.
import { facilityScope } from '../../data/api/client';
import { getBookings, getSession, getSessions, getVisit, getVisits } from "./api";
import { ApiError } from '../../data/api/errors';
import type { Session, Visit } from '../../../core/contract/types';
import { db, type StoredVisit } from '../../data/db';
import { getAuthState } from '../../data/sync/auth-row';
import { pendingTouches } from '../../data/sync/outbox';
import { refresh, type RefreshOptions, type RefreshResult } from '../../data/sync/pull';
import { inTransaction } from '../../data/transaction';

export const SESSIONS_MAX_AGE_MS = 2 * 60_000;
export const BOOKINGS_MAX_AGE_MS = 2 * 60_000;
export const VISITS_MAX_AGE_MS = 5 * 60_000;

export type PullOptions = RefreshOptions & { maxAgeMs?: number };

/** GET /sessions allows at most 62 days; longer ranges are fetched in windows of 60. */
export const SESSIONS_WINDOW_MS = 60 * 24 * 60 * 60_000;

function windows(from: string, to: string): [string, string][] {
  const out: [string, string][] = [];
  for (let start = Date.parse(from); start < Date.parse(to); start += SESSIONS_WINDOW_MS) {
    out.push([new Date(start).toISOString(), new Date(Math.min(start + SESSIONS_WINDOW_MS, Date.parse(to))).toISOString()]);
  }
  return out;
}

/** ISO instants compare correctly as text only in one form: UTC with milliseconds. */
export function normaliseIso(value: string): string {
  const time = Date.parse(value);
  if (Number.isNaN(time)) throw new RangeError(`Not a date: ${value}`);
  return new Date(time).toISOString();
}

export function sessionsResource(facilityGuid: string, fromIso: string, toIso: string): string {
  return `sessions:${facilityGuid}:${normaliseIso(fromIso)}:${normaliseIso(toIso)}`;
}

export const bookingsResource = (facilityGuid: string) => `bookings:${facilityGuid}`;
export const visitsResource = (facilityGuid: string) => `visits:${facilityGuid}`;
export const sessionResource = (id: number) => `session:${id}`;
export const visitResource = (id: number) => `visit:${id}`;

/**
 * Runs `write` in one rw transaction with the outbox and the auth row, so neither a command
 * committing nor a sign-out can slip between the check of the touches and the write.
 */
function writePulled(write: (touched: Set<string>) => Promise<void>): Promise<void> {
  return db.transaction('rw', [db.sessions, db.visits, db.outbox, db.meta, db.profiles], async () => {
    if ((await inTransaction(getAuthState())).status !== 'authenticated') return;
    await inTransaction(write(await inTransaction(pendingTouches())));
  });
}

const sessionFree = (touched: Set<string>, id: number) => !touched.has(`sessions:${id}`);
const visitFree = (touched: Set<string>, visit: { id: number; session_id?: number; session: { id: number } }) =>
  !touched.has(`visits:${visit.id}`) && !touched.has(`sessions:${visit.session_id ?? visit.session.id}`);

function toStored(visit: Visit): StoredVisit {
  return { ...visit, session_id: visit.session.id };
}

/** A visit's class goes into the sessions table only if this visit is the member's visit on it. */
function mirroredSessions(visits: Visit[]): Session[] {
  return visits.filter((visit) => visit.session.visit?.id === visit.id).map((visit) => visit.session);
}

/**
 * The classes of a facility in [fromIso, toIso): written in bulk, and the ones of that facility
 * in that range the server no longer lists are deleted — except rows a queued write touched.
 */
export function pullSessions(facilityGuid: string, fromIso: string, toIso: string, options: PullOptions = {}): Promise<RefreshResult> {
  const from = normaliseIso(fromIso);
  const to = normaliseIso(toIso);
  if (from >= to) return Promise.resolve('fresh');
  return refresh(
    sessionsResource(facilityGuid, from, to),
    options.maxAgeMs ?? SESSIONS_MAX_AGE_MS,
    async () => {
      const sessions: Session[] = [];
      for (const [start, end] of windows(from, to)) sessions.push(...(await getSessions({ start_date: start, end_date: end }, { scope: facilityScope(facilityGuid) })));
      const inRange = sessions
        .filter((s) => s.facility_guid === facilityGuid)
        .map((s) => ({ ...s, start_date: normaliseIso(s.start_date) }))
        .filter((s) => s.start_date >= from && s.start_date < to);
      await writePulled(async (touched) => {
        const returned = new Set(inRange.map((s) => s.id));
        const local = await db.sessions.where('[facility_guid+start_date]').between([facilityGuid, from], [facilityGuid, to], true, false).primaryKeys();
        const gone = local.filter((id) => !returned.has(id) && sessionFree(touched, id));
        if (gone.length > 0) await db.sessions.bulkDelete(gone);
        await db.sessions.bulkPut(inRange.filter((s) => sessionFree(touched, s.id)));
      });
    },
    options,
  );
}

/** One class, e.g. for its detail screen; a 404 removes it (unless a queued write touched it). */
export function pullSession(id: number, options: PullOptions = {}): Promise<RefreshResult> {
  return refresh(
    sessionResource(id),
    options.maxAgeMs ?? SESSIONS_MAX_AGE_MS,
    async () => {
      const local = await db.sessions.get(id);
      let session: Session | null;
      try {
        session = await getSession(id, local ? { scope: facilityScope(local.facility_guid) } : {});
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 404)) throw error;
        session = null;
      }
      await writePulled(async (touched) => {
        if (!sessionFree(touched, id)) return;
        if (session) await db.sessions.put({ ...session, start_date: normaliseIso(session.start_date) });
        else await db.sessions.delete(id);
      });
    },
    options,
  );
}

/** Facility guids of the organisation a facility belongs to, from the member's accounts. */
export async function orgFacilityGuids(facilityGuid: string): Promise<string[]> {
  const auth = await inTransaction(getAuthState());
  const profile = auth.profileId === null ? undefined : await db.profiles.get(auth.profileId);
  const account = profile?.accounts.find((a) => a.facilities.some((f) => f.guid === facilityGuid));
  return account ? account.facilities.map((f) => f.guid) : [facilityGuid];
}

const UPCOMING_STATES = ['booked', 'waitlisted', 'pending'] as const;

/**
 * Upcoming booked, waitlisted and pending visits in the facility's organisation; each visit's
 * class is mirrored into sessions. Local upcoming visits of that organisation the server no
 * longer lists (cancelled elsewhere, lapsed offers) are deleted unless a queued write touched them.
 */
export function pullBookings(facilityGuid: string, options: PullOptions = {}): Promise<RefreshResult> {
  return refresh(
    bookingsResource(facilityGuid),
    options.maxAgeMs ?? BOOKINGS_MAX_AGE_MS,
    async () => {
      const visits = await getBookings({ scope: facilityScope(facilityGuid) });
      const sessions = mirroredSessions(visits).map((s) => ({ ...s, start_date: normaliseIso(s.start_date) }));
      await writePulled(async (touched) => {
        const org = new Set(await inTransaction(orgFacilityGuids(facilityGuid)));
        const returned = new Set(visits.map((v) => v.id));
        const now = Date.now();
        const local = await db.visits.where('state').anyOf([...UPCOMING_STATES]).toArray();
        // Only visits the server must have listed: in this organisation, class not started yet.
        const gone = local
          .filter((v) => v.id > 0 && !returned.has(v.id) && org.has(v.session.facility_guid) && Date.parse(v.session.start_date) > now && visitFree(touched, v))
          .map((v) => v.id);
        if (gone.length > 0) await db.visits.bulkDelete(gone);
        await db.visits.bulkPut(visits.filter((v) => visitFree(touched, v)).map(toStored));
        await db.sessions.bulkPut(sessions.filter((s) => sessionFree(touched, s.id)));
      });
    },
    options,
  );
}

/** The member's visit history in the facility's organisation. */
export function pullVisits(facilityGuid: string, options: PullOptions = {}): Promise<RefreshResult> {
  return refresh(
    visitsResource(facilityGuid),
    options.maxAgeMs ?? VISITS_MAX_AGE_MS,
    async () => {
      const visits = await getVisits({ scope: facilityScope(facilityGuid) });
      await writePulled(async (touched) => {
        await db.visits.bulkPut(visits.filter((v) => visitFree(touched, v)).map(toStored));
      });
    },
    options,
  );
}

/** One visit; a 404 removes it unless a queued write touched it. Temporary (negative) ids are not asked for. */
export async function pullVisit(id: number, options: PullOptions = {}): Promise<RefreshResult> {
  if (id <= 0) return 'fresh';
  return refresh(
    visitResource(id),
    options.maxAgeMs ?? VISITS_MAX_AGE_MS,
    async () => {
      const local = await db.visits.get(id);
      let visit: Visit | null;
      try {
        visit = await getVisit(id, local ? { scope: facilityScope(local.session.facility_guid) } : {});
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 404)) throw error;
        visit = null;
      }
      await writePulled(async (touched) => {
        if (!visit) {
          if (local && visitFree(touched, local)) await db.visits.delete(id);
          return;
        }
        if (!visitFree(touched, visit)) return;
        await db.visits.put(toStored(visit));
        const [session] = mirroredSessions([visit]);
        if (session && sessionFree(touched, session.id)) await db.sessions.put({ ...session, start_date: normaliseIso(session.start_date) });
      });
    },
    options,
  );
}

/**
 * After the server refused a booking action the local copies are out of date: forget when they
 * were fetched so the next refresh asks again. Runs inside the outbox's transaction.
 */
export async function markBookingsStale(facilityGuid: string, sessionId: number): Promise<void> {
  await db.pulls.where('resource').startsWith(`sessions:${facilityGuid}:`).delete();
  await db.pulls.bulkDelete([bookingsResource(facilityGuid), visitsResource(facilityGuid), sessionResource(sessionId)]);
}
