import { hash } from 'node:crypto';
import { sql, type Expression, type Kysely } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { onPostgres } from '../../db/index';
import { prepared } from '../../db/prepared';
import { lookup, type Arg } from '../../db/batch';
import type { Database, VisitRow } from '../../db/schema';
import { sessionScopeQuery, type SessionRead } from '../auth/sessions';
import { currentVisits, memberFields, presentShared, sessionsQuery, type MemberPart, type SharedSession } from './present';

// GET /sessions (issue 30). Every member of a facility pulls the same week, and all but a few
// fields of it are the same for each: the week is presented once per facility, range and data
// version (migration 0027: bumped in the writer's transaction by every write that changes what a
// class shows), kept as JSON text, and each answer adds the member's own part (their visit and
// place in line, their whiteboard, their course enrolment) to the classes it concerns. The
// version is read from the database with the member's part, per request, so a write through any
// process shows at once in every process's next answer.

type Db = Kysely<Database>;

/** A week presented for everyone, with its JSON. */
export interface SharedWeek {
  sessions: SharedSession[];
  /** Each class as JSON, as a member with no visit and no course enrolment there sees it. */
  plain: string[];
  /** Where in each `plain` the shared fields end: a member's own fields follow them (the same JSON as JSON.stringify(memberSession(…))). */
  baseEnds: number[];
  /** A hash of all the week shows to anyone: with the member's part it names the answer (ETag). */
  digest: string;
}

const NO_MEMBER: MemberPart = { visits: new Map(), enrolled: new Set() };

/** The end of a class's JSON after its shared fields: the member's fields, then the closing brace. */
function fieldsText(shared: SharedSession, fields: ReturnType<typeof memberFields>): string {
  return `,"whiteboard_items":${JSON.stringify(fields.whiteboard_items)},"whiteboard_visibility":${JSON.stringify(shared.whiteboard_visibility)},"visit":${JSON.stringify(fields.visit)},"course":${JSON.stringify(fields.course)}}`;
}

function sharedWeek(sessions: SharedSession[]): SharedWeek {
  const bases = sessions.map((s) => JSON.stringify(s.base).slice(0, -1));
  return {
    sessions,
    plain: sessions.map((s, i) => bases[i] + fieldsText(s, memberFields(s, NO_MEMBER))),
    baseEnds: bases.map((base) => base.length),
    digest: hash('sha1', JSON.stringify(sessions), 'base64url'),
  };
}

/** Weeks kept per process: a few facilities times the weeks members look at. */
const WEEKS_KEPT = 128;
/** Members' visits of a week kept per process: each a few rows. */
const MEMBER_WEEKS_KEPT = 4096;

/** The weeks this process presented, by facility and range, each with the data version it was presented at. */
export class SharedWeeks {
  readonly #weeks = new Map<string, { version: number; week: Promise<SharedWeek> }>();
  readonly #visits = new Map<string, { version: number; rows: VisitRow[] }>();
  /** How many weeks were presented (not found here). */
  presented = 0;

  /**
   * A member's visits of a facility's range (`key`) at `version`: kept, or read by `read` and kept.
   * Their read is the member's part's costliest (a probe of the visits index per class of the week,
   * on either database). Every write to a visit bumps its facility's version in the writer's
   * transaction (migration 0027), so rows kept for a version are the rows at it.
   */
  async visitsAt(key: string, version: number | null, read: () => Promise<VisitRow[]>): Promise<VisitRow[]> {
    const kept = this.#visits.get(key);
    if (kept && version !== null && kept.version === version) return kept.rows;
    const rows = await read();
    this.keepVisits(key, version, rows);
    return rows;
  }

  /** The version whose visits are kept under `key` (PostgreSQL asks for them only if it moved). */
  keptVersion(key: string): number | undefined {
    return this.#visits.get(key)?.version;
  }

