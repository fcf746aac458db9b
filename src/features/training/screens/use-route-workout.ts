// The workout a detail or edit route names. A workout logged offline has a temporary id until
// the studio answers; the data layer then resolves the old id to the real row, and the screen
// moves to the real address so reloads and shared links keep working.
import { useParams } from 'react-router';
import type { WorkoutType } from '../../../../core/contract/types';
import { useWorkout, type StoredWorkout } from '../hooks';

export type RouteWorkout =
  | { status: 'loading' }
  | { status: 'missing' }
  /** The route's id or type is not the workout's: go to `workout`'s own address. */
  | { status: 'moved'; workout: StoredWorkout }
  | { status: 'ready'; workout: StoredWorkout };

export function routeId(param: string | undefined): number | null {
  const id = Number(param);
  return param && Number.isInteger(id) ? id : null;
}

export function useRouteWorkout(type: WorkoutType): RouteWorkout {
  const id = routeId(useParams().id);
  const workout = useWorkout(id);
  if (id === null || workout === null) return { status: 'missing' };
  if (workout === undefined) return { status: 'loading' };
  if (workout.id !== id || workout.type !== type) return { status: 'moved', workout };
  return { status: 'ready', workout };
}
