import { Hono } from 'hono';
import { z } from 'zod';
import { chargeVisit } from './charges';
import { conflict, pathId, readOptionalJson, readQuery, requireFacility, sweepOffers } from './http';
import { findMemberSessionRow, loadMemberSession, presentSessions, presentVisits, sessionsQuery, type SessionWithFacility } from './present';
import type { AppContext, AppEnv } from '../../http/context';
import { ApiError, notFound } from '../../http/errors';
import { idempotent } from '../../http/idempotency';
import { lockForDecision } from '../../db/index';
import { profileId, requireAuth } from '../../http/session';
import { bookBreach, dropInBreach, waitlistBreach } from './rules';
import { sessionRange } from './range';
import { jsonWithETag } from '../../http/etag';

// Classes (/sessions). A class is visible to members of its organisation
// only; any other id answers 404 exactly like an unknown one, so ids of other clubs cannot be
// probed. Booking, drop-in and waitlist enforce the shared rules of core/rules (see docs/rules.md#booking).

const instant = z.union([z.iso.date(), z.iso.datetime({ offset: true })], {
  error: 'Dates must be ISO dates (2026-05-01) or date-times with an offset (2026-05-01T06:00:00Z).',
});

const listQuery = z.object({ start_date: instant.optional(), end_date: instant.optional() });

// The payload shape is not specified (see docs/decisions.md#booking): {} and {visit: {...}} are accepted, unknown keys ignored.
const bookBody = z.object({ visit: z.object({}).optional() }, { error: 'The request body must be an object, e.g. {} or {"visit": {}}.' });

type Kind = 'book' | 'dropin' | 'waitlist';

const classNotFound = () => notFound('The class');

export function sessionRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.use('*', requireAuth);
  routes.use('*', sweepOffers);

  routes.get('/', async (c) => {
    const { db, now } = c.get('deps');
    const facility = requireFacility(c);
    const range = sessionRange(readQuery(c, listQuery), facility.time_zone, now());
    if (!range.ok) throw new ApiError(422, range.code, range.message);
    // The facility itself was checked against the member's accounts by facilityScope.
    const rows: SessionWithFacility[] = await sessionsQuery(db)
      .where('sessions.facility_id', '=', facility.id)
      .where('sessions.start_at', '>=', range.from.toISOString())
      .where('sessions.start_at', '<', range.to.toISOString())
      .orderBy('sessions.start_at')
      .orderBy('sessions.id')
      .execute();
    return jsonWithETag(c, await presentSessions(db, rows, profileId(c)));
  });

  routes.get('/:id', async (c) => {
    const session = await loadMemberSession(c.get('deps').db, pathId(c), profileId(c));
    if (!session) throw classNotFound();
    return c.json(session);
  });

  routes.post('/:id/book', (c) => createVisit(c, 'book'));
  routes.post('/:id/dropin', (c) => createVisit(c, 'dropin'));
  routes.post('/:id/waitlist', (c) => createVisit(c, 'waitlist'));

  return routes;
}

async function createVisit(c: AppContext, kind: Kind): Promise<Response> {
  const { now } = c.get('deps');
  const me = profileId(c);
  const sessionId = pathId(c);
  await readOptionalJson(c, bookBody);
  return idempotent(
    c,
    me,
    async (trx) => {
      // The member's and the class's locks first: the checks below then read the latest places.
      await lockForDecision(trx, 'members_profiles', [me]);
      await lockForDecision(trx, 'sessions', [sessionId]);
      const at = now();
      const sessionRow = await findMemberSessionRow(trx, sessionId, me);
      const [session] = sessionRow ? await presentSessions(trx, [sessionRow], me) : [];
      if (!sessionRow || !session) throw classNotFound();
      const breach = kind === 'book' ? bookBreach(session, at) : kind === 'dropin' ? dropInBreach(session, at) : waitlistBreach(session, at);
      if (breach) throw conflict(breach);
      const stamp = at.toISOString();
      // A new row even after a cancelled visit: the history stays. The partial unique index
      // (one live visit per member and class) backs the rule above at the database level.
      const inserted = await trx
        .insertInto('visits')
        .values({
          profile_id: me,
          session_id: sessionId,
          state: kind === 'waitlist' ? 'waitlisted' : 'booked',
          dropin: kind === 'dropin' ? 1 : 0,
          offer_expires_at: null,
          created_at: stamp,
          updated_at: stamp,
        })
        .returningAll()
        .executeTakeFirstOrThrow()
        .catch((error: unknown) => {
          // Only reachable if the checks above were bypassed by a concurrent writer.
          if (isUniqueViolation(error)) throw conflict({ code: 'already_booked', message: 'You already have a place or a waitlist place in this class.' });
          throw error;
        });
      if (inserted.state === 'booked') await chargeVisit(trx, inserted, sessionRow, at);
      // The class was read and checked above: present the new visit with it, without reading both again.
      const [visit] = await presentVisits(trx, [inserted], me, [sessionRow]);
      if (!visit) throw classNotFound();
      return { status: 201, body: visit };
    },
    'read committed',
  );
}

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  // better-sqlite3 and PostgreSQL (23505) spell it differently.
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}