  /** Keeps a member's visits read at `version` or newer, unless a newer version's are kept (as weeks are, below). */
  keepVisits(key: string, version: number | null, rows: VisitRow[]): void {
    const kept = this.#visits.get(key);
    if (version === null || (kept && kept.version > version)) return;
    this.#visits.delete(key);
    this.#visits.set(key, { version, rows });
    if (this.#visits.size > MEMBER_WEEKS_KEPT) this.#visits.delete(this.#visits.keys().next().value as string);
  }

  /**
   * The week at `version` (read before anything of the week is), presented by `present` if not
   * kept. Presented after the version was read, it is that version or newer, never older.
   */
  get(key: string, version: number | null, present: () => Promise<SharedSession[]>): Promise<SharedWeek> {
    const kept = this.#weeks.get(key);
    if (kept && version !== null && kept.version === version) {
      // Most recently used last: the first is the one to drop.
      this.#weeks.delete(key);
      this.#weeks.set(key, kept);
      return kept.week;
    }
    this.presented += 1;
    const week = present().then(sharedWeek);
    // No version (a facility made before its row), or one older than kept (a request that read it
    // just before a write): presented for this answer only.
    if (version === null || (kept && kept.version > version)) return week;
    this.#weeks.delete(key);
    this.#weeks.set(key, { version, week });
    if (this.#weeks.size > WEEKS_KEPT) this.#weeks.delete(this.#weeks.keys().next().value as string);
    week.catch(() => {
      if (this.#weeks.get(key)?.week === week) this.#weeks.delete(key);
    });
    return week;
  }
}

interface MemberWeek {
  version: number | null;
  visits: VisitRow[];
  enrolled: number[];
}

/** An id as a value, or as a column of the query around (the session's profile, the named facility). */
type Id = Arg<number>;

const versionOf = (db: Db, facilityId: Id) => db.selectFrom('facility_data_versions').select('version').where('facility_id', '=', facilityId);
const visitsOf = (db: Db, facilityId: Id, from: Arg<string>, to: Arg<string>, profileId: Id) =>
  db
    .selectFrom('visits')
    .innerJoin('sessions', 'sessions.id', 'visits.session_id')
    .selectAll('visits')
    .where('visits.profile_id', '=', profileId)
    .where('sessions.facility_id', '=', facilityId)
    .where('sessions.start_at', '>=', from)
    .where('sessions.start_at', '<', to);
const enrolledOf = (db: Db, profileId: Id) => db.selectFrom('course_enrolments').select('course_id').where('profile_id', '=', profileId);
/**
 * The member's part of a week as columns of one query (PostgreSQL: JSON arrays). With `kept`, the
 * version whose visits this process keeps for the member: the visits are null when it is current.
 */
const memberWeekColumns = (db: Db, facilityId: Id, from: Arg<string>, to: Arg<string>, profileId: Id, kept?: Id) => {
  const visits = jsonArrayFrom(visitsOf(db, facilityId, from, to, profileId));
  return [
    versionOf(db, facilityId).as('w_version'),
    (kept === undefined ? visits : sql<VisitRow[] | null>`case when (${versionOf(db, facilityId)}) = ${kept} then null else ${visits} end`).as('w_visits'),
    jsonArrayFrom(enrolledOf(db, profileId)).as('w_enrolled'),
  ] as const;
};

// Compiled once (db/prepared.ts); the stand-ins are ids and instants no request sends.
const version = prepared(versionOf, -1);
const visits = prepared(visitsOf, -1, '\0from', '\0to', -2);
const enrolled = prepared(enrolledOf, -2);
// On PostgreSQL one round trip, one snapshot: each query was a round trip of its own.
const together = prepared((db, facilityId: number, from: string, to: string, profileId: number) => db.selectNoFrom(memberWeekColumns(db, facilityId, from, to, profileId)), -1, '\0from', '\0to', -2);
// And with the session's lookup, when the route knew the range before it (weekReadWithSession); on
// PostgreSQL the lookups asked together go as one query (db/batch.ts).
const withSession = lookup(
  (db, id: Arg<string>, guid: Arg<string>, orgId: Arg<number>, from: Arg<string>, to: Arg<string>, kept: Arg<number>) =>
    sessionScopeQuery(db, id, guid, orgId).select((eb) => memberWeekColumns(db, eb.ref('f.id') as Expression<number>, from, to, eb.ref('s.profile_id'), kept)),
  '\0id',
  '\0guid',
  -7,
  '\0from',
  '\0to',
  -3,
);

type MemberWeekRow = Awaited<ReturnType<typeof together.first>>;

/** The member's part as read; its visits null when the version kept for them was current (PostgreSQL). */
const fromRow = (row: NonNullable<MemberWeekRow>): Omit<MemberWeek, 'visits'> & { visits: VisitRow[] | null } => ({ version: row.w_version ?? null, visits: row.w_visits, enrolled: row.w_enrolled.map((e) => e.course_id) });

/** What weekReadWithSession read: the range, and where the member's visits are kept (by session, facility and range). */
export interface WeekRead extends SessionRead {
  from: string;
  to: string;
  visitsKey?: string;
}

/** The member's part as the session's lookup answered it (its row), for memberWeekAnswer. */
type OwnRead = Pick<WeekRead, 'from' | 'to' | 'visitsKey'> & { row: Record<string, unknown> | undefined };

/**
 * The session's lookup with the member's part of the range [from, to) (ISO instants), for
 * http/session.ts#loadSession; the member's visits only if the version kept for them moved.
 */
export function weekReadWithSession(from: string, to: string, weeks: SharedWeeks): WeekRead {
  const read: WeekRead = {
    from,
    to,
    first: (db, id, guid, orgId) => {
      // The member is not known before the lookup: their visits are kept under the session.
      read.visitsKey = `s ${id} ${guid} ${from} ${to}`;
      return withSession.first(db, id, guid, orgId, from, to, weeks.keptVersion(read.visitsKey) ?? -1);
    },
  };
  return read;
}

/** The facility's data version, then the member's visits of the range and course enrolments; on PostgreSQL in one query. */
async function memberWeek(db: Db, weeks: SharedWeeks, facilityId: number, from: string, to: string, profileId: number): Promise<MemberWeek> {
  if (onPostgres(db)) {
    const row = await together.first(db, facilityId, from, to, profileId);
    if (!row) throw new Error('a select with no from answers one row');
    return { ...fromRow(row), visits: row.w_visits ?? [] };
  }
  // SQLite answers in-process: plain queries, the version first.
  const v = await version.first(db, facilityId);
  const at = v?.version ?? null;
  const own = await weeks.visitsAt(`p ${profileId} ${facilityId} ${from} ${to}`, at, () => visits.all(db, facilityId, from, to, profileId));
  return { version: at, visits: own, enrolled: (await enrolled.all(db, profileId)).map((e) => e.course_id) };
}

/**
 * The member's part read with the session: its visits as kept when the version kept for them was
 * current (null), unless another answer of this session has kept a newer one since (then read here).
 */
async function readWithSession(db: Db, weeks: SharedWeeks, read: OwnRead, facilityId: number, profileId: number): Promise<MemberWeek> {
  const own = fromRow(read.row as NonNullable<MemberWeekRow>);
  const readHere = () => visits.all(db, facilityId, read.from, read.to, profileId);
  // The key is set with the lookup (weekReadWithSession), before any row is read.
  if (!read.visitsKey) return { ...own, visits: own.visits ?? (await readHere()) };
  if (own.visits === null) return { ...own, visits: await weeks.visitsAt(read.visitsKey, own.version, readHere) };
  weeks.keepVisits(read.visitsKey, own.version, own.visits);
  return { ...own, visits: own.visits };
}

/**
 * The facility's classes starting in [from, to) as this member sees them: the ETag, and the JSON on
 * demand. `read` is what weekReadWithSession read with the session, used when it was for this range.
 */
export async function memberWeekAnswer(
  db: Db,
  weeks: SharedWeeks,
  facilityId: number,
  from: Date,
  to: Date,
  profileId: number,
  read?: OwnRead,
): Promise<{ tag: string; body: () => string }> {
  const [start, end] = [from.toISOString(), to.toISOString()];
  const own = read?.row && read.from === start && read.to === end ? await readWithSession(db, weeks, read, facilityId, profileId) : await memberWeek(db, weeks, facilityId, start, end, profileId);
  const week = await weeks.get(`${facilityId} ${start} ${end}`, own.version, async () =>
    presentShared(db, await sessionsQuery(db).where('sessions.facility_id', '=', facilityId).where('sessions.start_at', '>=', start).where('sessions.start_at', '<', end).orderBy('sessions.start_at').orderBy('sessions.id').execute()),
  );
  const member: MemberPart = { visits: currentVisits(own.visits), enrolled: new Set(own.enrolled) };
  // The classes where this member's fields differ from the plain ones (their visits and courses),
  // each with the JSON of those fields.
  const mine: [number, string][] = [];
  week.sessions.forEach((s, i) => {
    if (member.visits.get(s.base.id) || (s.course && member.enrolled.has(s.course.id))) mine.push([i, fieldsText(s, memberFields(s, member))]);
  });
  // The answer is the shared week with these fields: the two name it (no need to hash the whole
  // body). crypto.hash: one call, no Hash object per answer.
  const tag = `W/"${hash('sha1', week.digest + mine.map(([i, text]) => i + text).join(''), 'base64url')}"`;
  return {
    tag,
    body: () => {
      const texts = [...week.plain];
      for (const [i, text] of mine) texts[i] = week.plain[i]!.slice(0, week.baseEnds[i]) + text;
      return `[${texts.join(',')}]`;
    },
  };
}
