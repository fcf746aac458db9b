import { Hono } from 'hono';
import { z } from 'zod';
import { readQuery, requireOrgId } from '../booking/http';
import { findMemberSessionRow, presentSessions } from '../booking/present';
import type { AppEnv } from '../../http/context';
import { notFound } from '../../http/errors';
import { jsonWithETag } from '../../http/etag';
import { profileId, requireAuth } from '../../http/session';
import { buildLeaderboard } from './leaderboard';
import { positiveIdParam } from './query';

// GET /leaderboard?session_id: the ranked results of a class of the request's organisation,
// only when its whiteboard is visible to the member (see docs/decisions.md#leaderboards); otherwise {visible: false}.
// Results of members who hide them are left off others' boards (docs/decisions.md#member-preferences).
// With an ETag, so the app can ask for a board each time it is shown and every few seconds while
// it is, and an unchanged board costs a 304 (docs/decisions.md#leaderboards).

const query = z.object({ session_id: positiveIdParam('session_id') });

export function leaderboardRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.use('*', requireAuth);

  routes.get('/', async (c) => {
    const { db } = c.get('deps');
    const me = profileId(c);
    const orgId = requireOrgId(c);
    const { session_id: sessionId } = readQuery(c, query);
    const row = await findMemberSessionRow(db, sessionId, me);
    const [session] = row && row.org_id === orgId ? await presentSessions(db, [row], me) : [];
    if (!session) throw notFound('The class');
    return jsonWithETag(c, await buildLeaderboard(db, session, orgId, me));
  });

  return routes;
}
