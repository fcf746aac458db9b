// The training log's calls, apart from endpoints.ts so that they load with the
// training code and not with the shell. Workouts belong to the member in the organisation of the
// facility in scope; movements are one catalogue for everyone.
import { workoutUpdatePayload } from '../../../core/rules/training/workout';
import { apiRequest } from '../../data/api/client';
import type { MemberReadOptions, ReadOptions, WriteOptions } from "../../data/api/account";
import type {
  Leaderboard, LiftDetail, LiftSummary, Movement, Workout, WorkoutInput, WorkoutList, WorkoutReaction, WorkoutReactionBody, WorkoutType, WorkoutUpdate,
} from '../../../core/contract/types';

/** GET /workouts filters; from and to bound completed_at (ISO). */
export interface WorkoutQuery {
  from?: string;
  to?: string;
  type?: WorkoutType;
  movement_id?: number;
  session_id?: number;
}

/** Newest completed first. */
export function listWorkouts(params: WorkoutQuery, options: ReadOptions): Promise<Workout[]> {
  return apiRequest<WorkoutList>('GET', '/workouts', { ...options, schema: 'workoutList', query: { ...params } }).then((answer) => answer.data);
}

export function getWorkout(id: number, options: ReadOptions): Promise<Workout> {
  return apiRequest<Workout>('GET', `/workouts/${id}`, { ...options, schema: 'workout' });
}

export function searchWorkouts(q: string, options: ReadOptions): Promise<Workout[]> {
  return apiRequest<WorkoutList>('GET', '/workouts/search', { ...options, schema: 'workoutList', query: { q } }).then((answer) => answer.data);
}

export function createWorkout(input: WorkoutInput, options: WriteOptions): Promise<Workout> {
  return apiRequest<Workout>('POST', '/workouts', { ...options, body: { workout: input } });
}

/** The body never carries id, type, session or definition (see docs/rules.md#training). */
export function updateWorkout(id: number, changes: WorkoutUpdate, options: WriteOptions): Promise<Workout> {
  const workout = workoutUpdatePayload(changes as Record<string, unknown>);
  return apiRequest<Workout>('PUT', `/workouts/${id}`, { ...options, body: { workout } });
}

export function deleteWorkout(id: number, options: WriteOptions): Promise<void> {
  return apiRequest<void>('DELETE', `/workouts/${id}`, options);
}

export function reactToWorkout(id: number, options: WriteOptions): Promise<WorkoutReaction> {
  const body: WorkoutReactionBody = { reaction: { type: 'like' } };
  return apiRequest<WorkoutReaction>('POST', `/workouts/${id}/reactions`, { ...options, body });
}

export function removeWorkoutReaction(reactionId: number, options: WriteOptions): Promise<void> {
  return apiRequest<void>('DELETE', `/workout_reactions/${reactionId}`, options);
}

export function listLifts(options: ReadOptions): Promise<LiftSummary[]> {
  return apiRequest<LiftSummary[]>('GET', '/lifts', { ...options, schema: 'liftSummaryList' });
}

/** A movement id: the member's history of that lift. */
export function getLift(movementId: number, options: ReadOptions): Promise<LiftDetail> {
  return apiRequest<LiftDetail>('GET', `/lifts/${movementId}`, { ...options, schema: 'liftDetail' });
}

// One catalogue for every organisation: asked without scope headers.
export function listMovements(options: MemberReadOptions = {}): Promise<Movement[]> {
  return apiRequest<Movement[]>('GET', '/movements', { ...options, scope: null, schema: 'movementList' });
}

export function getMovement(id: number, options: MemberReadOptions = {}): Promise<Movement> {
  return apiRequest<Movement>('GET', `/movements/${id}`, { ...options, scope: null, schema: 'movement' });
}

/** The class's boards; the answer says whether its whiteboard is visible to the member. */
export function getLeaderboard(sessionId: number, options: ReadOptions): Promise<Leaderboard> {
  return apiRequest<Leaderboard>('GET', '/leaderboard', { ...options, schema: 'leaderboard', query: { session_id: sessionId } });
}
