import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WodWorkout, WorkoutReaction } from '../../../core/contract/types';
import type { Database } from '../../db/schema';
import { expectError, profileIdOf, seededClasses } from '../../testing/booking-helpers';
import { ALEX, json, KAI, SAM, signedIn, startTestServer, type Browser, type TestServer } from '../../testing/helpers';
import { definitionId, del, facilityHeaders, listWorkouts, logWod, movementId, orgId, post, put, wod, type Headers } from '../../testing/training-helpers';

// Workouts belong to a member inside one organisation. Another member's workout (or reaction)
// answers 404 with the same body as an unknown id; the member's own workout is not found from
// another organisation either. A class or definition of another organisation is refused (422).

describe('training tenant isolation', () => {
  let server: TestServer;
  let db: Kysely<Database>;
  let alex: Browser;
  let sam: Browser;
  let kai: Browser;
  let wellington: Headers;
  let tallinn: Headers;
  let harbour: number;
  let tallinnOrg: number;
  const seededAt = new Date();

  beforeAll(async () => {
    server = await startTestServer({ now: () => seededAt });
    db = server.running.db;
    [alex, sam, kai] = await Promise.all([signedIn(server, ALEX), signedIn(server, SAM), signedIn(server, KAI)]);
    [wellington, tallinn] = await Promise.all([facilityHeaders(db, 'Wellington'), facilityHeaders(db, 'Tallinn Old Town')]);
    [harbour, tallinnOrg] = await Promise.all([orgId(db, 'Harbour Strength'), orgId(db, 'Tallinn Movement')]);
  });
  afterAll(() => server.close());

  const unknownBody = async (browser: Browser, headers: Headers) => (await browser.get('/api/v1/workouts/99999999', { headers })).text();

  it('another member’s workout is not found, and stays unchanged', async () => {
    const mine = await logWod(alex, wellington, { notes: 'private' });
    const unknown = await unknownBody(sam, wellington);
    const read = await sam.get(`/api/v1/workouts/${mine.id}`, { headers: wellington });
    expect(read.status).toBe(404);
    expect(await read.text()).toBe(unknown);
    await expectError(await put(sam, `/api/v1/workouts/${mine.id}`, { workout: { name: 'hacked' } }, wellington), 404, 'not_found');
    await expectError(await del(sam, `/api/v1/workouts/${mine.id}`, wellington), 404, 'not_found');
    expect(await json<WodWorkout>(await alex.get(`/api/v1/workouts/${mine.id}`, { headers: wellington }))).toEqual(mine);
    expect((await listWorkouts(sam, wellington)).some((w) => w.id === mine.id)).toBe(false);
    // Kai, of another organisation, cannot even name Harbour's facility.
    await expectError(await kai.get(`/api/v1/workouts/${mine.id}`, { headers: wellington }), 403, 'forbidden_facility');
    await expectError(await kai.get(`/api/v1/workouts/${mine.id}`, { headers: tallinn }), 404, 'not_found');
  });

  it('lists only the member’s own workouts at the organisation of the request', async () => {
    const alexId = await profileIdOf(db, ALEX);
    const harbourList = await listWorkouts(alex, wellington);
    const expected = await db.selectFrom('workouts').select('id').where('profile_id', '=', alexId).where('org_id', '=', harbour).execute();
    expect(harbourList.map((w) => w.id).sort((a, b) => a - b)).toEqual(expected.map((w) => w.id).sort((a, b) => a - b));
    const tallinnList = await listWorkouts(alex, tallinn);
    expect(tallinnList.length).toBeGreaterThan(0);
    expect(tallinnList.some((w) => harbourList.some((h) => h.id === w.id))).toBe(false);
    // Alex's own Harbour workout is not found through Tallinn.
    await expectError(await alex.get(`/api/v1/workouts/${harbourList[0]?.id}`, { headers: tallinn }), 404, 'not_found');
    await expectError(await del(alex, `/api/v1/workouts/${harbourList[0]?.id}`, tallinn), 404, 'not_found');
    // Others' results on class boards never show in the member's own log.
    const others = await db.selectFrom('workouts').select('id').where('profile_id', '<>', alexId).execute();
    const seen = new Set([...harbourList, ...tallinnList].map((w) => w.id));
    expect(others.some((o) => seen.has(o.id))).toBe(false);
    expect(await listWorkouts(sam, wellington)).toEqual([]);
  });

  it('refuses a class or a definition of another organisation, or of the other type', async () => {
    const classes = seededClasses(db, seededAt);
    const tallinnClass = await classes.finishedYesterday('Tallinn Old Town');
    const tallinnFran = await definitionId(db, tallinnOrg, 'Fran');
    const harbourSquat = await definitionId(db, harbour, 'Back Squat 5x5');
    const write = (workout: Record<string, unknown>) => post(alex, '/api/v1/workouts', { workout }, wellington);
    expect((await expectError(await write(wod({ session_id: tallinnClass })), 422, 'invalid_session')).message).toBe('The class was not found at this organisation.');
    await expectError(await write(wod({ session_id: 99_999_999 })), 422, 'invalid_session');
    expect((await expectError(await write(wod({ workout_definition_id: tallinnFran })), 422, 'invalid_workout_definition')).message).toBe('The workout definition was not found at this organisation.');
    expect((await expectError(await write(wod({ workout_definition_id: harbourSquat })), 422, 'invalid_workout_definition')).message).toBe('The workout definition is a lift, not a WOD.');
    // The same class is fine from Tallinn.
    const atTallinn = await logWod(alex, tallinn, { session_id: tallinnClass, workout_definition_id: tallinnFran });
    expect(atTallinn).toMatchObject({ session_id: tallinnClass, workout_definition_id: tallinnFran });
  });

  it('another member’s reaction cannot be removed', async () => {
    const mine = await logWod(alex, wellington);
    const reaction = await json<WorkoutReaction>(await post(alex, `/api/v1/workouts/${mine.id}/reactions`, { reaction: { type: 'like' } }, wellington));
    const unknown = await (await del(sam, '/api/v1/workout_reactions/99999999')).text();
    const foreign = await del(sam, `/api/v1/workout_reactions/${reaction.id}`);
    expect(foreign.status).toBe(404);
    expect(await foreign.text()).toBe(unknown);
    expect((await json<WodWorkout>(await alex.get(`/api/v1/workouts/${mine.id}`, { headers: wellington }))).reactions).toEqual({ count: 1, mine: reaction.id });
    // Nor can Sam react to Alex's workout that is on no board.
    await expectError(await post(sam, `/api/v1/workouts/${mine.id}/reactions`, {}, wellington), 404, 'not_found');
  });

  it('movements are one catalogue for every member', async () => {
    const squat = await movementId(db, 'Back Squat');
    for (const browser of [alex, kai]) expect(await json(await browser.get(`/api/v1/movements/${squat}`))).toEqual({ id: squat, name: 'Back Squat', properties: [{ type: 'weight' }] });
  });
});

