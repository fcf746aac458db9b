import type { Kysely } from 'kysely';
import type { Session, Visit, VisitCharge, VisitSummary, WhiteboardItem } from '../../../core/contract/types';
import { isWhiteboardVisible } from '../../../core/rules/session';
import { inChunks } from '../../db/chunks';
import type { Database, SessionRow, VisitRow } from '../../db/schema';
import { countVisits, isFull, NO_VISITS, placesTaken, type VisitCounts } from '../../../core/rules/capacity';
import { whiteboardItemsFor } from '../training/present';
import { waitlistPosition } from '../../../core/rules/waitlist';

// Classes and visits as the member sees them (wire shapes of src/data/api/types.ts). Every
// loader takes a Kysely instance or a transaction, so idempotent handlers answer from inside
// their own transaction. Everything is scoped to the member: only classes of organisations the
// member has an account with, only the member's own visits.

type Db = Kysely<Database>;

export type SessionWithFacility = SessionRow & { facility_guid: string; org_id: number };

/** Classes joined with their facility's guid and organisation. */
export function sessionsQuery(db: Db) {
  return db.selectFrom('sessions').innerJoin('facilities', 'facilities.id', 'sessions.facility_id').selectAll('sessions').select(['facilities.guid as facility_guid', 'facilities.org_id as org_id']);
}

/** Organisations the member has an account with (hidden ones included). */
export async function memberOrgIds(db: Db, profileId: number): Promise<number[]> {
  return (await db.selectFrom('accounts').select('org_id').where('profile_id', '=', profileId).execute()).map((a) => a.org_id);
}

/** A class the member may see: it exists and belongs to one of the member's organisations. */
export async function findMemberSessionRow(db: Db, sessionId: number, profileId: number): Promise<SessionWithFacility | undefined> {
  if (!Number.isSafeInteger(sessionId) || sessionId <= 0) return undefined;
  return sessionsQuery(db)
    .where('sessions.id', '=', sessionId)
    .where('facilities.org_id', 'in', (eb) => eb.selectFrom('accounts').select('accounts.org_id').where('accounts.profile_id', '=', profileId))
    .executeTakeFirst();
}

/** The member's own visit, at one of the member's organisations. */
export async function findMemberVisitRow(db: Db, visitId: number, profileId: number): Promise<VisitRow | undefined> {
  if (!Number.isSafeInteger(visitId) || visitId <= 0) return undefined;
  return db
    .selectFrom('visits')
    .innerJoin('sessions', 'sessions.id', 'visits.session_id')
    .innerJoin('facilities', 'facilities.id', 'sessions.facility_id')
    .selectAll('visits')
    .where('visits.id', '=', visitId)
    .where('visits.profile_id', '=', profileId)
    .where('facilities.org_id', 'in', (eb) => eb.selectFrom('accounts').select('accounts.org_id').where('accounts.profile_id', '=', profileId))
    .executeTakeFirst();
}

export async function visitCounts(db: Db, sessionIds: readonly number[]): Promise<Map<number, VisitCounts>> {
  const rows = await inChunks(sessionIds, (ids) =>
    db
      .selectFrom('visits')
      .select(['session_id', 'state', 'dropin'])
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('session_id', 'in', ids)
      .where('state', '<>', 'cancelled')
      .groupBy(['session_id', 'state', 'dropin'])
      .execute(),
  );
  const grouped = new Map<number, { state: string; dropin: number; n: number }[]>();
  for (const row of rows) {
    const list = grouped.get(row.session_id) ?? [];
    list.push({ state: row.state, dropin: row.dropin, n: Number(row.n) });
    grouped.set(row.session_id, list);
  }
  return new Map(sessionIds.map((id) => [id, grouped.has(id) ? countVisits(grouped.get(id) ?? []) : { ...NO_VISITS }]));
}

export function toVisitSummary(row: VisitRow, waitlistPosition: number | null = null): VisitSummary {
  return {
    id: row.id,
    state: row.state,
    late_cancelled: row.late_cancelled === 1,
    offer_expires_at: row.offer_expires_at,
    dropin: row.dropin === 1,
    offer_expired: row.offer_expired === 1,
    ...(row.state === 'waitlisted' && { waitlist_position: waitlistPosition }),
  };
}

/**
 * The member's current visit for a class: the most recent live one (not cancelled), else the
 * latest cancelled one, else none. `visits` are all the member's visits for that class.
 */
export function currentVisit(visits: readonly VisitRow[]): VisitRow | null {
  const newestFirst = [...visits].sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : b.id - a.id));
  return newestFirst.find((v) => v.state !== 'cancelled') ?? newestFirst[0] ?? null;
}

function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = groups.get(k);
    if (list) list.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

