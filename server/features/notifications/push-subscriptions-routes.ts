import { Hono } from 'hono';
import { z } from 'zod';
import type { PushSubscriptionCreated, VapidPublicKey } from '../../../core/contract/types';
import type { AppEnv } from '../../http/context';
import { ApiError } from '../../http/errors';
import { idempotent } from '../../http/idempotency';
import { profileId, requireAuth } from '../../http/session';
import { readJson } from '../../http/validate';
import { endpointProblem } from '../../push/endpoint';

// Web Push calls, this server's own (see docs/decisions.md#notifications):
//
// | Method | Path                    | Payload                                                    | Answer |
// |--------|-------------------------|------------------------------------------------------------|--------|
// | GET    | /push/vapid_public_key  | none                                                       | 200 {public_key} (base64url, for pushManager.subscribe's applicationServerKey) |
// | POST   | /push_subscriptions     | {subscription: {endpoint, expirationTime?, keys: {p256dh, auth}}} (PushSubscription.toJSON()) | 201 {id, endpoint} |
// | DELETE | /push_subscriptions     | {endpoint}                                                 | 204 |
//
// All under /api/v1, signed in, X-App-Id as every call; POST and DELETE honour Idempotency-Key.
// - endpoint: an https: URL on a public host (the browser vendor's push service; literal
//   private, loopback, link-local, unique-local, CGNAT or multicast addresses and localhost are
//   refused, and the host is resolved and checked again at every send), or, only where the
//   server runs with allowLoopbackPush (tests, local demos), http://127.0.0.1 / http://localhost
//   (a stand-in push service); at most 2048 chars.
// - keys.p256dh: the browser's P-256 public key (65 bytes, uncompressed), keys.auth: 16 bytes,
//   both base64url as the browser gives them.
// - POST is an upsert by endpoint: the member's own endpoint gets the posted keys; another
//   member's endpoint moves to the caller only when the posted keys equal the stored ones (the
//   same browser, a shared device changing hands), otherwise 409 subscription_taken and the row
//   is left alone. Answers 201 when stored.
// - DELETE removes the endpoint only if it is the member's own; 204 whether or not it existed.
// Every new notification of the member is then pushed to each subscription as the JSON
// {notification: AppNotification, unread_count: number, truncated?: true} (NotificationPushPayload),
// TTL 1 day (less for a waitlist offer that lapses sooner), Urgency high for waitlist offers.
// Subscriptions the push service answers 404 or 410 for are deleted.

export const MAX_ENDPOINT_LENGTH = 2048;

/** Keys compared as bytes, so base64url padding does not matter. */
function sameKey(a: string, b: string): boolean {
  return Buffer.from(a, 'base64url').equals(Buffer.from(b, 'base64url'));
}

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

function base64urlBytes(label: string, length: number, check?: (bytes: Buffer) => boolean) {
  return z
    .string({ error: `${label} must be text.` })
    .max(200, `${label} is too long.`)
    .refine((v) => {
      if (!BASE64URL.test(v)) return false;
      const bytes = Buffer.from(v, 'base64url');
      return bytes.length === length && (check ? check(bytes) : true);
    }, `${label} must be ${length} bytes in base64url.`);
}

const endpointField = z
  .string({ error: 'The endpoint must be text.' })
  .max(MAX_ENDPOINT_LENGTH, `The endpoint must be at most ${MAX_ENDPOINT_LENGTH} characters.`)
  .refine((v) => URL.canParse(v), 'The endpoint must be a URL.');

const subscribeBody = z.object(
  {
    subscription: z.object(
      {
        endpoint: endpointField,
        expirationTime: z.number().nullable().optional(),
        keys: z.object(
          {
            p256dh: base64urlBytes('keys.p256dh', 65, (b) => b[0] === 0x04),
            auth: base64urlBytes('keys.auth', 16),
          },
          { error: 'keys must be an object with p256dh and auth.' },
        ),
      },
      { error: 'subscription must be an object with endpoint and keys.' },
    ),
  },
  { error: 'The request body must be an object like {"subscription": {"endpoint": …, "keys": {…}}}.' },
);

const unsubscribeBody = z.object({ endpoint: z.string({ error: 'The endpoint must be text.' }).max(MAX_ENDPOINT_LENGTH, 'The endpoint is too long.') }, { error: 'The request body must be an object like {"endpoint": "https://…"}.' });

/** GET /push/vapid_public_key */
export function pushKeyRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.use('*', requireAuth);
  routes.get('/vapid_public_key', (c) => {
    const body: VapidPublicKey = { public_key: c.get('deps').vapidPublicKey };
    return c.json(body);
  });
  return routes;
}

/** POST and DELETE /push_subscriptions */
export function pushSubscriptionRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.use('*', requireAuth);

  routes.post('/', async (c) => {
    const me = profileId(c);
    const { subscription } = await readJson(c, subscribeBody);
    // https: on a public host only (loopback http where tests and local demos allow it).
    const problem = endpointProblem(new URL(subscription.endpoint), c.get('deps').allowLoopbackPush);
    if (problem) throw new ApiError(422, 'validation_failed', problem, [{ path: 'subscription.endpoint', message: problem }]);
    const userAgent = c.req.header('user-agent')?.slice(0, 300) ?? null;
    return idempotent(c, me, async (trx) => {
      const values = { profile_id: me, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth, user_agent: userAgent };
      const existing = await trx.selectFrom('push_subscriptions').select(['id', 'profile_id', 'p256dh', 'auth']).where('endpoint', '=', subscription.endpoint).executeTakeFirst();
      // Knowing an endpoint is not owning it: only the browser that holds the subscription's
      // keys may move it to another member (a shared device changing hands).
      if (existing && existing.profile_id !== me && !(sameKey(existing.p256dh, values.p256dh) && sameKey(existing.auth, values.auth))) {
        throw new ApiError(409, 'subscription_taken', 'This push subscription belongs to another member.');
      }
      const row = existing
        ? await trx.updateTable('push_subscriptions').set(values).where('id', '=', existing.id).returning(['id', 'endpoint']).executeTakeFirstOrThrow()
        : await trx
            .insertInto('push_subscriptions')
            .values({ ...values, endpoint: subscription.endpoint, created_at: c.get('deps').now().toISOString(), last_success_at: null })
            .returning(['id', 'endpoint'])
            .executeTakeFirstOrThrow();
      const body: PushSubscriptionCreated = { id: row.id, endpoint: row.endpoint };
      return { status: 201, body };
    });
  });

  routes.delete('/', async (c) => {
    const me = profileId(c);
    const { endpoint } = await readJson(c, unsubscribeBody);
    return idempotent(c, me, async (trx) => {
      await trx.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).where('profile_id', '=', me).execute();
      return { status: 204, body: null };
    });
  });

  return routes;
}
