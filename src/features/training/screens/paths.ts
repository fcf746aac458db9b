import type { WorkoutType } from '../../../../core/contract/types';

export const TRAINING_PATH = '/training';

export function workoutPath(workout: { type: WorkoutType; id: number }): string {
  return `/training/workouts/${workout.type}/${workout.id}`;
}

export function workoutEditPath(workout: { type: WorkoutType; id: number }): string {
  return `${workoutPath(workout)}/edit`;
}

// The forms' paths are core's: a post-class notification leads to them too.
export { logResultPath, newWorkoutPath } from '../../../../core/rules/training/log-prompt';

export function liftPath(movementId: number): string {
  return `/training/lifts/${movementId}`;
}