describe('idempotent training writes', () => {
  let server: TestServer;
  let db: Kysely<Database>;
  let alex: Browser;
  let wellington: Headers;

  beforeAll(async () => {
    server = await startTestServer();
    db = server.running.db;
    alex = await signedIn(server, ALEX);
    wellington = await facilityHeaders(db, 'Wellington');
  });
  afterAll(() => server.close());

  const count = async (table: 'workouts' | 'workout_reactions') => Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const key = () => ({ ...wellington, 'Idempotency-Key': crypto.randomUUID() });

  it('creates once per key and replays the stored answer', async () => {
    const headers = key();
    const before = await count('workouts');
    const body = { workout: wod({ name: 'Once' }) };
    const first = await post(alex, '/api/v1/workouts', body, headers);
    expect(first.status).toBe(201);
    const text = await first.text();
    const replay = await post(alex, '/api/v1/workouts', body, headers);
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await replay.text()).toBe(text);
    expect(await count('workouts')).toBe(before + 1);
    await expectError(await post(alex, '/api/v1/workouts', { workout: wod({ name: 'Twice' }) }, headers), 422, 'idempotency_key_reused');
    expect(await count('workouts')).toBe(before + 1);
  });

  it('replays updates and deletes, even after the workout is gone', async () => {
    const w = await logWod(alex, wellington);
    const putHeaders = key();
    const update = { workout: { name: 'Renamed' } };
    const first = await put(alex, `/api/v1/workouts/${w.id}`, update, putHeaders);
    expect(first.status).toBe(200);
    const deleteHeaders = key();
    expect((await del(alex, `/api/v1/workouts/${w.id}`, deleteHeaders)).status).toBe(204);
    const again = await del(alex, `/api/v1/workouts/${w.id}`, deleteHeaders);
    expect(again.status).toBe(204);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const replayedPut = await put(alex, `/api/v1/workouts/${w.id}`, update, putHeaders);
    expect(replayedPut.status).toBe(200);
    expect(await replayedPut.text()).toBe(await first.text());
  });

  it('reacts once, per key and by nature, and unreacts idempotently', async () => {
    const w = await logWod(alex, wellington);
    const headers = key();
    const before = await count('workout_reactions');
    const first = await post(alex, `/api/v1/workouts/${w.id}/reactions`, { reaction: { type: 'like' } }, headers);
    expect(first.status).toBe(201);
    const reaction = await json<WorkoutReaction>(first);
    expect(reaction).toEqual({ id: expect.any(Number), workout_id: w.id, type: 'like', created_at: expect.any(String) });
    const replay = await post(alex, `/api/v1/workouts/${w.id}/reactions`, { reaction: { type: 'like' } }, headers);
    expect(replay.status).toBe(201);
    // Another key: the reaction already exists and is answered as it is.
    const second = await post(alex, `/api/v1/workouts/${w.id}/reactions`, { reaction: { type: 'like' } }, key());
    expect(second.status).toBe(200);
    expect(await json(second)).toEqual(reaction);
    expect(await count('workout_reactions')).toBe(before + 1);
    await expectError(await post(alex, `/api/v1/workouts/${w.id}/reactions`, { reaction: { type: 'love' } }, key()), 422, 'validation_failed');

    const deleteHeaders = key();
    expect((await del(alex, `/api/v1/workout_reactions/${reaction.id}`, deleteHeaders)).status).toBe(204);
    expect((await del(alex, `/api/v1/workout_reactions/${reaction.id}`, deleteHeaders)).status).toBe(204);
    await expectError(await del(alex, `/api/v1/workout_reactions/${reaction.id}`, key()), 404, 'not_found');
    expect(await count('workout_reactions')).toBe(before);
  });

  it('removes a workout’s reactions with it', async () => {
    const w = await logWod(alex, wellington);
    await post(alex, `/api/v1/workouts/${w.id}/reactions`, {}, wellington);
    expect(await db.selectFrom('workout_reactions').select('id').where('workout_id', '=', w.id).execute()).toHaveLength(1);
    expect((await del(alex, `/api/v1/workouts/${w.id}`, wellington)).status).toBe(204);
    expect(await db.selectFrom('workout_reactions').select('id').where('workout_id', '=', w.id).execute()).toEqual([]);
  });
});
