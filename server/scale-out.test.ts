// Several server processes on one PostgreSQL and one Redis (npm run test:pg), as a deployment
// behind a load balancer runs them: two real processes (server/testing/server-process.ts) started
// at the same moment on an empty database. A member's request may land on either, so realtime,
// idempotency, login limits, the last places of a class and the offer sweep must hold across both,
// and a process killed mid-write must lose nothing.
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppNotification, NotificationRealtimeMessage, Session } from '../core/contract/types';
import type { ServerOptions } from './app';
import { openDatabase, type Database } from './db/index';
import { ALEX, Browser, json, SAM, signedIn, testDatabase } from './testing/helpers';
import { channelOf, cookieHeader, realtimeClient, subscribe, waitUntil } from './testing/notifications-helpers';
import { wod } from './testing/training-helpers';
import { bookedCount, lastPlacesRace } from './testing/booking-helpers';
import { spawnServer, type ServerProcess } from './testing/spawn-server';
import { OUTBOX_WRITES, overlapping } from './testing/outbox-writes';

describe.runIf(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL)('two server processes on one PostgreSQL and Redis', () => {
  let database: Awaited<ReturnType<typeof testDatabase>>;
  let db: Kysely<Database>;
  let a: ServerProcess;
  let b: ServerProcess;
  let options: ServerOptions;
  const dir = mkdtempSync(path.join(tmpdir(), 'member-pwa-scale-'));

  beforeAll(async () => {
    database = await testDatabase();
    options = {
      port: 0,
      databaseUrl: database.url,
      databasePoolSize: 8,
      ...database.redis,
      distDir: path.join(dir, 'dist'),
      seedDemo: true,
      // Both sweep often, so the test sees whether they sweep the same offer twice.
      offerSweepIntervalMs: 100,
      loginRateLimit: { perEmail: 5, perIp: 10_000 },
    };
    // At the same moment, on an empty database: one migrates and seeds, the other waits.
    // LOG_LEVEL=info: the sweep test reads which process swept from their logs.
    [a, b] = await Promise.all([spawnServer(options, { LOG_LEVEL: 'info' }), spawnServer(options, { LOG_LEVEL: 'info' })]);
    db = openDatabase(database.url ?? '');
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await db?.destroy();
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('migrated and seeded the empty database once although both started at once', async () => {
    const twice = await db.selectFrom('members_profiles').select('email').where('email', 'is not', null).groupBy('email').having((eb) => eb.fn.countAll(), '>', 1).execute();
    expect(twice).toEqual([]);
    const alex = await db.selectFrom('members_profiles').select('id').where('email', '=', ALEX).execute();
    expect(alex).toHaveLength(1);
    const orgs = await db.selectFrom('orgs').select('name').execute();
    expect(new Set(orgs.map((o) => o.name)).size).toBe(orgs.length);
  });

  it('a cancellation on A tells the member subscribed on B live that a place is offered', async () => {
    const alexOnB = await signedIn(b, ALEX);
    const samOnA = await signedIn(a, SAM);
    const client = realtimeClient(b, alexOnB);
    try {
      const inbox = await subscribe(client, await channelOf(alexOnB));
      const [alexId, samId] = (await Promise.all([ALEX, SAM].map(async (email) => (await db.selectFrom('members_profiles').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id))) as [number, number];
      // The seeded full class where Sam has a place and Alex waits first in line.
      const { sessionId, samVisit } = await db
        .selectFrom('visits as sam')
        .innerJoin('visits as alex', 'alex.session_id', 'sam.session_id')
        .select(['sam.session_id as sessionId', 'sam.id as samVisit'])
        .where('sam.profile_id', '=', samId)
        .where('sam.state', '=', 'booked')
        .where('alex.profile_id', '=', alexId)
        .where('alex.state', '=', 'waitlisted')
        .executeTakeFirstOrThrow();
      expect((await samOnA.put(`/api/v1/visits/${samVisit}/cancel`, {})).status).toBe(200);
      const offered = await db.selectFrom('visits').select(['id', 'state']).where('profile_id', '=', alexId).where('session_id', '=', sessionId).executeTakeFirstOrThrow();
      expect(offered.state).toBe('pending');
      const message = await inbox.next((m: NotificationRealtimeMessage) => m.event === 'created' && m.notification.type === 'waitlist' && m.notification.params.visit?.id === offered.id, 5_000);
      expect((message.notification as AppNotification).params.class?.id).toBe(sessionId);
    } finally {
      client.disconnect();
    }
  });

  it('a booking on B shows in the week A answers next, though A presented that week before', async () => {
    const [alexOnB, samOnA] = await Promise.all([signedIn(b, ALEX), signedIn(a, SAM)]);
    const headers = { 'X-Facility-Id': (await db.selectFrom('facilities').select('guid').where('name', '=', 'Wellington').executeTakeFirstOrThrow()).guid };
    const week = async () => json<Session[]>(await samOnA.get('/api/v1/sessions', { headers }));
    // A presents the week and keeps it.
    const before = await week();
    expect(await week()).toEqual(before);
    const alexWeek = await json<Session[]>(await alexOnB.get('/api/v1/sessions', { headers }));
    const target = before.find((s) => s.visit === null && alexWeek.find((mine) => mine.id === s.id)?.visit === null && !s.full && !s.cancelled && Date.parse(s.start_date) > Date.now() + 86_400_000 && Date.parse(s.booking_open_date) < Date.now());
    const booked = await alexOnB.request(`/api/v1/sessions/${target!.id}/book`, { method: 'POST', json: {}, headers });
    expect(booked.status, await booked.clone().text()).toBe(201);
    const after = (await week()).find((s) => s.id === target!.id);
    expect(after?.booked_count).toBe(target!.booked_count + 1);
    expect(after?.visit).toBeNull();
  });

  it('a write replayed on B with its Idempotency-Key answers what A stored, and is stored once', async () => {
    const [onA, onB] = await Promise.all([signedIn(a, ALEX), signedIn(b, ALEX)]);
    const facility = (await db.selectFrom('facilities').select('guid').where('name', '=', 'Wellington').executeTakeFirstOrThrow()).guid;
    const name = `Replay ${randomUUID()}`;
    const headers = { 'X-Facility-Id': facility, 'Idempotency-Key': randomUUID() };
    const first = await onA.request('/api/v1/workouts', { method: 'POST', json: { workout: wod({ name }) }, headers });
    expect(first.status, await first.clone().text()).toBe(201);
    const again = await onB.request('/api/v1/workouts', { method: 'POST', json: { workout: wod({ name }) }, headers });
    expect(again.status).toBe(201);
    expect(await json(again)).toEqual(await json(first));
    expect(await db.selectFrom('workouts').select('id').where('name', '=', name).execute()).toHaveLength(1);
  });

  // The service worker sending the queue again as a tab closes mid-send: two copies of one write at
  // once, each on another process, held at Alex's row lock until both are under way.
  describe('every write the outbox replays, sent to A and a copy to B at the same moment', () => {
    let onA: Browser;
    let onB: Browser;
    beforeAll(async () => {
      [onA, onB] = await Promise.all([signedIn(a, ALEX), signedIn(b, ALEX)]);
    });

    it.each(OUTBOX_WRITES.map((write) => [write.op, write] as const))('%s: done once, both answered alike', async (_op, write) => {
      const prepared = await write.prepare({ db, member: onA });
      const headers = { ...prepared.headers, 'Idempotency-Key': randomUUID() };
      const copy = (browser: Browser) => browser.request(prepared.path, { method: prepared.method, ...(prepared.body !== undefined && { json: prepared.body }), headers });
      const answers = await overlapping(db, true, [() => copy(onA), () => copy(onB)]);
      const [first, second] = await Promise.all(answers.map(async (res) => ({ status: res.status, replayed: res.headers.get('idempotent-replayed'), text: await res.text() })));
      expect(first!.status, first!.text).toBeLessThan(300);
      expect(second).toMatchObject({ status: first!.status, text: first!.text });
      expect([first!.replayed, second!.replayed].filter((r) => r === 'true')).toHaveLength(1);
      await prepared.once(first!.text === '' ? null : JSON.parse(first!.text));
    });
  });

  it('counts failed logins for one email across both processes', async () => {
    const email = `nobody-${randomUUID()}@example.com`;
    for (let i = 0; i < 5; i += 1) {
      const res = await new Browser((i % 2 === 0 ? a : b).url).login(email, 'wrong password');
      expect(res.status).toBe(401);
    }
    for (const process of [a, b]) {
      const res = await new Browser(process.url).login(email, 'wrong password');
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('50 members racing for the last 5 places through both processes never overbook', async () => {
    const race = await lastPlacesRace(db, 'scale', 50, 5);
    const racers = await Promise.all(race.emails.map((email, i) => signedIn(i % 2 === 0 ? a : b, email)));
    const answers = await Promise.all(racers.map((racer, i) => racer.request(`/api/v1/sessions/${race.sessionId}/book`, { method: 'POST', json: {}, headers: { ...race.headers, 'Idempotency-Key': `scale-${i}` } })));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status !== 201).every((status) => status === 409)).toBe(true);
    expect(await bookedCount(db, race.sessionId)).toBe(race.bookedBefore + 5);
  }, 120_000);

  it('a lapsed offer is swept once, by one of the two processes', async () => {
    const before = `${a.output()}\n${b.output()}`.match(/"expired":\d+,"msg":"lapsed offers cancelled/g)?.length ?? 0;
    const alexId = (await db.selectFrom('members_profiles').select('id').where('email', '=', ALEX).executeTakeFirstOrThrow()).id;
    // Alex's seeded open offer (Petone HIIT), lapsed a minute ago.
    const offer = await db.selectFrom('visits').select(['id', 'session_id']).where('profile_id', '=', alexId).where('state', '=', 'pending').orderBy('id').executeTakeFirstOrThrow();
    await db.updateTable('visits').set({ offer_expires_at: new Date(Date.now() - 60_000).toISOString() }).where('id', '=', offer.id).execute();
    await waitUntil(async () => (await db.selectFrom('visits').select('state').where('id', '=', offer.id).executeTakeFirstOrThrow()).state === 'cancelled', 10_000, 'the offer swept');
    // Both sweep every 100 ms: wait a few rounds for a second sweep that must not come.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const lines = `${a.output()}\n${b.output()}`.match(/"expired":\d+,"msg":"lapsed offers cancelled/g) ?? [];
    expect(lines.slice(before)).toHaveLength(1);
    const swept = await db.selectFrom('visits').select(['state', 'offer_expired']).where('id', '=', offer.id).executeTakeFirstOrThrow();
    expect(swept).toEqual({ state: 'cancelled', offer_expired: 1 });
    // Its notification was removed once; the place went to the next in line at most once.
    const offers = await db.selectFrom('visits').select('id').where('session_id', '=', offer.session_id).where('state', '=', 'pending').execute();
    expect(offers.length).toBeLessThanOrEqual(1);
  }, 30_000);

  it('a process killed mid-write loses nothing: the member replays on the other, each write stored once', async () => {
    const [onA, onB] = await Promise.all([signedIn(a, ALEX), signedIn(b, ALEX)]);
    const facility = (await db.selectFrom('facilities').select('guid').where('name', '=', 'Wellington').executeTakeFirstOrThrow()).guid;
    const run = randomUUID();
    const writes = Array.from({ length: 40 }, (_, i) => ({ name: `Killed ${run} ${i}`, key: randomUUID() }));
    const send = (browser: Browser, write: (typeof writes)[number]) =>
      browser.request('/api/v1/workouts', { method: 'POST', json: { workout: wod({ name: write.name }) }, headers: { 'X-Facility-Id': facility, 'Idempotency-Key': write.key } });
    // Ten at a time to A; A is killed while the second batch is in flight.
    const firstTry = await Promise.all(
      writes.map(async (write, i) => {
        await new Promise((resolve) => setTimeout(resolve, Math.floor(i / 10) * 30));
        if (i === 15) void a.kill();
        return send(onA, write).then(
          (res) => res.status,
          () => 'lost' as const,
        );
      }),
    );
    expect(firstTry).toContain('lost');
    // What did not get an answer is sent again, with the same key, to the process still running.
    for (const [i, status] of firstTry.entries()) {
      if (status === 201) continue;
      expect((await send(onB, writes[i]!)).status).toBe(201);
    }
    const stored = await db.selectFrom('workouts').select('name').where('name', 'like', `Killed ${run} %`).execute();
    expect(stored.map((row) => row.name).sort()).toEqual(writes.map((write) => write.name).sort());
  }, 60_000);

  it('SIGTERM lets a request under way finish, closes realtime clients and exits cleanly (a rolling restart)', async () => {
    const c = await spawnServer(options);
    const alex = await signedIn(c, ALEX);
    const client = realtimeClient(c, alex);
    try {
      await subscribe(client, await channelOf(alex));
      const facility = (await db.selectFrom('facilities').select('guid').where('name', '=', 'Wellington').executeTakeFirstOrThrow()).guid;
      // A write whose body is still arriving when the signal comes: the server has begun it.
      const name = `Under way ${randomUUID()}`;
      const body = JSON.stringify({ workout: wod({ name }) });
      const url = new URL(`${c.url}/api/v1/workouts`);
      const answered = new Promise<number>((resolve, reject) => {
        const request = http.request({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), 'X-App-Id': 'member-pwa', 'X-Facility-Id': facility, Cookie: cookieHeader(alex) } }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        });
        request.on('error', reject);
        request.write(body.slice(0, 20));
        setTimeout(() => request.end(body.slice(20)), 300);
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
      const started = Date.now();
      const code = await c.stop();
      expect(code).toBe(0);
      // The realtime connection is cut at once, not waited for (Faye would hold a poll for 45 s).
      expect(Date.now() - started).toBeLessThan(8_000);
      expect(await answered).toBe(201);
      expect(await db.selectFrom('workouts').select('id').where('name', '=', name).execute()).toHaveLength(1);
    } finally {
      client.disconnect();
    }
  }, 60_000);
});
