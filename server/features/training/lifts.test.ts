import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiftDetail, LiftSummary, LiftWorkout, Movement } from '../../../core/contract/types';
import { liftDetail, liftSummaries } from '../../../core/rules/training/index';
import type { Database } from '../../db/schema';
import { expectError } from '../../testing/booking-helpers';
import { ALEX, Browser, json, KAI, SAM, signedIn, startTestServer, type TestServer } from '../../testing/helpers';
import { facilityHeaders, listWorkouts, logLift, movementId, weightSets, type Headers } from '../../testing/training-helpers';

describe('lifts and movements', () => {
  let server: TestServer;
  let db: Kysely<Database>;
  let alex: Browser;
  let sam: Browser;
  let kai: Browser;
  let wellington: Headers;
  let tallinn: Headers;

  beforeAll(async () => {
    server = await startTestServer();
    db = server.running.db;
    [alex, sam, kai] = await Promise.all([signedIn(server, ALEX), signedIn(server, SAM), signedIn(server, KAI)]);
    [wellington, tallinn] = await Promise.all([facilityHeaders(db, 'Wellington'), facilityHeaders(db, 'Tallinn Old Town')]);
  });
  afterAll(() => server.close());

  const lifts = async (browser: Browser, headers: Headers) => json<LiftSummary[]>(await browser.get('/api/v1/lifts', { headers }));
  const detail = async (browser: Browser, headers: Headers, id: number) => {
    const res = await browser.get(`/api/v1/lifts/${id}`, { headers });
    if (res.status !== 200) throw new Error(`lift ${id}: ${res.status}`);
    return json<LiftDetail>(res);
  };

  it('summarises every movement the member lifted at the organisation, most recent first', async () => {
    const summaries = await lifts(alex, wellington);
    const own = (await listWorkouts(alex, wellington, '?type=lift')) as LiftWorkout[];
    expect(summaries).toEqual(liftSummaries(own));
    expect(summaries.map((s) => s.movement.name)).toEqual(expect.arrayContaining(['Back Squat', 'Deadlift', 'Strict Press', 'Box Jump']));
    const last = summaries.map((s) => s.last_completed_at);
    expect([...last].sort().reverse()).toEqual(last);

    const squat = summaries.find((s) => s.movement.name === 'Back Squat');
    expect(squat).toMatchObject({ lifts_count: 20, best_weight: { value: 105, units: 'kilograms' }, estimated_one_rep_max: { value: 122.5, units: 'kilograms' } });
    expect(squat?.id).toBe(squat?.movement.id);
    expect(summaries.find((s) => s.movement.name === 'Box Jump')).toMatchObject({ lifts_count: 3, best_weight: null, estimated_one_rep_max: null });

    // Another organisation, another log.
    const atTallinn = await lifts(alex, tallinn);
    expect(atTallinn.reduce((n, s) => n + s.lifts_count, 0)).toBe(1);
    expect((await lifts(kai, tallinn)).find((s) => s.movement.name === 'Back Squat')?.lifts_count).toBe(6);
    expect(await lifts(sam, wellington)).toEqual([]);
  });

  it('gives the history, rep records and estimate of one lift', async () => {
    const deadlift = await movementId(db, 'Deadlift');
    const own = (await listWorkouts(alex, wellington, '?type=lift')) as LiftWorkout[];
    const d = await detail(alex, wellington, deadlift);
    expect(d).toEqual(liftDetail(deadlift, own));
    expect(d.history).toHaveLength(12);
    expect(d.history.every((w) => w.movement.id === deadlift)).toBe(true);
    expect(d.records.map((r) => [r.repetitions, r.weight.value])).toEqual([[1, 147.5], [3, 137.5], [5, 127.5]]);
    expect(d.best_weight).toEqual({ value: 147.5, units: 'kilograms' });

    // A new heavy single becomes the record.
    const pr = await logLift(alex, wellington, deadlift, { name: 'Deadlift single', rep_scheme: '1', sets: weightSets(deadlift, [1], 335, 'pounds'), completed_at: new Date().toISOString() });
    const after = await detail(alex, wellington, deadlift);
    expect(after.history[0]?.id).toBe(pr.id);
    expect(after.records[0]).toMatchObject({ repetitions: 1, workout_id: pr.id });
    expect(after.records[0]?.weight.value).toBeCloseTo(335 * 0.45359237, 1);
  });

  it('reports weights in the member’s preferred units; the stored sets keep theirs', async () => {
    const deadlift = await movementId(db, 'Deadlift');
    const own = (await listWorkouts(alex, wellington, '?type=lift')) as LiftWorkout[];
    expect((await alex.put('/api/v1/profile', { profile: { weight_units: 'pounds' } })).status).toBe(200);
    try {
      expect(await lifts(alex, wellington)).toEqual(liftSummaries(own, 'pounds'));
      const d = await detail(alex, wellington, deadlift);
      expect(d).toEqual(liftDetail(deadlift, own, 'pounds'));
      expect(d.best_weight?.units).toBe('pounds');
      expect(d.history).toEqual(own.filter((w) => w.movement.id === deadlift));
    } finally {
      await alex.put('/api/v1/profile', { profile: { weight_units: 'kilograms' } });
    }
  });

  it('answers 404 for a movement never lifted, an unknown one, or another organisation’s', async () => {
    await expectError(await alex.get(`/api/v1/lifts/${await movementId(db, 'Bench Press')}`, { headers: wellington }), 404, 'not_found');
    await expectError(await alex.get('/api/v1/lifts/99999', { headers: wellington }), 404, 'not_found');
    await expectError(await alex.get('/api/v1/lifts/abc', { headers: wellington }), 404, 'not_found');
    await expectError(await alex.get(`/api/v1/lifts/${await movementId(db, 'Strict Press')}`, { headers: tallinn }), 404, 'not_found');
    await expectError(await alex.get('/api/v1/lifts'), 400, 'facility_required');
  });

  it('lists the movement catalogue by name', async () => {
    const movements = await json<Movement[]>(await alex.get('/api/v1/movements'));
    expect(movements.map((m) => m.name)).toEqual([...movements.map((m) => m.name)].sort((a, b) => (a < b ? -1 : 1)));
    expect(movements).toHaveLength(12);
    expect(movements.find((m) => m.name === 'Box Jump')?.properties).toEqual([{ type: 'height' }]);
    expect(movements.find((m) => m.name === 'Broad Jump')?.properties).toEqual([{ type: 'distance' }]);
    const snatch = movements.find((m) => m.name === 'Snatch') as Movement;
    expect(await json(await kai.get(`/api/v1/movements/${snatch.id}`))).toEqual(snatch);
    await expectError(await alex.get('/api/v1/movements/99999'), 404, 'not_found');
    await expectError(await alex.get('/api/v1/movements/abc'), 404, 'not_found');
    await expectError(await new Browser(server.url).get('/api/v1/movements'), 401, 'unauthenticated');
  });
});
