import { Hono } from 'hono';
import { markAllReadBody, type NotificationList } from '../../../core/contract/notifications';
import { pathId } from '../booking/http';
import type { AppEnv } from '../../http/context';
import { notFound } from '../../http/errors';
import { idempotent } from '../../http/idempotency';
import { profileId, requireAuth } from '../../http/session';
import { readJson } from '../../http/validate';
import { toNotification } from './present';
import { markRead } from './store';
import { jsonWithETag } from '../../http/etag';

// The member's notifications (see docs/rules.md#notifications):
//   GET /notifications                    → {data: AppNotification[]}: not removed, not expired,
//                                           newest updated first, at most 100. With X-Facility-Id
//                                           or X-Club-Id only that organisation's.
//   PUT /notifications/{id}/mark_as_read  → the notification (read_at set if it was unread).
//   PUT /notifications/mark_all_read {ids} → {data: [...]} the ones that changed; ids that are
//                                           not the member's are ignored.
// Changes are published as 'updated' on the member's realtime channel so other devices follow.
// Another member's notification id answers 404 exactly like an unknown one.

export const NOTIFICATIONS_LIMIT = 100;

const notificationNotFound = () => notFound('The notification');

export function notificationRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.use('*', requireAuth);

  routes.get('/', async (c) => {
    const { db, now } = c.get('deps');
    const orgId = c.get('scope').account?.org_id;
    let query = db
      .selectFrom('notifications')
      .selectAll()
      .where('profile_id', '=', profileId(c))
      .where('removed_at', 'is', null)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now().toISOString())]));
    if (orgId !== undefined) query = query.where('org_id', '=', orgId);
    const rows = await query.orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(NOTIFICATIONS_LIMIT).execute();
    const body: NotificationList = { data: rows.map(toNotification) };
    return jsonWithETag(c, body);
  });

  routes.put('/mark_all_read', async (c) => {
    const me = profileId(c);
    const { ids } = await readJson(c, markAllReadBody);
    return idempotent(c, me, async (trx) => {
      const changed = await markRead(trx, me, ids, c.get('deps').now());
      const body: NotificationList = { data: changed.map(toNotification) };
      return { status: 200, body };
    });
  });

  routes.put('/:id/mark_as_read', async (c) => {
    const me = profileId(c);
    const id = pathId(c);
    return idempotent(c, me, async (trx) => {
      if (!Number.isSafeInteger(id)) throw notificationNotFound();
      // A removed notification can still be marked (the tap may race its removal): the answer
      // carries removed_at, so the app drops it.
      const [changed] = await markRead(trx, me, [id], c.get('deps').now(), { includeRemoved: true });
      const row = changed ?? (await trx.selectFrom('notifications').selectAll().where('id', '=', id).where('profile_id', '=', me).executeTakeFirst());
      if (!row) throw notificationNotFound();
      return { status: 200, body: toNotification(row) };
    });
  });

  return routes;
}
