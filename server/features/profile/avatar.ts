import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import type { AppEnv } from '../../http/context';
import { ApiError } from '../../http/errors';
import { profileId, requireAuth } from '../../http/session';
import { readQuery } from '../booking/http';
import { remakePicture, type PictureFormat } from '../../uploads/pictures';
import { loadProfile } from './present';

// Profile photos, the way an object store takes uploads (see docs/decisions.md#profile-photo):
//   GET  /api/v1/profile/image_auth?content_type=image/jpeg
//        → {url, fields: {policy, signature}, content_type, max_bytes, expires_at}: a policy signed by
//          the server (who, which content type, how big, until when);
//   POST /uploads/avatar (multipart form: the fields, then `file`), no session needed: the signature
//        is the permission. The bytes must really be JPEG, PNG or WebP (read by sharp, not trusted
//        from the name or type); never SVG; never served as sent: a 160 px thumbnail and a 640 px
//        main picture are made (square, EXIF rotation applied, metadata dropped) as WebP, and
//        profile.avatar points at them;
//   GET  /uploads/avatars/{file}.webp the pictures, immutable (each upload has new names).

export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const AVATAR_MAX_BYTES = 8 * 1024 * 1024;
const POLICY_TTL_MS = 15 * 60_000;
const SIZES = { thumb: 160, main: 640 } as const;
const FORMAT_OF: Record<(typeof AVATAR_TYPES)[number], PictureFormat> = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp' };
const FILE = /^[a-z0-9-]{10,100}\.webp$/;

interface Policy {
  profile_id: number;
  content_type: (typeof AVATAR_TYPES)[number];
  max_bytes: number;
  expires_at: string;
}

function sign(secret: string, policy: string): string {
  return createHmac('sha256', secret).update(policy).digest('base64url');
}

function verify(secret: string, policy: string, signature: string): Policy | null {
  const expected = Buffer.from(sign(secret, policy));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    return JSON.parse(Buffer.from(policy, 'base64url').toString('utf8')) as Policy;
  } catch {
    return null;
  }
}

const refuse = (status: 400 | 403 | 413 | 422, code: 'upload_refused' | 'not_an_image' | 'payload_too_large', message: string) => new ApiError(status, code, message);

const authQuery = z.object({
  content_type: z.enum(AVATAR_TYPES, { error: `content_type must be one of ${AVATAR_TYPES.join(', ')}.` }),
});

/** GET /api/v1/profile/image_auth (mounted with the profile routes). */
export function imageAuthRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get('/image_auth', requireAuth, (c) => {
    const { now, uploads } = c.get('deps');
    const { content_type } = readQuery(c, authQuery);
    const expires = new Date(now().getTime() + POLICY_TTL_MS).toISOString();
    const policy = Buffer.from(JSON.stringify({ profile_id: profileId(c), content_type, max_bytes: AVATAR_MAX_BYTES, expires_at: expires } satisfies Policy)).toString('base64url');
    // Same origin as the app (a relative URL): the CSP's connect-src 'self' allows it whatever the host name.
    return c.json({ url: '/uploads/avatar', fields: { policy, signature: sign(uploads.secret, policy) }, content_type, max_bytes: AVATAR_MAX_BYTES, expires_at: expires });
  });
  return routes;
}

/** /uploads: the signed form POST and the pictures. */
export function uploadRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.post('/avatar', bodyLimit({ maxSize: AVATAR_MAX_BYTES + 64 * 1024, onError: () => { throw new ApiError(413, 'payload_too_large', `The picture can be at most ${AVATAR_MAX_BYTES / 1024 / 1024} MB.`, undefined, { Connection: 'close' }); } }), async (c) => {
    const { db, now, uploads } = c.get('deps');
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const policyText = typeof form.policy === 'string' ? form.policy : '';
    const signature = typeof form.signature === 'string' ? form.signature : '';
    const policy = verify(uploads.secret, policyText, signature);
    if (!policy) throw refuse(403, 'upload_refused', 'The upload permission is not valid.');
    if (Date.parse(policy.expires_at) <= now().getTime()) throw refuse(403, 'upload_refused', 'The upload permission has expired. Try again.');
    const file = form.file;
    if (!(file instanceof File)) throw refuse(400, 'upload_refused', 'The form needs a file field.');
    if (file.size > policy.max_bytes) throw refuse(413, 'payload_too_large', `The picture can be at most ${policy.max_bytes / 1024 / 1024} MB.`);
    if (file.type !== policy.content_type) throw refuse(422, 'not_an_image', `The file must be ${policy.content_type}, as asked.`);
    const bytes = Buffer.from(await file.arrayBuffer());
    // What the bytes are, not what they claim: sharp reads them (SVG, empty and the rest refused).
    const sizes = Object.entries(SIZES) as [keyof typeof SIZES, number][];
    const made = await remakePicture(bytes, sizes.map(([, px]) => (picture) => picture.rotate().resize(px, px, { fit: 'cover' }).webp({ quality: 82 })), FORMAT_OF[policy.content_type]);
    if (!made) throw refuse(422, 'not_an_image', 'The file is not a JPEG, PNG or WebP picture.');

    const member = await db.selectFrom('members_profiles').select(['guid', 'avatar_thumb_url', 'avatar_main_url']).where('id', '=', policy.profile_id).executeTakeFirst();
    if (!member) throw refuse(403, 'upload_refused', 'The upload permission is not valid.');
    const stem = `${member.guid.slice(0, 8)}-${randomBytes(9).toString('hex')}`.toLowerCase();
    const urls: Record<keyof typeof SIZES, string> = { thumb: '', main: '' };
    for (const [i, [size]] of sizes.entries()) {
      await uploads.store.put(`avatars/${stem}-${size}.webp`, made[i]!, 'image/webp');
      urls[size] = `/uploads/avatars/${stem}-${size}.webp`;
    }
    await db.updateTable('members_profiles').set({ avatar_thumb_url: urls.thumb, avatar_main_url: urls.main, updated_at: now().toISOString() }).where('id', '=', policy.profile_id).execute();
    // The previous pictures are no longer anyone's.
    for (const old of [member.avatar_thumb_url, member.avatar_main_url]) {
      const name = old?.startsWith('/uploads/avatars/') ? old.slice('/uploads/avatars/'.length) : null;
      if (name && FILE.test(name)) await uploads.store.remove(`avatars/${name}`).catch(() => undefined);
    }
    const profile = await loadProfile(db, policy.profile_id);
    return c.json({ avatar: profile.avatar }, 201);
  });

  // Profile photos and post pictures, as made here (WebP, random names).
  routes.get('/:folder{avatars|posts}/:file', async (c) => {
    const name = c.req.param('file');
    if (!FILE.test(name)) return c.notFound();
    const bytes = await c.get('deps').uploads.store.get(`${c.req.param('folder')}/${name}`);
    if (!bytes) return c.notFound();
    return c.body(new Uint8Array(bytes), 200, { 'Content-Type': 'image/webp', 'Cache-Control': 'public, max-age=31536000, immutable', 'X-Content-Type-Options': 'nosniff' });
  });
  return routes;
}
