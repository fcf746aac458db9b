// "Log your Fran time?" (issue 31, item 5): when a class the member was booked into ends and its
// whiteboard has a WOD or a lift, the server tells them once, and the notification opens the form
// prefilled from that workout. What the prompt names and where it leads, for server and app alike.
import type { WorkoutType } from '../../contract/types';

/** Prompts go out for classes that ended at most this long ago (a server started late sends no stale ones). */
export const LOG_PROMPT_WINDOW_MINUTES = 180;

/** The form for a new workout of this type. */
export function newWorkoutPath(type: WorkoutType): string {
  return `/training/workouts/new/${type}`;
}

/** The form prefilled from a class's programmed workout ("log my result"). */
export function logResultPath(definition: { type: WorkoutType; id: number }, sessionId: number): string {
  return `${newWorkoutPath(definition.type)}?definition=${definition.id}&session=${sessionId}`;
}

/** The workout a prompt is about, as its notification carries it (params.workout). */
export interface LogPromptWorkout {
  definition_id: number;
  type: WorkoutType;
  name: string;
  scoring: string | null;
}

/** Which words the prompt uses: a WOD for time asks for the time, other WODs for the score, a lift for the lift. */
export function logPromptKind(workout: Pick<LogPromptWorkout, 'type' | 'scoring'>): 'time' | 'score' | 'lift' {
  if (workout.type === 'lift') return 'lift';
  return workout.scoring === 'for_time' ? 'time' : 'score';
}

/** Of a class's whiteboard (in its order), the workout a prompt names: its first WOD (the scored piece a board ranks), else its first lift. */
export function promptedWorkout<T extends { type: string }>(whiteboard: readonly T[]): T | null {
  return whiteboard.find((item) => item.type === 'wod') ?? whiteboard.find((item) => item.type === 'lift') ?? null;
}
