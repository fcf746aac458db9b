import { Hono } from 'hono';
import { z } from 'zod';
import type { Visit } from '../../../core/contract/types';
import { chargeLateCancel, chargeVisit, refundVisit } from './charges';
import { conflict, pathId, readQuery, requireOrgId, sweepOffers } from './http';
import { offerFreePlaces } from './offers';
import { findMemberSessionRow, findMemberVisitRow, loadMemberVisit, presentSessions, presentVisits } from './present';
import type { VisitPatchable } from '../../db/schema';
import type { AppContext, AppEnv } from '../../http/context';
import { notFound } from '../../http/errors';
import { idempotent } from '../../http/idempotency';
import { lockForDecision } from '../../db/index';
import { profileId, requireAuth } from '../../http/session';
import { removeOfferNotifications } from '../notifications/store';
import { cancelBreach, confirmBreach, declineBreach, lateCancelBreach, type OfferFacts, type RuleBreach } from './rules';
import { jsonWithETag } from '../../http/etag';

// The member's visits (see docs/decisions.md#visits). Only the member's own visits exist here:
// another member's visit id answers 404 exactly like an unknown one.

const STATES = ['booked', 'attended', 'waitlisted', 'pending', 'cancelled'] as const;

const listQuery = z.object({
  state: z.enum(STATES, { error: `state must be one of ${STATES.join(', ')}.` }).optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number.' })
    .int('limit must be a whole number.')
    .min(1, 'limit must be at least 1.')
    .max(500, 'limit must be at most 500.')
    .default(100),
});

/** Upcoming bookings are few by nature; the cap only guards against abuse. */
const BOOKINGS_CAP = 500;

type Action = 'cancel' | 'latecancel' | 'confirm' | 'decline';

const visitNotFound = () => notFound('The visit');

export function visitRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.use('*', requireAuth);
  routes.use('*', sweepOffers);

  // All visits at the selected facility's organisation, newest class first.
  routes.get('/', async (c) => {
    const { db } = c.get('deps');
    const me = profileId(c);
    const orgId = requireOrgId(c);
    const { state, limit } = readQuery(c, listQuery);
    let query = db
      .selectFrom('visits')
      .innerJoin('sessions', 'sessions.id', 'visits.session_id')
      .innerJoin('facilities', 'facilities.id', 'sessions.facility_id')
      .selectAll('visits')
      .where('visits.profile_id', '=', me)
      .where('facilities.org_id', '=', orgId);
    if (state) query = query.where('visits.state', '=', state);
    const rows = await query.orderBy('sessions.start_at', 'desc').orderBy('visits.id', 'desc').limit(limit).execute();
    return jsonWithETag(c, await presentVisits(db, rows, me));
  });

  // Upcoming: the class has not finished and the member holds, awaits or queues for a place.
  routes.get('/bookings', async (c) => {
    const { db, now } = c.get('deps');
    const me = profileId(c);
    const orgId = requireOrgId(c);
    const rows = await db
      .selectFrom('visits')
      .innerJoin('sessions', 'sessions.id', 'visits.session_id')
      .innerJoin('facilities', 'facilities.id', 'sessions.facility_id')
      .selectAll('visits')
      .where('visits.profile_id', '=', me)
      .where('facilities.org_id', '=', orgId)
      .where('visits.state', 'in', ['booked', 'waitlisted', 'pending'])
      .where('sessions.end_at', '>', now().toISOString())
      .orderBy('sessions.start_at')
      .orderBy('visits.id')
      .limit(BOOKINGS_CAP)
      .execute();
    return jsonWithETag(c, await presentVisits(db, rows, me));
  });

  routes.get('/:id', async (c) => {
    const visit = await loadMemberVisit(c.get('deps').db, pathId(c), profileId(c));
    if (!visit) throw visitNotFound();
    return c.json(visit);
  });

  routes.put('/:id/cancel', (c) => transition(c, 'cancel'));
  routes.put('/:id/latecancel', (c) => transition(c, 'latecancel'));
  routes.put('/:id/confirm', (c) => transition(c, 'confirm'));
  routes.put('/:id/decline', (c) => transition(c, 'decline'));

  return routes;
}

async function transition(c: AppContext, action: Action): Promise<Response> {
  const { db, now, offers } = c.get('deps');
  const me = profileId(c);
  const visitId = pathId(c);
  const offered: number[] = [];
  const response = await idempotent(
    c,
    me,
    async (trx) => {
      // The member's and the visit's class's locks first, then the visit read afresh.
      await lockForDecision(trx, 'members_profiles', [me]);
      const target = await findMemberVisitRow(trx, visitId, me);
      if (target) await lockForDecision(trx, 'sessions', [target.session_id]);
      const at = now();
      const row = target && (await findMemberVisitRow(trx, visitId, me));
      const sessionRow = row ? await findMemberSessionRow(trx, row.session_id, me) : undefined;
      const [session] = sessionRow ? await presentSessions(trx, [sessionRow], me) : [];
      if (!row || !sessionRow || !session) throw visitNotFound();

      const facts: OfferFacts = { state: row.state, session, offer_expires_at: row.offer_expires_at, offer_expired: row.offer_expired === 1 };
      const rules: Record<Action, (v: OfferFacts, now: Date) => RuleBreach | null> = { cancel: cancelBreach, latecancel: lateCancelBreach, confirm: confirmBreach, decline: declineBreach };
      const breach = rules[action](facts, at);
      if (breach) throw conflict(breach);

      const stamp = at.toISOString();
      let patch: VisitPatchable;
      if (action === 'confirm') patch = { state: 'booked', offer_expires_at: null, updated_at: stamp };
      else if (action === 'latecancel') patch = { state: 'cancelled', late_cancelled: 1, updated_at: stamp };
      else patch = { state: 'cancelled', updated_at: stamp };
      const updated = await trx.updateTable('visits').set(patch).where('id', '=', row.id).where('state', '=', row.state).returningAll().executeTakeFirst();
      if (!updated) throw visitNotFound();

      if (action === 'latecancel') await chargeLateCancel(trx, row, sessionRow, at);
      else if (action === 'confirm') await chargeVisit(trx, row, sessionRow, at);
      else if (row.state === 'booked') await refundVisit(trx, row.id);
      // An answered offer's waitlist notification is removed with it (a 'removed' live update).
      if (row.state === 'pending') await removeOfferNotifications(trx, [row.id], at);
      // A booked place or an offered one came free (a waitlist place frees nothing, but asking is harmless).
      if (action !== 'confirm') await offerFreePlaces(trx, row.session_id, at, offered);

      // The visit and its class were read and checked above: present the updated row with that
      // class (its counts are read afresh), without reading both again.
      const [visit]: Visit[] = await presentVisits(trx, [updated], me, [sessionRow]);
      if (!visit) throw visitNotFound();
      return { status: 200, body: visit };
    },
    'read committed',
  );
  await offers.announce(db, offered);
  return response;
}