/**
 * What a class shows to every member alike. GET /sessions presents a facility's week of these
 * once per data version (week.ts); `memberSession` adds one member's own part.
 */
export interface SharedSession {
  /** The wire shape up to its instructors, in the order sent. */
  base: Omit<Session, 'whiteboard_items' | 'whiteboard_visibility' | 'visit' | 'course'>;
  whiteboard_visibility: Session['whiteboard_visibility'];
  /** The programmed workouts, for whoever may see them (public: all; attending: members booked on it). */
  items: WhiteboardItem[];
  course: { id: number; name: string } | null;
  /** Who waits (state waitlisted), for a waiting member's place in line. */
  waitlist: { id: number; created_at: string }[];
}

/** The classes as everyone sees them (instructors, places, waitlists, courses, whiteboards), in a few queries for all. */
export async function presentShared(db: Db, rows: readonly SessionWithFacility[]): Promise<SharedSession[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const instructors = await inChunks(ids, (chunk) =>
    db.selectFrom('session_instructors').select(['session_id', 'full_name', 'substituted']).where('session_id', 'in', chunk).orderBy('session_id').orderBy('position').orderBy('id').execute(),
  );
  const counts = await visitCounts(db, ids);
  const waiting = ids.filter((id) => (counts.get(id)?.waitlisted ?? 0) > 0);
  const line =
    waiting.length === 0 ? [] : await inChunks(waiting, (chunk) => db.selectFrom('visits').select(['id', 'session_id', 'created_at']).where('session_id', 'in', chunk).where('state', '=', 'waitlisted').execute());
  const courseIds = [...new Set(rows.flatMap((r) => (r.course_id === null ? [] : [r.course_id])))];
  const courses = new Map(courseIds.length === 0 ? [] : (await inChunks(courseIds, (chunk) => db.selectFrom('courses').select(['id', 'name']).where('id', 'in', chunk).execute())).map((c) => [c.id, c]));
  // Whiteboards someone may see (see docs/rules.md#booking), in one query.
  const items = await whiteboardItemsFor(db, rows.filter((r) => r.whiteboard_visibility === 'public' || r.whiteboard_visibility === 'attending').map((r) => r.id));
  // Grouped once: filtering the whole lists for every class grew with classes × rows.
  const instructorsOf = groupBy(instructors, (i) => i.session_id);
  const lineOf = groupBy(line, (v) => v.session_id);
  return rows.map((row): SharedSession => {
    const c = counts.get(row.id) ?? NO_VISITS;
    const course = row.course_id === null ? undefined : courses.get(row.course_id);
    return {
      base: {
        id: row.id,
        facility_guid: row.facility_guid,
        name: row.name,
        description: row.description,
        location: row.location,
        start_date: row.start_at,
        end_date: row.end_at,
        booking_open_date: row.booking_open_at,
        booking_close_date: row.booking_close_at,
        cancellation_close_date: row.cancellation_close_at,
        cancelled: row.cancelled === 1,
        full: isFull(row.capacity, c),
        capacity: row.capacity,
        booked_count: placesTaken(c),
        offered_count: c.pending,
        waitlist_count: c.waitlisted,
        waitlists_on: row.waitlists_on === 1,
        dropin_spaces: row.dropin_spaces,
        droppedin_count: c.droppedin,
        online_url: row.online_url,
        instructors: (instructorsOf.get(row.id) ?? []).map((i) => ({ full_name: i.full_name, substituted: i.substituted === 1 })),
      },
      whiteboard_visibility: row.whiteboard_visibility,
      items: items.get(row.id) ?? [],
      course: course ? { id: course.id, name: course.name } : null,
      waitlist: (lineOf.get(row.id) ?? []).map((v) => ({ id: v.id, created_at: v.created_at })),
    };
  });
}

/** One member's own part of the classes: their current visit of each, the courses they are enrolled in. */
export interface MemberPart {
  visits: ReadonlyMap<number, VisitRow | null>;
  enrolled: ReadonlySet<number>;
}

/** The member's current visit of each class they have visits of, from all their visits of those classes. */
export function currentVisits(mine: readonly VisitRow[]): Map<number, VisitRow | null> {
  return new Map([...groupBy(mine, (v) => v.session_id)].map(([id, visits]) => [id, currentVisit(visits)]));
}

/** The member's part of the class lists: the member's own visit, place in line, whiteboard and course enrolment. */
export function memberFields(shared: SharedSession, member: MemberPart): Pick<Session, 'whiteboard_items' | 'visit' | 'course'> {
  const row = member.visits.get(shared.base.id) ?? null;
  const visit = row ? toVisitSummary(row, row.state === 'waitlisted' ? waitlistPosition(shared.waitlist, row.id) : null) : null;
  const shown = isWhiteboardVisible({ whiteboard_visibility: shared.whiteboard_visibility, visit });
  return {
    whiteboard_items: shown ? shared.items : [],
    visit,
    course: shared.course ? { ...shared.course, enrolled: member.enrolled.has(shared.course.id) } : null,
  };
}

