// WOD scoring (SPEC §5 scoring types), pure: which score fields a type uses, durations, ordering.
import type { ScoringType, WodWorkout } from '../../data/api/types';

export const SCORING_TYPES: readonly ScoringType[] = ['for_time', 'for_rounds', 'for_distance', 'for_load', 'for_repetitions', 'for_calories', 'tabata', 'total', 'none'];

export type ScoreField = 'score_time' | 'score_rounds' | 'score_repetitions' | 'score_distance' | 'score_load' | 'score_calories' | 'score_tabata' | 'score_total';

/** The score fields a scoring type fills, in form order (for_rounds: rounds then reps; none: []). */
export function scoreFieldsFor(scoring: ScoringType): ScoreField[] {
  void scoring;
  throw new Error('not implemented');
}

/** "mm:ss" or "h:mm:ss" (seconds 0–59) → whole seconds; null when not a time. */
export function parseDuration(text: string): number | null {
  void text;
  throw new Error('not implemented');
}

/** Seconds → "m:ss", or "h:mm:ss" from an hour. */
export function formatDuration(seconds: number): string {
  void seconds;
  throw new Error('not implemented');
}

/** True when a WOD has the score its scoring type needs (none: always). */
export function hasScore(wod: Pick<WodWorkout, 'scoring' | ScoreField>): boolean {
  void wod;
  throw new Error('not implemented');
}

/**
 * Leaderboard order of two results of the same workout, negative when a ranks above b:
 * as_prescribed above scaled, then for_time ascending, every other type descending (rounds then
 * reps; loads compared in kilograms); results without a score last. 0 = tie.
 */
export function compareWodResults(a: WodWorkout, b: WodWorkout): number {
  void a; void b;
  throw new Error('not implemented');
}
