import { TZDate } from '@date-fns/tz';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiftSet } from '../../../core/contract/types';
import { liftLoad, parseRepScheme, SCORING_TYPES } from '../../../core/rules/training/index';
import type { Database } from '../../db/schema';
import { DAY, profileIdOf } from '../../testing/booking-helpers';
import { ALEX, KAI, SAM, startTestServer, type TestServer } from '../../testing/helpers';
import { publicBoardClass } from '../../testing/training-helpers';

describe('training demo seed', () => {
  let server: TestServer;
  let db: Kysely<Database>;
  const seededAt = new Date();
  const now = seededAt.toISOString();

  beforeAll(async () => {
    server = await startTestServer({ now: () => seededAt });
    db = server.running.db;
  });
  afterAll(() => server.close());

  it('has the movement catalogue with its properties', async () => {
    const movements = await db.selectFrom('movements').select(['name', 'properties']).orderBy('id').execute();
    const weight = ['Back Squat', 'Front Squat', 'Deadlift', 'Bench Press', 'Strict Press', 'Push Press', 'Power Clean', 'Clean & Jerk', 'Snatch', 'Thruster'];
    expect(movements).toEqual([
      ...weight.map((name) => ({ name, properties: '[{"type":"weight"}]' })),
      { name: 'Box Jump', properties: '[{"type":"height"}]' },
      { name: 'Broad Jump', properties: '[{"type":"distance"}]' },
    ]);
  });

  it('gives every organisation WODs of every scoring type and the lifts with their schemes', async () => {
    const orgs = await db.selectFrom('orgs').select('id').execute();
    for (const org of orgs) {
      const defs = await db.selectFrom('workout_definitions').leftJoin('movements', 'movements.id', 'workout_definitions.movement_id').select(['workout_definitions.name', 'type', 'scoring', 'rep_scheme', 'movements.name as movement']).where('org_id', '=', org.id).execute();
      expect(new Set(defs.filter((d) => d.type === 'wod').map((d) => d.scoring))).toEqual(new Set(SCORING_TYPES));
      expect(defs.filter((d) => d.type === 'wod').map((d) => [d.name, d.scoring])).toEqual(
        expect.arrayContaining([['Fran', 'for_time'], ['Cindy', 'for_rounds'], ['Grace', 'for_time'], ['2k Row', 'for_time'], ['Max Calorie Bike', 'for_calories'], ['Tabata Squats', 'tabata'], ['Deadlift Ladder', 'for_load']]),
      );
      expect(defs.filter((d) => d.type === 'lift').map((d) => [d.name, d.rep_scheme, d.movement])).toEqual(
        expect.arrayContaining([['Back Squat 5x5', '5x5', 'Back Squat'], ['Snatch singles', '1-1-1-1-1', 'Snatch'], ['Deadlift 5-3-1', '5-3-1', 'Deadlift'], ['Box Jump 3x3', '3x3', 'Box Jump']]),
      );
      for (const d of defs) expect(d.type === 'lift' ? d.scoring === null && parseRepScheme(d.rep_scheme ?? '').length > 0 : d.rep_scheme === null && d.movement === null).toBe(true);
    }
  });

  it('programmes a lift and a WOD on every CrossFit and Olympic Lifting class, none elsewhere', async () => {
    const sessions = await db.selectFrom('sessions').select(['id', 'name', 'description', 'whiteboard_visibility']).execute();
    const items = await db
      .selectFrom('whiteboard_items')
      .innerJoin('workout_definitions', 'workout_definitions.id', 'whiteboard_items.definition_id')
      .innerJoin('sessions', 'sessions.id', 'whiteboard_items.session_id')
      .innerJoin('facilities', 'facilities.id', 'sessions.facility_id')
      .select(['whiteboard_items.session_id', 'whiteboard_items.position', 'workout_definitions.type', 'workout_definitions.org_id as definition_org', 'facilities.org_id as class_org'])
      .orderBy('whiteboard_items.session_id')
      .orderBy('whiteboard_items.position')
      .execute();
    for (const s of sessions) {
      const mine = items.filter((i) => i.session_id === s.id);
      const programmed = s.description?.startsWith('Strength piece') || s.name === 'Olympic Lifting';
      expect(mine.map((i) => [i.position, i.type]), `${s.name} ${s.id}`).toEqual(programmed ? [[1, 'lift'], [2, 'wod']] : []);
      for (const i of mine) expect(i.definition_org).toBe(i.class_org);
    }
    expect(sessions.filter((s) => s.name === 'Olympic Lifting').every((s) => s.whiteboard_visibility === 'public')).toBe(true);
  });

  it('gives Alex about 60 workouts over six months, progressions, Fran and Cindy, and results of classes he attended', async () => {
    const alex = await profileIdOf(db, ALEX);
    const harbour = (await db.selectFrom('orgs').select('id').where('name', '=', 'Harbour Strength').executeTakeFirstOrThrow()).id;
    const rows = await db.selectFrom('workouts').selectAll().where('profile_id', '=', alex).where('org_id', '=', harbour).orderBy('completed_at').execute();
    expect(rows.length).toBeGreaterThanOrEqual(55);
    expect(rows.length).toBeLessThanOrEqual(70);
    expect(rows.every((w) => w.completed_at <= now && w.created_at <= now && w.completed_at >= new Date(seededAt.getTime() - 183 * DAY).toISOString())).toBe(true);
    expect(Date.parse(rows[rows.length - 1]?.completed_at ?? '') - Date.parse(rows[0]?.completed_at ?? '')).toBeGreaterThan(150 * DAY);
    expect(rows.filter((w) => w.name === 'Fran').length).toBeGreaterThanOrEqual(2);
    expect(rows.filter((w) => w.name === 'Cindy').length).toBeGreaterThanOrEqual(2);

    const squats = rows.filter((w) => w.name === 'Back Squat 5x5');
    const loads = squats.map((w) => w.load_value ?? 0);
    expect(squats.length).toBeGreaterThanOrEqual(15);
    expect(loads[loads.length - 1]).toBeGreaterThan(loads[0] ?? 0);
    for (const w of rows.filter((x) => x.type === 'lift')) {
      const sets = JSON.parse(w.sets ?? '[]') as LiftSet[];
      expect(sets.map((s) => s.repetitions), w.name).toEqual(parseRepScheme(w.rep_scheme ?? ''));
      const movement = await db.selectFrom('movements').selectAll().where('id', '=', w.movement_id ?? 0).executeTakeFirstOrThrow();
      expect(w.load_value).toBe(liftLoad(sets, { properties: JSON.parse(movement.properties) as { type: 'weight' }[] })?.value ?? null);
    }

    const linked = rows.filter((w) => w.session_id !== null);
    expect(linked.length).toBeGreaterThanOrEqual(2);
    for (const w of linked) {
      const visit = await db.selectFrom('visits').select('state').where('profile_id', '=', alex).where('session_id', '=', w.session_id ?? 0).executeTakeFirst();
      expect(visit?.state).toBe('attended');
    }
  });

  it('gives Kai a log at Tallinn Movement and Sam (training off) none', async () => {
    const kai = await db.selectFrom('workouts').select(['org_id', 'type']).where('profile_id', '=', await profileIdOf(db, KAI)).execute();
    expect(kai.length).toBeGreaterThanOrEqual(10);
    expect(new Set(kai.map((w) => w.type))).toEqual(new Set(['wod', 'lift']));
    expect(await db.selectFrom('workouts').select('id').where('profile_id', '=', await profileIdOf(db, SAM)).execute()).toEqual([]);
  });

  it('fills the boards of finished classes with 3 to 8 results, Rx and scaled mixed', async () => {
    const finished = await db
      .selectFrom('whiteboard_items')
      .innerJoin('sessions', 'sessions.id', 'whiteboard_items.session_id')
      .select(['whiteboard_items.session_id', 'whiteboard_items.definition_id'])
      .where('sessions.end_at', '<=', now)
      .execute();
    // At least yesterday's Olympic Lifting class at each of the four facilities.
    expect(finished.length).toBeGreaterThanOrEqual(8);
    const rx = new Set<number>();
    for (const board of finished) {
      const results = await db.selectFrom('workouts').select(['profile_id', 'type', 'as_prescribed']).where('session_id', '=', board.session_id).where('workout_definition_id', '=', board.definition_id).execute();
      const members = new Set(results.map((r) => r.profile_id));
      expect(members.size, `class ${board.session_id}`).toBeGreaterThanOrEqual(3);
      expect(members.size).toBeLessThanOrEqual(10);
      for (const r of results) if (r.type === 'wod') rx.add(r.as_prescribed);
    }
    expect(rx).toEqual(new Set([0, 1]));
  });

  it('keeps a public Olympic Lifting class at Wellington, today, with others’ results and none of Alex’s', async () => {
    const id = await publicBoardClass(db);
    const row = await db.selectFrom('sessions').innerJoin('facilities', 'facilities.id', 'sessions.facility_id').select(['sessions.name', 'sessions.start_at', 'sessions.whiteboard_visibility', 'facilities.name as facility']).where('sessions.id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'Olympic Lifting', whiteboard_visibility: 'public', facility: 'Wellington' });
    const day = (d: Date | string) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Auckland' }).format(new Date(d));
    const today = new TZDate(seededAt.getTime(), 'Pacific/Auckland');
    const tomorrow = day(new TZDate(today.getFullYear(), today.getMonth(), today.getDate() + 1, 12, 0, 0, 'Pacific/Auckland'));
    expect([day(seededAt), tomorrow]).toContain(day(row.start_at));
    const results = await db.selectFrom('workouts').innerJoin('workout_definitions', 'workout_definitions.id', 'workouts.workout_definition_id').select(['workouts.profile_id', 'workout_definitions.type']).where('workouts.session_id', '=', id).execute();
    expect(results.filter((r) => r.type === 'wod').length).toBeGreaterThanOrEqual(3);
    const alex = await profileIdOf(db, ALEX);
    expect(results.some((r) => r.profile_id === alex)).toBe(false);
  });

  it('is deterministic for a given moment', async () => {
    const again = await startTestServer({ now: () => seededAt });
    try {
      const dump = (d: Kysely<Database>) => Promise.all([
        d.selectFrom('workouts').selectAll().orderBy('id').execute(),
        d.selectFrom('whiteboard_items').selectAll().orderBy('id').execute(),
        d.selectFrom('workout_definitions').selectAll().orderBy('id').execute(),
      ]);
      expect(await dump(again.running.db)).toEqual(await dump(db));
    } finally {
      await again.close();
    }
  });
});
