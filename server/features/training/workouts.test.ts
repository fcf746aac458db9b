import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody, LiftWorkout, WodWorkout, Workout } from '../../../core/contract/types';
import { invalidWorkoutTypeMessage } from '../../../core/rules/training/index';
import type { Database } from '../../db/schema';
import { expectError, MINUTE, profileIdOf } from '../../testing/booking-helpers';
import { ALEX, json, manualClock, signedIn, startTestServer, type Browser, type TestServer } from '../../testing/helpers';
import { definitionId, del, facilityHeaders, lift, listWorkouts, logLift, logWod, movementId, orgId, weightSets, wod, type Headers } from '../../testing/training-helpers';

const WORKOUT_KEYS = ['completed_at', 'created_at', 'id', 'import_key', 'name', 'notes', 'reactions', 'session_id', 'type', 'updated_at', 'workout_definition_id'];
const WOD_KEYS = [...WORKOUT_KEYS, 'as_prescribed', 'score_calories', 'score_distance', 'score_load', 'score_load_units', 'score_repetitions', 'score_rounds', 'score_tabata', 'score_time', 'score_total', 'scoring'].sort();
const LIFT_KEYS = [...WORKOUT_KEYS, 'load', 'movement', 'rep_scheme', 'sets'].sort();

describe('training log: /workouts', () => {
  let server: TestServer;
  let db: Kysely<Database>;
  let alex: Browser;
  let wellington: Headers;
  let squat: number;
  let boxJump: number;
  let broadJump: number;
  let harbour: number;
  const clock = manualClock();

  beforeAll(async () => {
    server = await startTestServer({ now: clock.now });
    db = server.running.db;
    alex = await signedIn(server, ALEX);
    wellington = await facilityHeaders(db, 'Wellington');
    [squat, boxJump, broadJump] = await Promise.all([movementId(db, 'Back Squat'), movementId(db, 'Box Jump'), movementId(db, 'Broad Jump')]);
    harbour = await orgId(db, 'Harbour Strength');
  });
  afterAll(() => server.close());

  const write = (method: 'POST' | 'PUT', path: string, body: unknown) => alex.request(`/api/v1${path}`, { method, json: body, headers: wellington });

  it('creates a WOD, reads it back and lists it newest first', async () => {
    const fran = await definitionId(db, harbour, 'Fran');
    const created = await logWod(alex, wellington, { completed_at: '2099-01-02T07:30:00+13:00', workout_definition_id: fran });
    expect(Object.keys(created).sort()).toEqual(WOD_KEYS);
    expect(created).toMatchObject({
      type: 'wod', name: 'Fran', completed_at: '2099-01-01T18:30:00.000Z', notes: 'Unbroken thrusters.', session_id: null, workout_definition_id: fran,
      scoring: 'for_time', score_time: 305, score_rounds: null, score_load: null, score_load_units: null, as_prescribed: true, reactions: { count: 0, mine: null },
    });
    expect(await json(await alex.get(`/api/v1/workouts/${created.id}`, { headers: wellington }))).toEqual(created);

    const list = await listWorkouts(alex, wellington);
    expect(list[0]).toEqual(created);
    const times = list.map((w) => w.completed_at);
    expect([...times].sort().reverse()).toEqual(times);
    const alexId = await profileIdOf(db, ALEX);
    const own = await db.selectFrom('workouts').select('id').where('profile_id', '=', alexId).where('org_id', '=', harbour).execute();
    expect(list.map((w) => w.id).sort((a, b) => a - b)).toEqual(own.map((w) => w.id).sort((a, b) => a - b));
  });

  it('defaults as_prescribed to false and a load without units to kilograms', async () => {
    const w = await logWod(alex, wellington, { name: 'Deadlift Ladder', scoring: 'for_load', score_time: undefined, score_load: 142.5, as_prescribed: undefined, notes: '' });
    expect(w).toMatchObject({ scoring: 'for_load', score_load: 142.5, score_load_units: 'kilograms', as_prescribed: false, notes: null, score_time: null });
  });

  it('creates lifts with the load computed by the server', async () => {
    const created = await logLift(alex, wellington, squat, { load: { value: 1, units: 'kilograms' } });
    expect(Object.keys(created).sort()).toEqual(LIFT_KEYS);
    expect(created).toMatchObject({ type: 'lift', rep_scheme: '5x5', movement: { id: squat, name: 'Back Squat', properties: [{ type: 'weight' }] }, load: { value: 2500, units: 'kilograms' } });
    expect(created.sets).toHaveLength(5);

    // Mixed units: the load is in the first set's units, one decimal.
    const mixed = await logLift(alex, wellington, squat, {
      rep_scheme: '3-2',
      sets: [
        { position: 2, repetitions: 2, movement_id: squat, values: { weight: { value: 100, units: 'kilograms' } } },
        { position: 1, repetitions: 3, movement_id: squat, values: { weight: { value: 135, units: 'pounds' } } },
      ],
    });
    expect(mixed.sets.map((s) => s.position)).toEqual([1, 2]);
    expect(mixed.load).toEqual({ value: Math.round((3 * 135 + (2 * 100) / 0.45359237) * 10) / 10, units: 'pounds' });

    // No weight property, no load.
    const jumps = await logLift(alex, wellington, boxJump, { name: 'Box Jump 3x3', rep_scheme: '3x3', sets: [1, 2, 3].map((position) => ({ position, repetitions: 3, movement_id: boxJump, values: { height: { value: 60, units: 'centimetres' } } })) });
    expect(jumps.load).toBeNull();
    const broad = await logLift(alex, wellington, broadJump, { name: 'Broad Jump', rep_scheme: '1', sets: [{ position: 1, repetitions: 1, movement_id: broadJump, values: { distance: { value: 2.4, units: 'metres' } } }] });
    expect(broad.load).toBeNull();
  });

  it('refuses a record type other than wod or lift with the SPEC message', async () => {
    for (const type of ['run', 'WOD', 42, null, undefined]) {
      const res = await write('POST', '/workouts', { workout: wod({ type }) });
      const body = await expectError(res, 422, 'invalid_workout_type');
      expect(body.message).toBe(invalidWorkoutTypeMessage(type));
    }
    expect((await expectError(await write('POST', '/workouts', { workout: wod({ type: 'run' }) }), 422, 'invalid_workout_type')).message).toBe('Type "run" is invalid for a workout record.');
  });

  async function expectInvalid(workout: Record<string, unknown>, path: string, code = 'validation_failed'): Promise<ApiErrorBody> {
    const res = await write('POST', '/workouts', { workout });
    const body = await expectError(res, 422, code);
    expect(body.errors?.[0]?.path, JSON.stringify(body)).toBe(path);
    return body;
  }

  it('validates WOD fields with clear messages', async () => {
    await expectInvalid(wod({ name: ' ' }), 'workout.name');
    expect((await expectInvalid(wod({ name: 'x'.repeat(121) }), 'workout.name')).message).toBe('Name must be at most 120 characters.');
    await expectInvalid(wod({ completed_at: 'yesterday' }), 'workout.completed_at');
    await expectInvalid(wod({ completed_at: '2026-03-02' }), 'workout.completed_at');
    await expectInvalid(wod({ notes: 'x'.repeat(2001) }), 'workout.notes');
    expect((await expectInvalid(wod({ scoring: 'fastest' }), 'workout.scoring')).message).toContain('scoring must be one of for_time, for_rounds');
    await expectInvalid(wod({ scoring: undefined }), 'workout.scoring');
    expect((await expectInvalid(wod({ score_time: -1 }), 'workout.score_time')).message).toBe('score_time (seconds) must not be negative.');
    expect((await expectInvalid(wod({ score_time: 90.5 }), 'workout.score_time')).message).toBe('score_time (seconds) must be a whole number.');
    await expectInvalid(wod({ score_time: '5:00' }), 'workout.score_time');
    await expectInvalid(wod({ scoring: 'for_rounds', score_rounds: 1e9 }), 'workout.score_rounds');
    await expectInvalid(wod({ score_load: 100, score_load_units: 'stone' }), 'workout.score_load_units');
    await expectInvalid(wod({ as_prescribed: 'yes' }), 'workout.as_prescribed');
    await expectInvalid(wod({ session_id: 'abc' }), 'workout.session_id');
    await expectInvalid(wod({ workout_definition_id: -3 }), 'workout.workout_definition_id');
    await expectError(await write('POST', '/workouts', { wod: wod() }), 422, 'validation_failed');
    // Member text is text: no NUL or control characters, no lone surrogates.
    for (const bad of [{ name: 'Fran\u0000' }, { notes: 'ok\uD800' }]) {
      expect((await expectError(await write('POST', '/workouts', { workout: wod(bad) }), 422, 'validation_failed')).message).toMatch(/control characters or broken Unicode/);
    }
    await expectError(await alex.request('/api/v1/workouts', { method: 'POST', body: '{"workout":', headers: { ...wellington, 'Content-Type': 'application/json' } }), 400, 'invalid_json');
  });

  it('validates lift schemes and sets', async () => {
    await expectInvalid(lift(squat, { rep_scheme: 'x'.repeat(61) }), 'workout.rep_scheme');
    await expectInvalid(lift(squat, { rep_scheme: 5 }), 'workout.rep_scheme');
    await expectInvalid(lift(squat, { movement_id: undefined }), 'workout.movement_id');
    await expectInvalid(lift(99_999, { sets: weightSets(99_999, [5], 100) }), 'workout.movement_id', 'invalid_movement');
    expect((await expectInvalid(lift(squat, { sets: [] }), 'workout.sets')).message).toBe('A lift needs at least one set.');
    await expectInvalid(lift(squat, { sets: weightSets(squat, Array.from({ length: 51 }, () => 1), 50) }), 'workout.sets');
    await expectInvalid(lift(squat, { sets: weightSets(squat, [1000], 50) }), 'workout.sets.0.repetitions');
    await expectInvalid(lift(squat, { sets: weightSets(squat, [-1], 50) }), 'workout.sets.0.repetitions');
    // The same minimum as the lift form (core/limits SET_REPS_MIN): a set of 0 reps is not saved.
    expect((await expectInvalid(lift(squat, { sets: weightSets(squat, [0], 50) }), 'workout.sets.0.repetitions')).message).toBe('Repetitions must be at least 1.');
    await expectInvalid(lift(squat, { sets: weightSets(squat, [5], 10_001) }), 'workout.sets.0.values.weight.value');
    await expectInvalid(lift(squat, { sets: weightSets(squat, [5], -5) }), 'workout.sets.0.values.weight.value');
    await expectInvalid(lift(squat, { sets: [{ position: 1, repetitions: 5, movement_id: squat, values: { weight: { value: 60, units: 'centimetres' } } }] }), 'workout.sets.0.values.weight.units');
    expect((await expectInvalid(lift(squat, { sets: [{ position: 1, repetitions: 5, movement_id: squat, values: { speed: { value: 1, units: 'metres' } } }] }), 'workout.sets.0.values')).message).toBe('Set values are weight, height or distance, not speed.');
    await expectInvalid(lift(squat, { sets: [...weightSets(squat, [5], 60), ...weightSets(squat, [5], 60)] }), 'workout.sets.1.position');
    await expectInvalid(lift(squat, { sets: [{ position: 0, repetitions: 5, movement_id: squat, values: {} }] }), 'workout.sets.0.position');
    expect((await expectInvalid(lift(squat, { sets: weightSets(boxJump, [5], 60) }), 'workout.sets.0.movement_id')).message).toContain('Every set must be of the lift\u2019s movement'.replace('\u2019', "'"));
    expect((await expectInvalid(lift(squat, { sets: [{ position: 1, repetitions: 5, movement_id: squat, values: { height: { value: 60, units: 'centimetres' } } }] }), 'workout.sets.0.values.height')).message).toBe('Back Squat has no height (its properties: weight).');
    // A box jump of 0 cm is a typo, not a result (core setValueProblem); 0 kg is a real bodyweight set.
    const zeroJump = lift(boxJump, { rep_scheme: '1x3', sets: [{ position: 1, repetitions: 3, movement_id: boxJump, values: { height: { value: 0, units: 'centimetres' } } }] });
    expect((await expectInvalid(zeroJump, 'workout.sets.0.values.height.value')).message).toBe('A height must be more than 0.');
    expect((await write('POST', '/workouts', { workout: lift(squat, { rep_scheme: '1x5', sets: weightSets(squat, [5], 0) }) })).status).toBe(201);
  });

  it('updates partially, ignoring id, type, session and definition, and bumps updated_at', async () => {
    const fran = await definitionId(db, harbour, 'Fran');
    const original = await logWod(alex, wellington, { workout_definition_id: fran, score_load: 40 });
    clock.advance(5 * MINUTE);
    const res = await write('PUT', `/workouts/${original.id}`, {
      workout: { id: 1, type: 'lift', session_id: 1, session: { id: 1 }, workout_definition_id: 999, definition: { id: 999 }, name: 'Fran (again)', score_time: 299, reactions: { count: 9, mine: 1 } },
    });
    expect(res.status).toBe(200);
    const updated = await json<WodWorkout>(res);
    expect(updated).toEqual({ ...original, name: 'Fran (again)', score_time: 299, updated_at: clock.now().toISOString() });
    expect(updated.updated_at > original.updated_at).toBe(true);

    // Nullable fields clear with null; a new load without units is in kilograms.
    const cleared = await json<WodWorkout>(await write('PUT', `/workouts/${original.id}`, { workout: { notes: null, as_prescribed: false, score_load: 90, scoring: 'for_load' } }));
    expect(cleared).toMatchObject({ notes: null, as_prescribed: false, score_load: 90, score_load_units: 'kilograms', scoring: 'for_load', score_time: 299 });

    // Validation on update, against the stored type.
    await expectError(await write('PUT', `/workouts/${original.id}`, { workout: { name: '' } }), 422, 'validation_failed');
    await expectError(await write('PUT', `/workouts/${original.id}`, { workout: { score_time: -5 } }), 422, 'validation_failed');
    await expectError(await write('PUT', `/workouts/${original.id}`, {}), 422, 'validation_failed');
  });

  it('recomputes a lift’s load on update and checks sets against its movement', async () => {
    const original = await logLift(alex, wellington, squat);
    const heavier = await json<LiftWorkout>(await write('PUT', `/workouts/${original.id}`, { workout: { rep_scheme: '5-3-1', sets: weightSets(squat, [5, 3, 1], 110) } }));
    expect(heavier).toMatchObject({ rep_scheme: '5-3-1', load: { value: 990, units: 'kilograms' }, movement: { id: squat } });
    expect(heavier.sets).toHaveLength(3);
    // A new movement needs sets of that movement.
    await expectError(await write('PUT', `/workouts/${original.id}`, { workout: { movement_id: boxJump } }), 422, 'validation_failed');
    const jumps = await json<LiftWorkout>(
      await write('PUT', `/workouts/${original.id}`, { workout: { movement_id: boxJump, sets: [{ position: 1, repetitions: 3, movement_id: boxJump, values: { height: { value: 75, units: 'centimetres' } } }] } }),
    );
    expect(jumps).toMatchObject({ type: 'lift', movement: { id: boxJump, name: 'Box Jump' }, load: null });
    // The type stays: WOD fields are not part of a lift.
    const same = await json<Workout>(await write('PUT', `/workouts/${original.id}`, { workout: { type: 'wod', scoring: 'for_time', score_time: 100 } }));
    expect(same.type).toBe('lift');
    expect(same).not.toHaveProperty('score_time');
  });

  it('deletes a workout (204), after which it is gone', async () => {
    const w = await logWod(alex, wellington);
    expect((await del(alex, `/api/v1/workouts/${w.id}`, wellington)).status).toBe(204);
    await expectError(await alex.get(`/api/v1/workouts/${w.id}`, { headers: wellington }), 404, 'not_found');
    await expectError(await del(alex, `/api/v1/workouts/${w.id}`, wellington), 404, 'not_found');
    await expectError(await write('PUT', `/workouts/${w.id}`, { workout: { name: 'x' } }), 404, 'not_found');
    await expectError(await alex.get('/api/v1/workouts/abc', { headers: wellington }), 404, 'not_found');
  });

  it('filters by from, to, type, movement_id and session_id, validating each', async () => {
    const from = '2026-01-01T00:00:00Z';
    const to = '2026-02-01T00:00:00Z';
    const inRange = await logWod(alex, wellington, { completed_at: '2026-01-15T06:00:00Z' });
    const onEdge = await logWod(alex, wellington, { completed_at: to });
    const ranged = await listWorkouts(alex, wellington, `?from=${from}&to=${to}`);
    expect(ranged.map((w) => w.id)).toContain(inRange.id);
    expect(ranged.map((w) => w.id)).not.toContain(onEdge.id);
    for (const w of ranged) expect(w.completed_at >= '2026-01-01T00:00:00.000Z' && w.completed_at < '2026-02-01T00:00:00.000Z').toBe(true);
    // A date alone is midnight at the facility (Wellington, UTC+13 in January).
    const byDate = await listWorkouts(alex, wellington, '?from=2026-01-15&to=2026-01-16');
    expect(byDate.map((w) => w.id)).toContain(inRange.id);
    expect((await listWorkouts(alex, wellington, '?from=2026-01-16T06:00:00%2B13:00')).every((w) => w.completed_at >= '2026-01-15T17:00:00.000Z')).toBe(true);

    const lifts = await listWorkouts(alex, wellington, '?type=lift');
    expect(lifts.length).toBeGreaterThan(20);
    expect(lifts.every((w) => w.type === 'lift')).toBe(true);
    expect((await listWorkouts(alex, wellington, '?type=wod')).every((w) => w.type === 'wod')).toBe(true);
    const squats = await listWorkouts(alex, wellington, `?type=lift&movement_id=${squat}`);
    expect(squats.length).toBeGreaterThanOrEqual(20);
    expect(squats.every((w) => w.type === 'lift' && w.movement.id === squat)).toBe(true);
    const linked = (await listWorkouts(alex, wellington)).find((w) => w.session_id !== null);
    expect(linked).toBeDefined();
    const bySession = await listWorkouts(alex, wellington, `?session_id=${linked?.session_id}`);
    expect(bySession.length).toBeGreaterThanOrEqual(1);
    expect(bySession.every((w) => w.session_id === linked?.session_id)).toBe(true);

    for (const query of ['?type=run', '?from=yesterday', '?to=2026-13-01', '?movement_id=abc', '?movement_id=0', '?session_id=-1', '?session_id=1.5']) {
      await expectError(await alex.get(`/api/v1/workouts${query}`, { headers: wellington }), 422, 'validation_failed');
    }
    await expectError(await alex.get(`/api/v1/workouts?from=${to}&to=${from}`, { headers: wellington }), 422, 'invalid_range');
  });

  it('searches the member’s own names and notes, case-insensitively', async () => {
    const w = await logWod(alex, wellington, { name: 'Murph Ärm', notes: 'Partitioned 5-10-15 with a VEST' });
    const search = async (q: string) => {
      const res = await alex.get(`/api/v1/workouts/search?q=${encodeURIComponent(q)}`, { headers: wellington });
      expect(res.status).toBe(200);
      return (await json<{ data: Workout[] }>(res)).data;
    };
    expect((await search('murph')).map((x) => x.id)).toEqual([w.id]);
    expect((await search('äRM')).map((x) => x.id)).toEqual([w.id]);
    expect((await search('with a vest')).map((x) => x.id)).toEqual([w.id]);
    const squats = await search('back squat');
    expect(squats.length).toBeGreaterThanOrEqual(20);
    expect(squats.every((x) => x.name.toLowerCase().includes('back squat') || (x.notes ?? '').toLowerCase().includes('back squat'))).toBe(true);
    expect(await search('no such workout anywhere')).toEqual([]);
    for (const q of ['', '   ', 'x'.repeat(101)]) await expectError(await alex.get(`/api/v1/workouts/search?q=${q}`, { headers: wellington }), 422, 'validation_failed');
    await expectError(await alex.get('/api/v1/workouts/search', { headers: wellington }), 422, 'validation_failed');
  });

  it('needs a signed-in member and a facility or club', async () => {
    const { Browser } = await import('../../testing/helpers');
    const anonymous = new Browser(server.url);
    await expectError(await anonymous.get('/api/v1/workouts', { headers: wellington }), 401, 'unauthenticated');
    await expectError(await alex.get('/api/v1/workouts'), 400, 'facility_required');
    expect((await alex.get('/api/v1/workouts', { headers: { 'X-Club-Id': String(harbour) } })).status).toBe(200);
  });
});
