import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import { tokensMatch } from './token';
import { pathId } from '../booking/http';
import type { AppContext, AppEnv } from '../../http/context';
import { ApiError, notFound, payloadTooLarge } from '../../http/errors';
import { readJson } from '../../http/validate';
import { cancelAppointment, cancelClass, moveAppointment, publishPost } from '../notifications/events';
import { presentById } from '../appointments/present';
import { emailField } from '../profile/profile-routes';
import { POST_IMAGE_MAX_BYTES, storePostImage } from '../feed/images';
import { createInvitation } from '../auth/invitations';
import { refundOrder } from '../shop/refunds';
import { SUPPORTED_LOCALES } from '../../../core/locales';

const invitationBody = z.object({
  facility_id: z.number({ error: 'facility_id must be a facility id.' }).int().positive(),
  email: emailField,
  locale: z.enum(SUPPORTED_LOCALES).optional(),
});

// Staff actions for demos and end-to-end tests, outside /api/v1 (members have no staff role).
// Every route needs `Authorization: Bearer <admin token>` (ADMIN_TOKEN, or the generated one in
// data/admin-token); anything else is 401. `npm run admin` (server/features/admin/cli.ts) wraps them.
//
//   POST /admin/sessions/{id}/cancel        → 200 {session_id, cancelled_visits, notified}
//   POST /admin/posts {org_id, author_name, content, image?}  → 201 {post, notified} (image: base64 JPEG/PNG/WebP)
//   POST /admin/appointments/{id}/move {start_at}            → 200 {appointment, notification}
//   POST /admin/appointments/{id}/cancel                     → 200 {appointment, notification}
//   POST /admin/invitations {facility_id, email, locale?}      → 201 {invitation} (the link is emailed)
//   GET  /admin/reports?org_id=1                              → 200 {reports: [{id, org_id, source_type, source_id, post_id, content, author, reported_by, created_at}]}
//                                                              newest first, 100 at most: what members reported in the feed
//   POST /admin/orders/{id}/refund                           → 200 {order_id, refund_id, refunded_at, total, currency}
//                                                              through the gateway that charged it, once however often asked
//   POST /admin/notifications {email, type, message, params?, org_id?, expires_at?, avatar_url?}
//                                                            → 201 {notification}

const ADMIN_BODY_LIMIT = 64 * 1024;

/** Bearer <admin token> checked in constant time, else 401: the /admin routes, GET /metrics and /admin/errors (features/client-reports). */
/** The token of `Authorization: Bearer <token>`, or null. */
export function bearerToken(c: AppContext): string | null {
  return /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '')?.[1] ?? null;
}

export const adminAuth = createMiddleware<AppEnv>(async (c, next) => {
  const token = bearerToken(c);
  if (!token || !tokensMatch(token, c.get('deps').adminToken)) {
    throw new ApiError(401, 'admin_unauthorized', 'A valid admin token is required (Authorization: Bearer <token>).', undefined, { 'WWW-Authenticate': 'Bearer realm="admin"' });
  }
  await next();
});

const instant = z.iso.datetime({ offset: true, error: 'start_at must be a date-time with an offset, e.g. 2026-05-01T06:00:00Z.' });

const postBody = z.object(
  {
    org_id: z.number({ error: 'org_id must be a number.' }).int('org_id must be a whole number.').positive('org_id must be positive.'),
    author_name: z.string({ error: 'author_name must be text.' }).trim().min(1, 'author_name must not be empty.').max(100, 'author_name must be at most 100 characters.'),
    content: z.string({ error: 'content must be text.' }).trim().min(1, 'content must not be empty.').max(5000, 'content must be at most 5000 characters.'),
    /** A JPEG, PNG or WebP picture, base64. */
    image: z.string({ error: 'image must be base64 text.' }).regex(/^[A-Za-z0-9+/=\s]+$/, 'image must be base64.').optional(),
  },
  { error: 'The request body must be an object like {"org_id": 1, "author_name": "…", "content": "…"}.' },
);

const moveBody = z.object({ start_at: instant }, { error: 'The request body must be an object like {"start_at": "2026-05-01T06:00:00Z"}.' });

/** Length of the value as JSON; Infinity for anything JSON.stringify cannot write (never throws). */
function jsonLength(value: unknown): number {
  try {
    return JSON.stringify(value).length;
  } catch {
    return Infinity;
  }
}

const notificationBody = z.object(
  {
    email: emailField,
    type: z.string({ error: 'type must be text.' }).regex(/^[a-z][a-z0-9_]{0,39}$/, 'type must be a lower-case word (letters, digits, _), e.g. waitlist.'),
    message: z.string({ error: 'message must be text.' }).trim().min(1, 'message must not be empty.').max(1000, 'message must be at most 1000 characters.'),
    params: z
      .record(z.string(), z.unknown(), { error: 'params must be an object.' })
      .refine((p) => jsonLength(p) <= 2000, 'params must be at most 2000 characters of JSON.')
      .optional(),
    org_id: z.number({ error: 'org_id must be a number.' }).int().positive().optional(),
    expires_at: z.iso.datetime({ offset: true, error: 'expires_at must be a date-time with an offset.' }).nullable().optional(),
    avatar_url: z.url({ error: 'avatar_url must be a URL.' }).max(500).nullable().optional(),
  },
  { error: 'The request body must be an object like {"email": "…", "type": "post", "message": "…", "params": {}}.' },
);

