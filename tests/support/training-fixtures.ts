// A small in-memory training server for the fake API, and fixtures for workouts, movements and
// class boards, so the training tests read as the member's story.
import type {
  Leaderboard, LeaderboardEntry, LiftSet, LiftWorkout, Movement, Session, WodWorkout, Workout, WorkoutDefinition, WorkoutInput,
} from '../../core/contract/types';
import { liftLoad } from '../../core/rules/training/index';
import type { FakeReply, RecordedRequest } from './fake-api';

export const BACK_SQUAT: Movement = { id: 11, name: 'Back squat', properties: [{ type: 'weight' }] };
export const BOX_JUMP: Movement = { id: 12, name: 'Box jump', properties: [{ type: 'height' }] };
export const MOVEMENTS = [BACK_SQUAT, BOX_JUMP];

export const FRAN: WorkoutDefinition = { id: 31, name: 'Fran', type: 'wod', description: '21-15-9', scoring: 'for_time', rep_scheme: null, movement: null };

export function squatSets(weights: number[], reps = 5): LiftSet[] {
  return weights.map((weight, index) => ({ position: index + 1, repetitions: reps, movement_id: BACK_SQUAT.id, values: { weight: { value: weight, units: 'kilograms' } } }));
}

export function wodInput(over: Partial<Extract<WorkoutInput, { type: 'wod' }>> = {}): WorkoutInput {
  return { type: 'wod', name: 'Fran', completed_at: '2026-05-01T06:00:00.000Z', scoring: 'for_time', score_time: 300, as_prescribed: true, ...over };
}

export function liftInput(over: Partial<Extract<WorkoutInput, { type: 'lift' }>> = {}): WorkoutInput {
  return { type: 'lift', name: 'Back squat', completed_at: '2026-05-02T06:00:00.000Z', movement_id: BACK_SQUAT.id, rep_scheme: '3x5', sets: squatSets([100, 110, 120]), ...over };
}

export function wod(id: number, over: Partial<WodWorkout> = {}): WodWorkout {
  return {
    id, type: 'wod', name: 'Fran', completed_at: '2026-05-01T06:00:00.000Z', notes: null, session_id: null, workout_definition_id: null,
    reactions: { count: 0, mine: null }, created_at: '2026-05-01T07:00:00.000Z', updated_at: '2026-05-01T07:00:00.000Z',
    scoring: 'for_time', score_time: 300, score_rounds: null, score_repetitions: null, score_distance: null, score_load: null, score_load_units: null,
    score_calories: null, score_tabata: null, score_total: null, as_prescribed: true, ...over,
  };
}

export function lift(id: number, over: Partial<LiftWorkout> = {}): LiftWorkout {
  const sets = over.sets ?? squatSets([100]);
  return {
    id, type: 'lift', name: 'Back squat', completed_at: '2026-05-02T06:00:00.000Z', notes: null, session_id: null, workout_definition_id: null,
    reactions: { count: 0, mine: null }, created_at: '2026-05-02T07:00:00.000Z', updated_at: '2026-05-02T07:00:00.000Z',
    movement: BACK_SQUAT, rep_scheme: '1x5', sets, load: liftLoad(sets, BACK_SQUAT), ...over,
  };
}

export function classWithFran(id: number, over: Partial<Session> = {}): Session {
  return {
    id, facility_guid: 'fac-1', name: 'CrossFit', description: null, location: null,
    start_date: '2026-05-01T05:00:00.000Z', end_date: '2026-05-01T06:00:00.000Z', booking_open_date: '2026-04-24T05:00:00.000Z',
    booking_close_date: '2026-05-01T05:00:00.000Z', cancellation_close_date: '2026-05-01T03:00:00.000Z', cancelled: false, full: false, capacity: 10,
    booked_count: 3, waitlist_count: 0, waitlists_on: true, dropin_spaces: 0, droppedin_count: 0, online_url: null, instructors: [],
    whiteboard_items: [{ id: 1, position: 1, definition: FRAN }], whiteboard_visibility: 'public', visit: null, ...over,
  };
}

export function entry(rank: number, memberId: number, workout: Workout, mine = false): LeaderboardEntry {
  return { rank, workout_id: workout.id, member: { id: memberId, full_name: `Member ${memberId}`, avatar_url: null }, mine, workout };
}

export function board(sessionId: number, entries: LeaderboardEntry[]): Leaderboard {
  return { session_id: sessionId, visible: true, boards: [{ definition: FRAN, entries }] };
}

