import { Hono } from 'hono';
import { z } from 'zod';
import { friendAcceptPath, type FriendAccepted, type FriendInvitation, type FriendInvitationCreated } from '../../../core/contract/friends';
import type { AppEnv } from '../../http/context';
import { ApiError, notFound } from '../../http/errors';
import { idempotent } from '../../http/idempotency';
import { profileId, requireAuth } from '../../http/session';
import { readOptionalJson, readQuery, requireFacility } from '../booking/http';
import { sessionRange } from '../booking/range';
import { acceptInvitation, createInvitation, friendsBookings, listFriends, openInvitation, removeFriend } from './store';

// Friends (issue 31 item 6; docs/decisions.md#friends). All under /api/v1 with a member session and
// X-App-Id like every member route; another member's ids answer 404 like unknown ones.
// | POST   | /friends/invitations               | none                        | 201 {token, url, expires_at}; 409 too_many_invitations past 20 open |
// | GET    | /friends/invitations/{token}       | none                        | 200 {inviter: {first_name}, expires_at}; 404 unknown, used or expired; 409 own_friend_invitation |
// | POST   | /friends/invitations/{token}/accept| Idempotency-Key honoured    | 201 {friend: {id, first_name, last_name}}; again by the same member: the same |
// | GET    | /friends                           | none                        | 200 [{id, first_name, last_name, since}] |
// | DELETE | /friends/{profileId}               | Idempotency-Key honoured    | 204; not a friend: 404 |
// | GET    | /friends/bookings                  | X-Facility-Id, start_date, end_date (as GET /sessions) | 200 [{session_id, start_date, friends: [{id, first_name}]}] |

const MAX_ID = 2_147_483_647;

const instant = z.union([z.iso.date(), z.iso.datetime({ offset: true })], {
  error: 'Dates must be ISO dates (2026-05-01) or date-times with an offset (2026-05-01T06:00:00Z).',
});
const rangeQuery = z.object({ start_date: instant.optional(), end_date: instant.optional() });

// No body is needed; an object (e.g. {}) is accepted, anything else is 422.
const emptyBody = z.object({}, { error: 'The request body must be empty or an object, e.g. {}.' });

function profileParam(raw: string | undefined): number {
  return /^\d{1,10}$/.test(raw ?? '') && Number(raw) <= MAX_ID ? Number(raw) : Number.NaN;
}

export function friendRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.use('*', requireAuth);

  routes.get('/', async (c) => c.json(await listFriends(c.get('deps').db, profileId(c)), 200, { 'Cache-Control': 'no-store' }));

  routes.post('/invitations', async (c) => {
    const me = profileId(c);
    await readOptionalJson(c, emptyBody);
    return idempotent(c, me, async (trx) => {
      const { token, expiresAt } = await createInvitation(trx, me, c.get('deps').now());
      const body: FriendInvitationCreated = { token, url: friendAcceptPath(token), expires_at: expiresAt.toISOString() };
      return { status: 201, body };
    });
  });

  routes.get('/invitations/:token', async (c) => {
    const row = await openInvitation(c.get('deps').db, profileId(c), c.req.param('token'), c.get('deps').now());
    const body: FriendInvitation = { inviter: { first_name: row.first_name }, expires_at: row.expires_at };
    return c.json(body, 200, { 'Cache-Control': 'no-store' });
  });

  routes.post('/invitations/:token/accept', async (c) => {
    const me = profileId(c);
    await readOptionalJson(c, emptyBody);
    return idempotent(c, me, async (trx) => {
      const body: FriendAccepted = { friend: await acceptInvitation(trx, me, c.req.param('token'), c.get('deps').now()) };
      return { status: 201, body };
    });
  });

  routes.get('/bookings', async (c) => {
    const { db, now } = c.get('deps');
    const facility = requireFacility(c);
    const range = sessionRange(readQuery(c, rangeQuery), facility.time_zone, now());
    if (!range.ok) throw new ApiError(422, range.code, range.message);
    return c.json(await friendsBookings(db, profileId(c), facility.id, range.from, range.to), 200, { 'Cache-Control': 'no-store' });
  });

  routes.delete('/:profileId', async (c) => {
    const me = profileId(c);
    const other = profileParam(c.req.param('profileId'));
    return idempotent(c, me, async (trx) => {
      if (Number.isNaN(other) || !(await removeFriend(trx, me, other))) throw notFound('The friend');
      return { status: 204, body: null };
    });
  });

  return routes;
}
