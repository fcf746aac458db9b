import type { Kysely } from 'kysely';
import type { LiftSet, LiftWorkout, WodWorkout, Workout, WorkoutList } from '../../core/contract/types';
import type { Database } from '../db/schema';
import { facilityGuid, type FacilityName } from './booking-helpers';
import { json, type Browser } from './helpers';

export type Headers = Record<string, string>;

export async function facilityHeaders(db: Kysely<Database>, name: FacilityName): Promise<Headers> {
  return { 'X-Facility-Id': await facilityGuid(db, name) };
}

export async function movementId(db: Kysely<Database>, name: string): Promise<number> {
  return (await db.selectFrom('movements').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
}

export async function orgId(db: Kysely<Database>, name: 'Harbour Strength' | 'Tallinn Movement' | 'Summit Climbing'): Promise<number> {
  return (await db.selectFrom('orgs').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
}

export async function definitionId(db: Kysely<Database>, org: number, name: string): Promise<number> {
  return (await db.selectFrom('workout_definitions').select('id').where('org_id', '=', org).where('name', '=', name).executeTakeFirstOrThrow()).id;
}

/** The seeded public Olympic Lifting class at Wellington kept without Alex's results (fixed programme: Snatch singles, Grace). */
export async function publicBoardClass(db: Kysely<Database>): Promise<number> {
  const rows = await db
    .selectFrom('sessions')
    .innerJoin('facilities', 'facilities.id', 'sessions.facility_id')
    .innerJoin('whiteboard_items', 'whiteboard_items.session_id', 'sessions.id')
    .innerJoin('workout_definitions', 'workout_definitions.id', 'whiteboard_items.definition_id')
    .select(['sessions.id', 'sessions.start_at'])
    .where('facilities.name', '=', 'Wellington')
    .where('sessions.name', '=', 'Olympic Lifting')
    .where('workout_definitions.name', '=', 'Grace')
    .orderBy('sessions.id', 'desc')
    .execute();
  const alex = (await db.selectFrom('members_profiles').select('id').where('email', '=', 'demo@example.com').executeTakeFirstOrThrow()).id;
  for (const row of rows) {
    const results = await db.selectFrom('workouts').select('profile_id').where('session_id', '=', row.id).execute();
    if (results.length > 0 && !results.some((r) => r.profile_id === alex)) return row.id;
  }
  throw new Error('no public Olympic Lifting board without Alex');
}

export const post = (browser: Browser, path: string, body: unknown, headers: Headers = {}) => browser.request(path, { method: 'POST', json: body, headers });
export const put = (browser: Browser, path: string, body: unknown, headers: Headers = {}) => browser.request(path, { method: 'PUT', json: body, headers });
export const del = (browser: Browser, path: string, headers: Headers = {}) => browser.request(path, { method: 'DELETE', headers });

export function wod(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { type: 'wod', name: 'Fran', completed_at: '2026-03-02T06:00:00Z', scoring: 'for_time', score_time: 305, as_prescribed: true, notes: 'Unbroken thrusters.', ...overrides };
}

export function weightSets(movement: number, reps: number[], weight: number, units: 'kilograms' | 'pounds' = 'kilograms'): LiftSet[] {
  return reps.map((repetitions, i) => ({ position: i + 1, repetitions, movement_id: movement, values: { weight: { value: weight, units } } }));
}

export function lift(movement: number, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { type: 'lift', name: 'Back Squat 5x5', completed_at: '2026-03-02T06:00:00Z', movement_id: movement, rep_scheme: '5x5', sets: weightSets(movement, [5, 5, 5, 5, 5], 100), ...overrides };
}

export async function created<T extends Workout = Workout>(res: Response): Promise<T> {
  if (res.status !== 201) throw new Error(`expected 201, got ${res.status} ${await res.text()}`);
  return json<T>(res);
}

export async function logWod(browser: Browser, headers: Headers, overrides: Record<string, unknown> = {}): Promise<WodWorkout> {
  return created<WodWorkout>(await post(browser, '/api/v1/workouts', { workout: wod(overrides) }, headers));
}

export async function logLift(browser: Browser, headers: Headers, movement: number, overrides: Record<string, unknown> = {}): Promise<LiftWorkout> {
  return created<LiftWorkout>(await post(browser, '/api/v1/workouts', { workout: lift(movement, overrides) }, headers));
}

export async function listWorkouts(browser: Browser, headers: Headers, query = ''): Promise<Workout[]> {
  const res = await browser.get(`/api/v1/workouts${query}`, { headers });
  if (res.status !== 200) throw new Error(`GET /workouts${query}: ${res.status} ${await res.text()}`);
  return (await json<WorkoutList>(res)).data;
}
