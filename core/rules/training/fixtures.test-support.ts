// Builders for training records used by the training-* domain tests.
import type { LeaderboardEntry, LiftSet, LiftWorkout, Measurement, Movement, WodWorkout } from '../../contract/types';

export const BACK_SQUAT: Movement = { id: 1, name: 'Back squat', properties: [{ type: 'weight' }] };
export const BOX_JUMP: Movement = { id: 2, name: 'Box jump', properties: [{ type: 'height' }] };
export const SLED_PUSH: Movement = { id: 3, name: 'Sled push', properties: [{ type: 'weight' }, { type: 'distance' }] };
export const DEADLIFT: Movement = { id: 4, name: 'Deadlift', properties: [{ type: 'weight' }] };

export const kg = (value: number): Measurement => ({ value, units: 'kilograms' });
export const lb = (value: number): Measurement => ({ value, units: 'pounds' });

export function set(position: number, repetitions: number, weight?: Measurement, movementId = BACK_SQUAT.id): LiftSet {
  return { position, repetitions, movement_id: movementId, values: weight ? { weight } : {} };
}

export function lift(over: Partial<LiftWorkout> = {}): LiftWorkout {
  return {
    id: 100, type: 'lift', name: 'Back squat', completed_at: '2026-11-20T07:00:00.000Z', notes: null,
    session_id: null, workout_definition_id: null, reactions: { count: 0, mine: null },
    created_at: '2026-11-20T08:00:00.000Z', updated_at: '2026-11-20T08:00:00.000Z',
    movement: BACK_SQUAT, rep_scheme: '1', sets: [], load: null, ...over,
  };
}

export function wod(over: Partial<WodWorkout> = {}): WodWorkout {
  return {
    id: 200, type: 'wod', name: 'Fran', completed_at: '2026-11-20T07:00:00.000Z', notes: null,
    session_id: null, workout_definition_id: null, reactions: { count: 0, mine: null },
    created_at: '2026-11-20T08:00:00.000Z', updated_at: '2026-11-20T08:00:00.000Z',
    scoring: 'for_time', score_time: null, score_rounds: null, score_repetitions: null, score_distance: null,
    score_load: null, score_load_units: null, score_calories: null, score_tabata: null, score_total: null,
    as_prescribed: true, ...over,
  };
}

export function entry(memberId: number, workout: LiftWorkout | WodWorkout): Omit<LeaderboardEntry, 'rank'> {
  return {
    workout_id: workout.id,
    member: { id: memberId, full_name: `Member ${memberId}`, avatar_url: null },
    mine: false,
    workout,
  };
}
