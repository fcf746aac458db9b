import http from 'node:http';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OfferEvent } from './offers';
import type { Database } from '../../db/schema';
import { asVisit, expectError, post, profileIdOf, put, seededClasses, visitOf } from '../../testing/booking-helpers';
import { ALEX, SAM, signedIn, startTestServer, type Browser, type TestServer } from '../../testing/helpers';

describe('idempotent booking writes', () => {
  let server: TestServer;
  let db: Kysely<Database>;
  let alex: Browser;
  let sam: Browser;
  const seededAt = new Date();
  let classes: ReturnType<typeof seededClasses>;
  let alexId: number;

  beforeAll(async () => {
    server = await startTestServer({ now: () => seededAt });
    db = server.running.db;
    [alex, sam] = await Promise.all([signedIn(server, ALEX), signedIn(server, SAM)]);
    classes = seededClasses(db, seededAt);
    alexId = await profileIdOf(db, ALEX);
  });
  afterAll(() => server.close());

  const liveVisits = async (profileId: number, sessionId: number) =>
    db.selectFrom('visits').select(['id', 'state']).where('profile_id', '=', profileId).where('session_id', '=', sessionId).where('state', '<>', 'cancelled').execute();

  it('books once per key and replays the stored answer', async () => {
    const id = await classes.barbellBasics('Wellington');
    const headers = { 'Idempotency-Key': crypto.randomUUID() };
    const first = await post(alex, `/api/v1/sessions/${id}/book`, {}, headers);
    expect(first.status).toBe(201);
    const body = await first.text();
    const replay = await post(alex, `/api/v1/sessions/${id}/book`, {}, headers);
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await replay.text()).toBe(body);
    expect(await liveVisits(alexId, id)).toHaveLength(1);

    // The same key for another body or another class is a client bug: 422, nothing done.
    await expectError(await post(alex, `/api/v1/sessions/${id}/book`, { visit: { x: 1 } }, headers), 422, 'idempotency_key_reused');
    const other = await classes.barbellBasics('Petone');
    await expectError(await post(alex, `/api/v1/sessions/${other}/book`, {}, headers), 422, 'idempotency_key_reused');
    expect(await liveVisits(alexId, other)).toEqual([]);
  });

  it('a book retried after its response was lost does not double-book', async () => {
    const id = await classes.barbellBasics('Petone');
    const key = crypto.randomUUID();
    const cookie = [...alex.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    // Send the request and hang up before the answer comes back.
    await new Promise<void>((resolve) => {
      const req = http.request(`${server.url}/api/v1/sessions/${id}/book`, {
        method: 'POST',
        headers: { 'X-App-Id': 'member-pwa', 'Content-Type': 'application/json', Cookie: cookie, 'Idempotency-Key': key },
      });
      req.on('error', () => resolve());
      req.on('finish', () => {
        req.destroy();
        resolve();
      });
      req.end('{}');
    });
    let stored;
    for (let i = 0; i < 100 && !stored; i++) {
      stored = await db.selectFrom('idempotency_keys').select('response_body').where('key', '=', key).executeTakeFirst();
      if (!stored) await new Promise((r) => setTimeout(r, 20));
    }
    expect(stored).toBeDefined();

    const retry = await post(alex, `/api/v1/sessions/${id}/book`, {}, { 'Idempotency-Key': key });
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    const visit = await asVisit(retry);
    expect(await liveVisits(alexId, id)).toEqual([{ id: visit.id, state: 'booked' }]);
    expect(JSON.parse(stored?.response_body ?? '{}')).toEqual(visit);
  });

  it('two racing bookings with different keys give one booking and one 409', async () => {
    const id = await classes.dropinUnlimited('Petone');
    const [a, b] = await Promise.all([
      post(sam, `/api/v1/sessions/${id}/book`, {}, { 'Idempotency-Key': crypto.randomUUID() }),
      post(sam, `/api/v1/sessions/${id}/book`, {}, { 'Idempotency-Key': crypto.randomUUID() }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    expect(await liveVisits(await profileIdOf(db, SAM), id)).toHaveLength(1);
  });

  it('a replayed cancel changes nothing, even after the member booked again', async () => {
    const id = await classes.dropinUnlimited('Wellington');
    const first = await asVisit(await post(alex, `/api/v1/sessions/${id}/book`, {}));
    const key = { 'Idempotency-Key': crypto.randomUUID() };
    const cancel = await put(alex, `/api/v1/visits/${first.id}/cancel`, key);
    expect(cancel.status).toBe(200);
    const cancelBody = await cancel.text();
    const second = await asVisit(await post(alex, `/api/v1/sessions/${id}/book`, {}));
    const replay = await put(alex, `/api/v1/visits/${first.id}/cancel`, key);
    expect(replay.status).toBe(200);
    expect(await replay.text()).toBe(cancelBody);
    expect(await liveVisits(alexId, id)).toEqual([{ id: second.id, state: 'booked' }]);
    // Without the key the same call is simply refused.
    await expectError(await put(alex, `/api/v1/visits/${first.id}/cancel`), 409, 'not_cancelable');
  });

  it('remembers nothing for a refused write, and announces no offer twice', async () => {
    const key = crypto.randomUUID();
    await expectError(await post(alex, `/api/v1/sessions/${await classes.fullNoWaitlist('Wellington')}/book`, {}, { 'Idempotency-Key': key }), 409, 'class_full');
    expect(await db.selectFrom('idempotency_keys').select('id').where('key', '=', key).executeTakeFirst()).toBeUndefined();

    const events: OfferEvent[] = [];
    const stop = server.running.onOffer((e) => events.push(e));
    const full = await classes.fullWithWaitlist('Wellington');
    const samVisit = (await visitOf(db, await profileIdOf(db, SAM), full)).id;
    const headers = { 'Idempotency-Key': crypto.randomUUID() };
    expect((await put(sam, `/api/v1/visits/${samVisit}/cancel`, headers)).status).toBe(200);
    expect((await put(sam, `/api/v1/visits/${samVisit}/cancel`, headers)).status).toBe(200);
    stop();
    expect(events).toHaveLength(1);
    expect(await db.selectFrom('visits').select('id').where('session_id', '=', full).where('state', '=', 'pending').execute()).toHaveLength(1);
  });
});
