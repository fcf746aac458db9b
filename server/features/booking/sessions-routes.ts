import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import { pathId, readOptionalJson, readQuery, requireFacility, sweepOffers } from './http';
import { loadMemberSession } from './present';
import { memberWeekAnswer, weekReadWithSession, type WeekRead } from './week';
import { onPostgres } from '../../db/index';
import type { AppContext, AppEnv } from '../../http/context';
import { ApiError, notFound } from '../../http/errors';
import { idempotent } from '../../http/idempotency';
import { profileId, requireAuth } from '../../http/session';
import { placeVisit, type VisitKind } from './place';
import { sessionRange } from './range';
import { answerWithETag } from '../../http/etag';
import { addReminder, removeReminder } from './recurring';

// Classes (/sessions). A class is visible to members of its organisation
// only; any other id answers 404 exactly like an unknown one, so ids of other clubs cannot be
// probed. Booking, drop-in and waitlist enforce the shared rules of core/rules (see docs/rules.md#booking).

const instant = z.union([z.iso.date(), z.iso.datetime({ offset: true })], {
  error: 'Dates must be ISO dates (2026-05-01) or date-times with an offset (2026-05-01T06:00:00Z).',
});

const listQuery = z.object({ start_date: instant.optional(), end_date: instant.optional() });

// The payload shape is not specified (see docs/decisions.md#booking): {} and {visit: {...}} are accepted, unknown keys ignored.
const bookBody = z.object({ visit: z.object({}).optional() }, { error: 'The request body must be an object, e.g. {} or {"visit": {}}.' });


const classNotFound = () => notFound('The class');

/**
 * Facilities' time zones by guid, as this process last answered for them: GET /sessions works out
 * its range before the session's lookup with it. A zone that changed since gives another range,
 * which the route notices (the member's part is then read again for the right one).
 */
const zones = new Map<string, string>();
const ZONES_KEPT = 1_024;

function rememberZone(guid: string, zone: string): void {
  if (zones.get(guid) === zone) return;
  if (zones.size >= ZONES_KEPT) zones.clear();
  zones.set(guid, zone);
}

/**
 * GET /sessions on PostgreSQL (issue 30): the member's part of the week is read with the session's
 * lookup, one round trip instead of two, once the facility's zone is known here. Registered before
 * loadSession (app.ts). SQLite answers in-process, where a second query costs no round trip.
 */
export const weekWithSession = createMiddleware<AppEnv>(async (c, next) => {
  if (c.req.method === 'GET' && onPostgres(c.get('deps').db)) {
    const zone = zones.get(c.req.header('x-facility-id')?.trim() ?? '');
    const query = listQuery.safeParse({ start_date: c.req.query('start_date'), end_date: c.req.query('end_date') });
    if (zone && query.success && query.data.start_date && query.data.end_date) {
      const range = sessionRange(query.data, zone, c.get('deps').now());
      if (range.ok) c.set('sessionRead', weekReadWithSession(range.from.toISOString(), range.to.toISOString(), c.get('deps').weeks));
    }
  }
  await next();
});

export function sessionRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.use('*', requireAuth);
  routes.use('*', sweepOffers);

  routes.get('/', async (c) => {
    const { db, now, weeks } = c.get('deps');
    const facility = requireFacility(c);
    rememberZone(facility.guid, facility.time_zone);
    const range = sessionRange(readQuery(c, listQuery), facility.time_zone, now());
    if (!range.ok) throw new ApiError(422, range.code, range.message);
    // The facility itself was checked against the member's accounts by facilityScope. The week
    // shared by its members is presented once per data version (week.ts); the member's part may
    // have come with the session (weekWithSession).
    const read = c.get('sessionRead') as WeekRead | undefined;
    const own = read && { from: read.from, to: read.to, visitsKey: read.visitsKey, row: c.get('auth')?.read };
    const answer = await memberWeekAnswer(db, weeks, facility.id, range.from, range.to, profileId(c), own);
    return answerWithETag(c, answer.tag, answer.body);
  });

  routes.get('/:id', async (c) => {
    const session = await loadMemberSession(c.get('deps').db, pathId(c), profileId(c));
    if (!session) throw classNotFound();
    return c.json(session);
  });

  routes.post('/:id/book', (c) => createVisit(c, 'book'));
  routes.post('/:id/dropin', (c) => createVisit(c, 'dropin'));
  routes.post('/:id/waitlist', (c) => createVisit(c, 'waitlist'));
  routes.post('/:id/reminder', addReminder);
  routes.delete('/:id/reminder', removeReminder);

  return routes;
}

async function createVisit(c: AppContext, kind: VisitKind): Promise<Response> {
  const { now } = c.get('deps');
  const me = profileId(c);
  const sessionId = pathId(c);
  await readOptionalJson(c, bookBody);
  return idempotent(
    c,
    me,
    async (trx) => {
      const { visit } = await placeVisit(trx, me, sessionId, kind, now());
      return { status: 201, body: visit };
    },
    'read committed',
  );
}

