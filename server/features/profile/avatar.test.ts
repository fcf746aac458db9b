import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '../../../core/contract/types';
import { ALEX, Browser, json, manualClock, signedIn, startTestServer, type TestServer } from '../../testing/helpers';

interface ImageAuth {
  url: string;
  fields: { policy: string; signature: string };
  content_type: string;
  max_bytes: number;
}

describe('profile photo upload', () => {
  const clock = manualClock();
  let server: TestServer;
  let alex: Browser;

  beforeAll(async () => {
    server = await startTestServer({ now: clock.now });
    alex = await signedIn(server, ALEX);
  });
  afterAll(() => server.close());

  const auth = async (type = 'image/jpeg') => json<ImageAuth>(await alex.get(`/api/v1/profile/image_auth?content_type=${encodeURIComponent(type)}`));
  const photo = (format: 'jpeg' | 'png' = 'jpeg') => sharp({ create: { width: 900, height: 600, channels: 3, background: '#3366aa' } })[format]().toBuffer();
  async function upload(permission: ImageAuth, bytes: Uint8Array, type = permission.content_type, fields: Partial<ImageAuth['fields']> = {}) {
    const form = new FormData();
    form.set('policy', fields.policy ?? permission.fields.policy);
    form.set('signature', fields.signature ?? permission.fields.signature);
    form.set('file', new Blob([bytes], { type }), 'photo');
    // A plain form POST, as to an object store: no session cookie, no app header.
    return fetch(server.url + permission.url, { method: 'POST', body: form });
  }

  it('signs a permission for a member only, for JPEG, PNG or WebP only', async () => {
    expect((await new Browser(server.url).get('/api/v1/profile/image_auth?content_type=image/jpeg')).status).toBe(401);
    expect((await alex.get('/api/v1/profile/image_auth?content_type=image/svg%2Bxml')).status).toBe(422);
    const permission = await auth();
    expect(permission).toMatchObject({ url: '/uploads/avatar', content_type: 'image/jpeg', max_bytes: 8 * 1024 * 1024 });
  });

  it('makes a square thumbnail and main picture from a real photo, sets the avatar, and drops the previous files', async () => {
    const first = await upload(await auth(), await photo());
    expect(first.status).toBe(201);
    const { avatar } = await json<{ avatar: Profile['avatar'] }>(first);
    expect(avatar).toMatchObject({ is_set: true, thumb_url: expect.stringMatching(/^\/uploads\/avatars\/[a-z0-9-]+-thumb\.webp$/), main_url: expect.stringMatching(/-main\.webp$/) });
    const thumb = await fetch(server.url + avatar.thumb_url!);
    expect(thumb.headers.get('Content-Type')).toBe('image/webp');
    expect(thumb.headers.get('Cache-Control')).toContain('immutable');
    const meta = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 160, 160]);
    expect((await json<Profile>(await alex.get('/api/v1/profile'))).avatar).toEqual(avatar);

    const second = await upload(await auth('image/png'), await photo('png'));
    expect(second.status).toBe(201);
    const files = await readdir(join(server.dir, 'uploads', 'avatars'));
    expect(files).toHaveLength(2);
    expect(files.some((f) => avatar.thumb_url!.endsWith(f))).toBe(false);
  });

  it('refuses a forged, expired or mismatched permission, bytes that are not the picture they claim, SVG and oversize files', async () => {
    const permission = await auth();
    const jpeg = await photo();
    expect((await upload(permission, jpeg, 'image/jpeg', { signature: 'x'.repeat(43) })).status).toBe(403);
    const otherMember = JSON.parse(Buffer.from(permission.fields.policy, 'base64url').toString()) as Record<string, unknown>;
    expect((await upload(permission, jpeg, 'image/jpeg', { policy: Buffer.from(JSON.stringify({ ...otherMember, profile_id: 2 })).toString('base64url') })).status).toBe(403);
    expect((await upload(permission, jpeg, 'image/png')).status).toBe(422);
    const text = await upload(permission, new TextEncoder().encode('not a picture at all'));
    expect(text.status).toBe(422);
    expect(await json(text)).toMatchObject({ code: 'not_an_image' });
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>');
    expect((await upload(permission, svg)).status).toBe(422);
    expect((await upload(await auth('image/png'), jpeg, 'image/png')).status).toBe(422);
    expect((await upload(permission, new Uint8Array(9 * 1024 * 1024))).status).toBe(413);
    // An empty file is not a picture either: the same clear 422, never a 500.
    const empty = await upload(permission, new Uint8Array(0));
    expect(empty.status).toBe(422);
    expect(await json(empty)).toMatchObject({ code: 'not_an_image', message: 'The file is not a JPEG, PNG or WebP picture.' });
    clock.advance(16 * 60_000);
    expect((await upload(permission, jpeg)).status).toBe(403);
    expect((await fetch(`${server.url}/uploads/avatars/..%2Fapp.sqlite`)).status).toBe(404);
  });
});
