import type { WorkoutType } from '../../../../core/contract/types';

export const TRAINING_PATH = '/training';

export function workoutPath(workout: { type: WorkoutType; id: number }): string {
  return `/training/workouts/${workout.type}/${workout.id}`;
}

export function workoutEditPath(workout: { type: WorkoutType; id: number }): string {
  return `${workoutPath(workout)}/edit`;
}

export function newWorkoutPath(type: WorkoutType): string {
  return `/training/workouts/new/${type}`;
}

/** The form prefilled from a class's programmed workout ("log my result"). */
export function logResultPath(definition: { type: WorkoutType; id: number }, sessionId: number): string {
  return `${newWorkoutPath(definition.type)}?definition=${definition.id}&session=${sessionId}`;
}

export function liftPath(movementId: number): string {
  return `/training/lifts/${movementId}`;
}
