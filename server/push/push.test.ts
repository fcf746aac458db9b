import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { AppNotification, NotificationPushPayload, PushSubscriptionCreated, VapidPublicKey } from '../../core/contract/types';
import { startServer } from '../app';
import type { Database } from '../db/schema';
import webpush from 'web-push';
import { isNonPublicAddress, publicOnlyLookup, PushEndpointRefused, systemResolver } from './endpoint';
import { MAX_PUSH_PAYLOAD_BYTES, pushPayload } from './payload';
import { createWebPushSender } from './sender';
import { profileIdOf } from '../testing/booking-helpers';
import { ALEX, json, SAM, signedIn, startTestServer, type Browser, type TestServer } from '../testing/helpers';
import { admin, FakePushSender, listNotifications, waitUntil } from '../testing/notifications-helpers';

// Web Push: the VAPID key, subscriptions, the fan-out rules (with a fake sender) and the real
// web-push sender against a stand-in push service on loopback.

interface BrowserKeys {
  ecdh: ECDH;
  p256dh: string;
  auth: string;
}

/** What a browser makes for pushManager.subscribe(): a P-256 key pair and a 16-byte auth secret. */
function browserKeys(): BrowserKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { ecdh, p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

function subscription(endpoint: string, keys: BrowserKeys = browserKeys()) {
  return { subscription: { endpoint, expirationTime: null, keys: { p256dh: keys.p256dh, auth: keys.auth } } };
}

/** RFC 8291 / RFC 8188 (aes128gcm) decryption, as the browser does it. */
function decrypt(body: Buffer, keys: BrowserKeys): string {
  const salt = body.subarray(0, 16);
  const idlen = body.readUInt8(20);
  const serverPublic = body.subarray(21, 21 + idlen);
  const cipherText = body.subarray(21 + idlen);
  const shared = keys.ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), keys.ecdh.getPublicKey(), serverPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, Buffer.from(keys.auth, 'base64url'), keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(cipherText.subarray(cipherText.length - 16));
  const plain = Buffer.concat([decipher.update(cipherText.subarray(0, cipherText.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 followed by padding zeros.
  let end = plain.length - 1;
  while (end > 0 && plain[end] === 0) end--;
  expect(plain[end]).toBe(2);
  return plain.subarray(0, end).toString('utf8');
}

interface PushRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A stand-in for the browser vendor's push service. */
async function fakePushService() {
  const requests: PushRequest[] = [];
  let status = 201;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(status, { Location: `${req.url ?? ''}/msg-${requests.length}` });
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    requests,
    origin: `http://127.0.0.1:${port}`,
    answer(code: number) {
      status = code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('push subscriptions and fan-out (fake sender)', () => {
  let server: TestServer;
  let db: Kysely<Database>;
  let alex: Browser;
  let sam: Browser;
  const sender = new FakePushSender();

  beforeAll(async () => {
    server = await startTestServer({ pushSender: sender });
    db = server.running.db;
    [alex, sam] = await Promise.all([signedIn(server, ALEX), signedIn(server, SAM)]);
  });
  afterAll(() => server.close());

  const post = (browser: Browser, body: unknown, headers: Record<string, string> = {}) => browser.request('/api/v1/push_subscriptions', { method: 'POST', json: body, headers });
  const del = (browser: Browser, body: unknown) => browser.request('/api/v1/push_subscriptions', { method: 'DELETE', json: body });
  const subscriptionsOf = async (email: string) => db.selectFrom('push_subscriptions').selectAll().where('profile_id', '=', await profileIdOf(db, email)).orderBy('id').execute();

  it('hands out the VAPID public key, generated once and kept', async () => {
    const res = await alex.get('/api/v1/push/vapid_public_key');
    expect(res.status).toBe(200);
    const { public_key } = await json<VapidPublicKey>(res);
    const raw = Buffer.from(public_key, 'base64url');
    expect(raw).toHaveLength(65);
    expect(raw[0]).toBe(4);
    expect(public_key).toMatch(/^[A-Za-z0-9_-]+$/);
    const stored = await db.selectFrom('app_settings').select(['key', 'value']).where('key', 'like', 'vapid_%').orderBy('key').execute();
    expect(stored.map((s) => s.key)).toEqual(['vapid_private_key', 'vapid_public_key']);
    expect(stored[1]?.value).toBe(public_key);
    // A restart on the same database keeps the key pair (browsers' subscriptions depend on it).
    const again = await startServer({ port: 0, ...server.database, distDir: `${server.dir}/dist`, pushSender: sender });
    try {
      expect(again.vapidPublicKey).toBe(public_key);
    } finally {
      await again.close();
    }
    expect((await fetch(`${server.url}/api/v1/push/vapid_public_key`, { headers: { 'X-App-Id': 'member-pwa' } })).status).toBe(401);
  });

  it('stores a subscription (201 {id, endpoint}), upserting by endpoint; it moves to another member only from the same browser (same keys)', async () => {
    const endpoint = 'https://push.example.net/send/abc123';
    const keys = browserKeys();
    const res = await post(alex, subscription(endpoint, keys), { 'User-Agent': 'TestBrowser/1.0' });
    expect(res.status).toBe(201);
    const created = await json<PushSubscriptionCreated>(res);
    expect(created).toEqual({ id: expect.any(Number) as number, endpoint });
    expect(await subscriptionsOf(ALEX)).toMatchObject([{ id: created.id, endpoint, p256dh: keys.p256dh, auth: keys.auth, user_agent: 'TestBrowser/1.0', last_success_at: null }]);

    // Same endpoint again from its owner (keys refreshed): one row, new keys.
    const refreshed = browserKeys();
    expect(await json(await post(alex, subscription(endpoint, refreshed)))).toEqual(created);
    expect(await subscriptionsOf(ALEX)).toMatchObject([{ id: created.id, p256dh: refreshed.p256dh, auth: refreshed.auth }]);

    // Another member who knows the endpoint but not the browser's keys cannot take it over.
    const stolen = await post(sam, subscription(endpoint));
    expect(stolen.status).toBe(409);
    expect(await json(stolen)).toMatchObject({ code: 'subscription_taken' });
    expect(await subscriptionsOf(ALEX)).toMatchObject([{ id: created.id, p256dh: refreshed.p256dh, auth: refreshed.auth }]);
    expect(await subscriptionsOf(SAM)).toEqual([]);

    // The same browser (same keys) after Sam signed in on it: the subscription moves to Sam.
    const moved = await post(sam, subscription(endpoint, refreshed));
    expect(moved.status).toBe(201);
    expect(await json(moved)).toEqual(created);
    expect(await subscriptionsOf(ALEX)).toEqual([]);
    expect((await subscriptionsOf(SAM)).map((s) => s.id)).toEqual([created.id]);

    // Alex cannot remove Sam's subscription; Sam can. Both answer 204.
    expect((await del(alex, { endpoint })).status).toBe(204);
    expect(await subscriptionsOf(SAM)).toHaveLength(1);
    expect((await del(sam, { endpoint })).status).toBe(204);
    expect(await subscriptionsOf(SAM)).toEqual([]);
    expect((await del(sam, { endpoint })).status).toBe(204);
  });

  it('refuses bad subscriptions', async () => {
    const keys = browserKeys();
    const bad: unknown[] = [
      subscription('http://push.example.net/x', keys),
      subscription('ftp://push.example.net/x', keys),
      subscription('not a url', keys),
      subscription(`https://push.example.net/${'x'.repeat(2100)}`, keys),
      subscription('https://user:pw@push.example.net/x', keys),
      { subscription: { endpoint: 'https://push.example.net/x', keys: { p256dh: keys.p256dh, auth: 'short' } } },
      { subscription: { endpoint: 'https://push.example.net/x', keys: { p256dh: Buffer.concat([Buffer.from([0x05]), randomBytes(64)]).toString('base64url'), auth: keys.auth } } },
      { subscription: { endpoint: 'https://push.example.net/x' } },
      { endpoint: 'https://push.example.net/x' },
    ];
    for (const body of bad) {
      const res = await post(alex, body);
      expect(res.status, JSON.stringify(body).slice(0, 120)).toBe(422);
    }
    // Loopback http is the stand-in push service of tests and local demos.
    expect((await post(alex, subscription('http://127.0.0.1:9/push', keys))).status).toBe(201);
    expect((await post(alex, subscription('http://localhost:9/push', keys))).status).toBe(201);
    await del(alex, { endpoint: 'http://127.0.0.1:9/push' });
    await del(alex, { endpoint: 'http://localhost:9/push' });
    expect((await fetch(`${server.url}/api/v1/push_subscriptions`, { method: 'POST', headers: { 'X-App-Id': 'member-pwa', 'Content-Type': 'application/json' }, body: JSON.stringify(subscription('https://p.example/x')) })).status).toBe(401);
  });

  it('replays a subscription by Idempotency-Key', async () => {
    const body = subscription('https://push.example.net/idem');
    const first = await post(alex, body, { 'Idempotency-Key': 'sub-1' });
    const again = await post(alex, body, { 'Idempotency-Key': 'sub-1' });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await json(again)).toEqual(await json(first));
    await del(alex, { endpoint: 'https://push.example.net/idem' });
  });

  it('pushes each new notification to every subscription; forgets 404/410, keeps the rest', async () => {
    const endpoints = { ok: 'https://push.example.net/ok', gone: 'https://push.example.net/gone', missing: 'https://push.example.net/missing', busy: 'https://push.example.net/busy', down: 'https://push.example.net/down' };
    for (const e of Object.values(endpoints)) expect((await post(alex, subscription(e))).status).toBe(201);
    expect((await post(sam, subscription('https://push.example.net/sam'))).status).toBe(201);
    sender.answers.set(endpoints.gone, 410);
    sender.answers.set(endpoints.missing, 404);
    sender.answers.set(endpoints.busy, 503);
    sender.answers.set(endpoints.down, 'throw');
    sender.sent.length = 0;

    const res = await admin(server, '/admin/notifications', { email: ALEX, type: 'waitlist', message: 'A place opened up', params: { class: { id: 1, name: 'CrossFit', start_date: new Date().toISOString() } } });
    expect(res.status).toBe(201);
    const { notification } = await json<{ notification: AppNotification }>(res);
    await server.running.notifications.settled();

    expect(sender.sent.map((s) => s.subscription.endpoint).sort()).toEqual(Object.values(endpoints).sort());
    const unread = (await listNotifications(alex, { 'X-Club-Id': '1' })).filter((n) => n.read_at === null).length;
    for (const s of sender.sent) {
      const payload = JSON.parse(s.payload) as NotificationPushPayload;
      expect(payload).toEqual({ notification, unread_count: unread });
      expect(s.options).toEqual({ urgency: 'high', ttlSeconds: 86400 });
      expect(s.subscription.keys.p256dh).toMatch(/^[A-Za-z0-9_-]+$/);
    }
    const left = await subscriptionsOf(ALEX);
    expect(left.map((s) => s.endpoint).sort()).toEqual([endpoints.busy, endpoints.down, endpoints.ok].sort());
    expect(left.find((s) => s.endpoint === endpoints.ok)?.last_success_at).not.toBeNull();
    expect(left.find((s) => s.endpoint === endpoints.busy)?.last_success_at).toBeNull();

    // Only new notifications are pushed: reading one is not. Other types are normal urgency.
    sender.sent.length = 0;
    await alex.put(`/api/v1/notifications/${notification.id}/mark_as_read`, undefined);
    await admin(server, '/admin/notifications', { email: ALEX, type: 'post', message: 'News' });
    await server.running.notifications.settled();
    expect(sender.sent.map((s) => (JSON.parse(s.payload) as NotificationPushPayload).notification.message)).toEqual(['News', 'News', 'News']);
    expect(sender.sent[0]?.options?.urgency).toBe('normal');
    // Sam's device heard nothing of Alex's.
    expect(sender.sent.some((s) => s.subscription.endpoint === 'https://push.example.net/sam')).toBe(false);
  });

  it('never holds up the request that caused a push, even when the push service hangs', async () => {
    let release: (code: number) => void = () => undefined;
    const hanging = new Promise<number>((resolve) => (release = resolve));
    sender.answers.set('https://push.example.net/ok', () => hanging);
    const started = Date.now();
    const res = await admin(server, '/admin/notifications', { email: ALEX, type: 'post', message: 'Slow push' });
    expect(res.status).toBe(201);
    expect(Date.now() - started).toBeLessThan(1000);
    expect((await listNotifications(alex)).some((n) => n.message === 'Slow push')).toBe(true);
    release(201);
    await server.running.notifications.settled();
    sender.answers.delete('https://push.example.net/ok');
  });

  it('keeps the payload under 4 KB', () => {
    const notification: AppNotification = {
      id: 1,
      type: 'post',
      message: 'm'.repeat(5000),
      params: { posts: Array.from({ length: 50 }, (_, i) => ({ id: i, author: { full_name: `Author ${'x'.repeat(80)}` } })), extra: 'e'.repeat(3000) },
      avatar_url: `https://img.example/${'a'.repeat(400)}`,
      read_at: null,
      removed_at: null,
      expires_at: null,
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
    };
    const text = pushPayload(notification, 3);
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(MAX_PUSH_PAYLOAD_BYTES);
    const payload = JSON.parse(text) as NotificationPushPayload;
    expect(payload).toMatchObject({ unread_count: 3, truncated: true, notification: { id: 1, type: 'post' } });
    expect(payload.notification.params.posts?.length).toBe(3);
    const small = JSON.parse(pushPayload({ ...notification, message: 'hi', params: {}, avatar_url: null }, 0)) as NotificationPushPayload;
    expect(small.truncated).toBeUndefined();
  });
});

describe('the real web-push sender against a stand-in push service', () => {
  let server: TestServer;
  let service: Awaited<ReturnType<typeof fakePushService>>;
  let alex: Browser;

  beforeAll(async () => {
    service = await fakePushService();
    server = await startTestServer(); // no pushSender: the real one over web-push
    alex = await signedIn(server, ALEX);
  });
  afterAll(async () => {
    await server.close();
    await service.close();
  });

  it('sends an aes128gcm-encrypted POST with a VAPID Authorization header, then forgets a 410 subscription', async () => {
    const keys = browserKeys();
    const endpoint = `${service.origin}/push/v2/device-1`;
    const created = await json<PushSubscriptionCreated>(await alex.request('/api/v1/push_subscriptions', { method: 'POST', json: subscription(endpoint, keys) }));
    const { public_key } = await json<VapidPublicKey>(await alex.get('/api/v1/push/vapid_public_key'));

    const res = await admin(server, '/admin/notifications', { email: ALEX, type: 'waitlist', message: 'A place opened up in CrossFit', params: { class: { id: 7, name: 'CrossFit', start_date: '2026-01-01T06:00:00.000Z' } } });
    const { notification } = await json<{ notification: AppNotification }>(res);
    const request = await waitUntil(async () => service.requests[0], 5000, 'the push request');

    expect(request.method).toBe('POST');
    expect(request.url).toBe('/push/v2/device-1');
    expect(request.headers['content-encoding']).toBe('aes128gcm');
    expect(request.headers['content-type']).toBe('application/octet-stream');
    expect(request.headers.ttl).toBe('86400');
    expect(request.headers.urgency).toBe('high');
    expect(request.body.length).toBeLessThanOrEqual(4096);

    // Authorization: vapid t=<JWT signed with the server's key>, k=<the public key browsers got>.
    const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(request.headers.authorization ?? '');
    expect(match?.[2]).toBe(public_key);
    const [header64 = '', claims64 = '', signature64 = ''] = (match?.[1] ?? '').split('.');
    expect(JSON.parse(Buffer.from(header64, 'base64url').toString())).toEqual({ typ: 'JWT', alg: 'ES256' });
    const claims = JSON.parse(Buffer.from(claims64, 'base64url').toString()) as { aud: string; sub: string; exp: number };
    expect(claims).toMatchObject({ aud: service.origin, sub: 'mailto:support@example.com' });
    expect(claims.exp * 1000).toBeGreaterThan(Date.now());
    const raw = Buffer.from(public_key, 'base64url');
    const jwk = { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33, 65).toString('base64url') };
    const signatureOk = verify('sha256', Buffer.from(`${header64}.${claims64}`), { key: createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' }, Buffer.from(signature64, 'base64url'));
    expect(signatureOk).toBe(true);

    // The browser can decrypt it: {notification, unread_count}.
    const payload = JSON.parse(decrypt(request.body, keys)) as NotificationPushPayload;
    expect(payload.notification).toEqual(notification);
    expect(payload.unread_count).toBeGreaterThanOrEqual(1);

    await server.running.notifications.settled();
    const db = server.running.db;
    const row = await db.selectFrom('push_subscriptions').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(row.last_success_at).not.toBeNull();

    // The browser unsubscribed: the push service answers 410 Gone and the server forgets it.
    service.answer(410);
    await admin(server, '/admin/notifications', { email: ALEX, type: 'post', message: 'Anyone there?' });
    await waitUntil(async () => service.requests[1], 5000, 'the second push request');
    await server.running.notifications.settled();
    expect(await db.selectFrom('push_subscriptions').select('id').where('id', '=', created.id).executeTakeFirst()).toBeUndefined();
    expect(service.requests[1]?.headers.urgency).toBe('normal');
  });
});

describe('push endpoints outside tests: https on public hosts only', () => {
  let server: TestServer;
  let alex: Browser;
  let service: Awaited<ReturnType<typeof fakePushService>>;
  const vapid = { subject: 'mailto:ops@example.com', ...(() => {
    const keys = webpush.generateVAPIDKeys();
    return { publicKey: keys.publicKey, privateKey: keys.privateKey };
  })() };

  beforeAll(async () => {
    service = await fakePushService();
    server = await startTestServer({ allowLoopbackPush: false, pushSender: new FakePushSender() });
    alex = await signedIn(server, ALEX);
  });
  afterAll(async () => {
    await server.close();
    await service.close();
  });

  it('refuses loopback, private, link-local, unique-local, CGNAT and multicast endpoints when subscribing', async () => {
    const refused = [
      'http://127.0.0.1:9/push', 'http://localhost:9/push', 'http://[::1]:9/push', 'https://localhost/push', 'https://push.localhost/x',
      'https://127.0.0.1/x', 'https://127.1.2.3/x', 'https://2130706433/x', 'https://0.0.0.0/x', 'https://10.1.2.3/x', 'https://172.16.0.1/x',
      'https://192.168.1.1/x', 'https://169.254.169.254/latest', 'https://100.64.0.1/x', 'https://224.0.0.1/x', 'https://[::1]/x', 'https://[::]/x',
      'https://[::ffff:127.0.0.1]/x', 'https://[::ffff:10.0.0.1]/x', 'https://[fd00::1]/x', 'https://[fe80::1]/x', 'https://[ff02::1]/x', 'https://[64:ff9b::a00:1]/x',
    ];
    for (const endpoint of refused) {
      const res = await alex.request('/api/v1/push_subscriptions', { method: 'POST', json: subscription(endpoint) });
      expect(res.status, endpoint).toBe(422);
      expect(await json(res), endpoint).toMatchObject({ code: 'validation_failed', errors: [{ path: 'subscription.endpoint' }] });
    }
    for (const endpoint of ['https://fcm.googleapis.com/fcm/send/abc', 'https://8.8.8.8/x', 'https://[2606:4700::1111]/x']) {
      expect((await alex.request('/api/v1/push_subscriptions', { method: 'POST', json: subscription(endpoint) })).status, endpoint).toBe(201);
    }
  });

  it('never connects to a host that resolves to a non-public address, nor to literal or loopback ones', async () => {
    const { port } = new URL(service.origin);
    // A public-looking name whose DNS answers 127.0.0.1 (the resolver is injected for the test).
    const resolve = async (hostname: string) => (hostname === 'push.attacker.example' ? [{ address: '127.0.0.1', family: 4 }] : [{ address: '93.184.215.14', family: 4 }]);
    const sender = createWebPushSender(vapid, { resolve });
    const target = (endpoint: string) => ({ endpoint, keys: { p256dh: browserKeys().p256dh, auth: browserKeys().auth } });
    for (const endpoint of [`https://push.attacker.example:${port}/x`, `http://127.0.0.1:${port}/x`, `https://127.0.0.1:${port}/x`, `https://[::ffff:127.0.0.1]:${port}/x`, `https://localhost:${port}/x`]) {
      await expect(sender.send(target(endpoint), 'hi'), endpoint).rejects.toBeInstanceOf(PushEndpointRefused);
    }
    expect(service.requests).toEqual([]);
    // The system resolver too: localhost resolves to loopback.
    const refused = await new Promise<unknown>((done) => publicOnlyLookup(systemResolver)('localhost', { all: true }, (error) => done(error)));
    expect(refused).toBeInstanceOf(PushEndpointRefused);
    expect(isNonPublicAddress('8.8.8.8')).toBe(false);
    expect(isNonPublicAddress('::ffff:8.8.8.8')).toBe(false);
    expect(isNonPublicAddress('::ffff:192.168.0.1')).toBe(true);
  });
});