/** A class as this member sees it (the wire's key order). */
export function memberSession(shared: SharedSession, member: MemberPart): Session {
  const { whiteboard_items, visit, course } = memberFields(shared, member);
  return { ...shared.base, whiteboard_items, whiteboard_visibility: shared.whiteboard_visibility, visit, course };
}

export async function presentSessions(db: Db, rows: readonly SessionWithFacility[], profileId: number): Promise<Session[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const shared = await presentShared(db, rows);
  const mine = await inChunks(ids, (chunk) => db.selectFrom('visits').selectAll().where('profile_id', '=', profileId).where('session_id', 'in', chunk).execute());
  const courseIds = [...new Set(shared.flatMap((s) => (s.course ? [s.course.id] : [])))];
  const enrolled =
    courseIds.length === 0 ? [] : await inChunks(courseIds, (chunk) => db.selectFrom('course_enrolments').select('course_id').where('profile_id', '=', profileId).where('course_id', 'in', chunk).execute());
  const member: MemberPart = { visits: currentVisits(mine), enrolled: new Set(enrolled.map((e) => e.course_id)) };
  return shared.map((s) => memberSession(s, member));
}

export async function loadMemberSession(db: Db, sessionId: number, profileId: number): Promise<Session | undefined> {
  const row = await findMemberSessionRow(db, sessionId, profileId);
  if (!row) return undefined;
  return (await presentSessions(db, [row], profileId))[0];
}

async function visitCharges(db: Db, visitIds: readonly number[]): Promise<Map<number, VisitCharge>> {
  const rows = await inChunks(visitIds, (ids) =>
    db
      .selectFrom('visit_charges')
      .leftJoin('memberships', 'memberships.id', 'visit_charges.membership_id')
      .leftJoin('passes', 'passes.id', 'visit_charges.pass_id')
      .select(['visit_charges.visit_id', 'visit_charges.kind', 'visit_charges.membership_id', 'visit_charges.pass_id', 'visit_charges.created_at', 'memberships.name as membership_name', 'passes.name as pass_name'])
      .where('visit_charges.visit_id', 'in', ids)
      .execute(),
  );
  return new Map(
    rows.map((r): [number, VisitCharge] => [
      r.visit_id,
      r.membership_id !== null
        ? { kind: r.kind, against: 'membership', id: r.membership_id, name: r.membership_name, charged_at: r.created_at }
        : r.pass_id !== null
          ? { kind: r.kind, against: 'pass', id: r.pass_id, name: r.pass_name, charged_at: r.created_at }
          : { kind: r.kind, against: 'casual', id: null, name: null, charged_at: r.created_at },
    ]),
  );
}

/**
 * The member's visits with their classes, in the order given. `knownSessions`: class rows the
 * caller already read (a write that just checked them), so they are not read again.
 */
export async function presentVisits(db: Db, rows: readonly VisitRow[], profileId: number, knownSessions?: readonly SessionWithFacility[]): Promise<Visit[]> {
  if (rows.length === 0) return [];
  const sessionIds = [...new Set(rows.map((r) => r.session_id))];
  const sessionRows = knownSessions && sessionIds.every((id) => knownSessions.some((k) => k.id === id)) ? knownSessions.filter((k) => sessionIds.includes(k.id)) : await inChunks(sessionIds, (ids) => sessionsQuery(db).where('sessions.id', 'in', ids).execute());
  const sessions = new Map((await presentSessions(db, sessionRows, profileId)).map((s) => [s.id, s]));
  const charges = await visitCharges(db, rows.map((r) => r.id));
  return rows.flatMap((row): Visit[] => {
    const session = sessions.get(row.session_id);
    if (!session) return [];
    return [
      {
        id: row.id,
        session_id: row.session_id,
        state: row.state,
        late_cancelled: row.late_cancelled === 1,
        dropin: row.dropin === 1,
        offer_expires_at: row.offer_expires_at,
        offer_expired: row.offer_expired === 1,
        charge: charges.get(row.id) ?? null,
        created_at: row.created_at,
        updated_at: row.updated_at,
        session,
      },
    ];
  });
}

export async function loadMemberVisit(db: Db, visitId: number, profileId: number): Promise<Visit | undefined> {
  const row = await findMemberVisitRow(db, visitId, profileId);
  if (!row) return undefined;
  return (await presentVisits(db, [row], profileId))[0];
}
