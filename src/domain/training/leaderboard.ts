// Class leaderboards (SPEC issue: ranked by scoring type, as_prescribed above scaled), pure.
import type { LeaderboardEntry, LiftWorkout, Workout, WorkoutDefinition } from '../../data/api/types';

/** Lifts rank by their heaviest set (in kilograms), then by load; WODs by compareWodResults. */
export function compareLiftResults(a: LiftWorkout, b: LiftWorkout): number {
  void a; void b;
  throw new Error('not implemented');
}

export type UnrankedEntry = Omit<LeaderboardEntry, 'rank'>;

/**
 * One entry per member (their best result), sorted, with ranks; ties share a rank (1, 2, 2, 4).
 * Scoring none has no order: entries by completion time, each its own rank.
 */
export function rankLeaderboard(definition: Pick<WorkoutDefinition, 'type' | 'scoring'>, entries: UnrankedEntry[]): LeaderboardEntry[] {
  void definition; void entries;
  throw new Error('not implemented');
}

/** Which of a member's workouts count for a class's board: same session and definition. */
export function countsForBoard(workout: Pick<Workout, 'session_id' | 'workout_definition_id'>, sessionId: number, definitionId: number): boolean {
  void workout; void sessionId; void definitionId;
  throw new Error('not implemented');
}