export function adminRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  // A post may carry a picture (base64); everything else is small.
  const small = bodyLimit({ maxSize: ADMIN_BODY_LIMIT, onError: payloadTooLarge });
  const withPicture = bodyLimit({ maxSize: Math.ceil((POST_IMAGE_MAX_BYTES * 4) / 3) + ADMIN_BODY_LIMIT, onError: payloadTooLarge });
  routes.use('*', (c, next) => (c.req.method === 'POST' && c.req.path === '/admin/posts' ? withPicture : small)(c, next));
  routes.use('*', adminAuth);

  routes.post('/sessions/:id/cancel', async (c) => {
    const { notifications, now } = c.get('deps');
    const id = pathId(c);
    return c.json(await notifications.transaction((trx) => cancelClass(trx, id, now()), 'read committed'));
  });

  routes.post('/posts', async (c) => {
    const { notifications, now } = c.get('deps');
    const body = await readJson(c, postBody);
    const imageUrl = body.image ? await storePostImage(c.get('deps').uploads.store, Buffer.from(body.image, 'base64')) : null;
    const result = await notifications.transaction((trx) => publishPost(trx, { orgId: body.org_id, authorName: body.author_name, content: body.content, imageUrl }, now()));
    return c.json(result, 201);
  });

  routes.get('/reports', async (c) => {
    const { db } = c.get('deps');
    const orgId = Number(c.req.query('org_id'));
    let query = db
      .selectFrom('feed_reports')
      .innerJoin('members_profiles as reporter', 'reporter.id', 'feed_reports.profile_id')
      .leftJoin('posts', (join) => join.onRef('posts.id', '=', 'feed_reports.source_id').on('feed_reports.source_type', '=', 'post'))
      .leftJoin('comments', (join) => join.onRef('comments.id', '=', 'feed_reports.source_id').on('feed_reports.source_type', '=', 'comment'))
      .leftJoin('members_profiles as commenter', 'commenter.id', 'comments.profile_id')
      .select(['feed_reports.id', 'feed_reports.org_id', 'feed_reports.source_type', 'feed_reports.source_id', 'feed_reports.created_at', 'reporter.email as reported_by', 'posts.content as post_content', 'posts.author_name', 'comments.content as comment_content', 'comments.post_id', 'commenter.full_name as commenter']);
    if (Number.isSafeInteger(orgId) && orgId > 0) query = query.where('feed_reports.org_id', '=', orgId);
    const rows = await query.orderBy('feed_reports.created_at', 'desc').orderBy('feed_reports.id', 'desc').limit(100).execute();
    return c.json({
      reports: rows.map((r) => ({
        id: r.id,
        org_id: r.org_id,
        source_type: r.source_type,
        source_id: r.source_id,
        post_id: r.source_type === 'post' ? r.source_id : r.post_id,
        // null once the post or comment is gone.
        content: (r.source_type === 'post' ? r.post_content : r.comment_content) ?? null,
        author: (r.source_type === 'post' ? r.author_name : r.commenter) ?? null,
        reported_by: r.reported_by,
        created_at: r.created_at,
      })),
    });
  });

  routes.post('/invitations', async (c) => {
    const deps = c.get('deps');
    const body = await readJson(c, invitationBody);
    return c.json({ invitation: await createInvitation(deps, { facilityId: body.facility_id, email: body.email, locale: body.locale ?? 'en' }, deps.now()) }, 201);
  });

  routes.post('/orders/:id/refund', async (c) => {
    const { db, now } = c.get('deps');
    return c.json(await refundOrder(db, pathId(c), now()));
  });

  routes.post('/appointments/:id/move', async (c) => {
    const { notifications, now } = c.get('deps');
    const id = pathId(c);
    const { start_at } = await readJson(c, moveBody);
    const result = await notifications.transaction((trx) => moveAppointment(trx, id, new Date(start_at), now()));
    return c.json({ appointment: await presentById(c.get('deps').db, result.appointment), notification: result.notification });
  });

  routes.post('/appointments/:id/cancel', async (c) => {
    const { notifications, now } = c.get('deps');
    const id = pathId(c);
    const result = await notifications.transaction((trx) => cancelAppointment(trx, id, now()));
    return c.json({ appointment: await presentById(c.get('deps').db, result.appointment), notification: result.notification });
  });

  routes.post('/notifications', async (c) => {
    const { notifications } = c.get('deps');
    const body = await readJson(c, notificationBody);
    const notification = await notifications.transaction(async (trx) => {
      const profile = await trx.selectFrom('members_profiles').select('id').where('email', '=', body.email).executeTakeFirst();
      if (!profile) throw notFound('The member');
      const accounts = await trx.selectFrom('accounts').select(['org_id', 'hidden_at', 'last_visit_at']).where('profile_id', '=', profile.id).execute();
      let orgId: number | undefined;
      if (body.org_id !== undefined) {
        orgId = accounts.find((a) => a.org_id === body.org_id)?.org_id;
        if (orgId === undefined) throw new ApiError(422, 'validation_failed', 'The member has no account in that organisation.', [{ path: 'org_id', message: 'The member has no account in that organisation.' }]);
      } else {
        // The organisation the app opens for this member: the most recently visited visible one.
        const ranked = [...accounts].sort((a, b) => Number(a.hidden_at !== null) - Number(b.hidden_at !== null) || (b.last_visit_at ?? '').localeCompare(a.last_visit_at ?? ''));
        orgId = ranked[0]?.org_id;
        if (orgId === undefined) throw new ApiError(409, 'no_account', 'The member has no account in any organisation.');
      }
      return notifications.notify(trx, { profileId: profile.id, orgId, type: body.type, message: body.message, params: body.params ?? {}, expiresAt: body.expires_at ?? null, avatarUrl: body.avatar_url ?? null });
    });
    return c.json({ notification }, 201);
  });

  routes.all('*', () => {
    throw new ApiError(404, 'not_found', 'There is no such admin endpoint.');
  });

  return routes;
}