/** The server's side of /workouts, /workout_reactions and /movements, kept in memory. */
export class TrainingServer {
  workouts = new Map<number, Workout>();
  reactions = new Map<number, number>();
  nextId = 500;
  nextReactionId = 900;
  /** Answers every write with this instead (e.g. a 422) while set. */
  refuse: FakeReply | null = null;

  private stamp = Date.parse('2026-06-01T00:00:00.000Z');

  private now(): string {
    this.stamp += 1000;
    return new Date(this.stamp).toISOString();
  }

  private build(id: number, input: Record<string, unknown>, base?: Workout): Workout {
    const merged = { ...(base ?? {}), ...input } as Record<string, unknown>;
    const common = {
      id, name: merged.name as string, completed_at: new Date(merged.completed_at as string).toISOString(), notes: (merged.notes as string | null | undefined) ?? null,
      session_id: (merged.session_id as number | null | undefined) ?? null, workout_definition_id: (merged.workout_definition_id as number | null | undefined) ?? null,
      reactions: base?.reactions ?? { count: 0, mine: null }, created_at: base?.created_at ?? this.now(), updated_at: this.now(),
      ...(typeof merged.import_key === 'string' && { import_key: merged.import_key }),
    };
    if (merged.type === 'lift') {
      const movementId = (merged.movement_id as number | undefined) ?? (base?.type === 'lift' ? base.movement.id : undefined);
      const movement = MOVEMENTS.find((m) => m.id === movementId)!;
      const sets = merged.sets as LiftSet[];
      return { ...common, type: 'lift', movement, rep_scheme: merged.rep_scheme as string, sets, load: liftLoad(sets, movement) };
    }
    const score = (key: string) => (merged[key] as number | null | undefined) ?? null;
    return {
      ...common, type: 'wod', scoring: merged.scoring as WodWorkout['scoring'], score_time: score('score_time'), score_rounds: score('score_rounds'),
      score_repetitions: score('score_repetitions'), score_distance: score('score_distance'), score_load: score('score_load'),
      score_load_units: (merged.score_load_units as WodWorkout['score_load_units'] | undefined) ?? null, score_calories: score('score_calories'),
      score_tabata: score('score_tabata'), score_total: score('score_total'), as_prescribed: (merged.as_prescribed as boolean | undefined) ?? false,
    };
  }

  handle = (request: RecordedRequest): FakeReply => {
    const path = request.path.split('?')[0]!;
    if (request.method !== 'GET' && this.refuse) return this.refuse;
    const body = request.body as { workout?: Record<string, unknown> } | undefined;
    if (request.method === 'GET' && path === '/workouts') return { body: { data: [...this.workouts.values()].sort((a, b) => b.completed_at.localeCompare(a.completed_at)) } };
    if (request.method === 'GET' && path === '/movements') return { body: MOVEMENTS };
    if (request.method === 'POST' && path === '/workouts') {
      const key = body!.workout!.import_key;
      const imported = key === undefined ? undefined : [...this.workouts.values()].find((w) => w.import_key === key);
      if (imported) return { status: 200, body: imported };
      const workout = this.build(this.nextId++, body!.workout!);
      this.workouts.set(workout.id, workout);
      return { status: 201, body: workout };
    }
    const one = /^\/workouts\/(\d+)$/.exec(path);
    if (one) {
      const id = Number(one[1]);
      const existing = this.workouts.get(id);
      if (!existing) return { status: 404, body: { message: 'The workout was not found.', code: 'not_found' } };
      if (request.method === 'PUT') {
        const workout = this.build(id, body!.workout!, existing);
        this.workouts.set(id, workout);
        return { body: workout };
      }
      if (request.method === 'DELETE') {
        this.workouts.delete(id);
        return { status: 204 };
      }
    }
    const react = /^\/workouts\/(\d+)\/reactions$/.exec(path);
    if (react && request.method === 'POST') {
      const id = this.nextReactionId++;
      this.reactions.set(id, Number(react[1]));
      return { status: 201, body: { id, workout_id: Number(react[1]), type: 'like', created_at: this.now() } };
    }
    const unreact = /^\/workout_reactions\/(\d+)$/.exec(path);
    if (unreact && request.method === 'DELETE') {
      if (!this.reactions.delete(Number(unreact[1]))) return { status: 404, body: { message: 'The reaction was not found.', code: 'not_found' } };
      return { status: 204 };
    }
    return { status: 404, body: { message: 'No handler', code: 'not_found' } };
  };
}
