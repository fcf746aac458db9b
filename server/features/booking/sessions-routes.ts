import { Hono } from 'hono';
import { z } from 'zod';
import { pathId, readOptionalJson, readQuery, requireFacility, sweepOffers } from './http';
import { loadMemberSession } from './present';
import { memberWeekAnswer } from './week';
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

export function sessionRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.use('*', requireAuth);
  routes.use('*', sweepOffers);

  routes.get('/', async (c) => {
    const { db, now, weeks } = c.get('deps');
    const facility = requireFacility(c);
    const range = sessionRange(readQuery(c, listQuery), facility.time_zone, now());
    if (!range.ok) throw new ApiError(422, range.code, range.message);
    // The facility itself was checked against the member's accounts by facilityScope. The week
    // shared by its members is presented once per data version (week.ts).
    const answer = await memberWeekAnswer(db, weeks, facility.id, range.from, range.to, profileId(c));
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

