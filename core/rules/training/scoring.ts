// WOD scoring (see docs/rules.md#training), pure: which score fields a type uses, durations, ordering.
import type { ScoringType, WodWorkout } from '../../contract/types';
import { toKilograms } from './lift';
import { SCORING_TYPES as SCORING_TYPE_LIST } from '../../limits';

export const SCORING_TYPES: readonly ScoringType[] = SCORING_TYPE_LIST;

export type ScoreField = 'score_time' | 'score_rounds' | 'score_repetitions' | 'score_distance' | 'score_load' | 'score_calories' | 'score_tabata' | 'score_total';

const SCORE_FIELDS: Readonly<Record<ScoringType, readonly ScoreField[]>> = {
  for_time: ['score_time'],
  for_rounds: ['score_rounds', 'score_repetitions'],
  for_distance: ['score_distance'],
  for_load: ['score_load'],
  for_repetitions: ['score_repetitions'],
  for_calories: ['score_calories'],
  tabata: ['score_tabata'],
  total: ['score_total'],
  none: [],
};

/** The score fields a scoring type fills, in form order (for_rounds: rounds then reps; none: []). */
export function scoreFieldsFor(scoring: ScoringType): ScoreField[] {
  return [...(SCORE_FIELDS[scoring] ?? [])];
}

const DURATION = /^(?:(\d+):([0-5]\d)|(\d+):([0-5]\d):([0-5]\d))$/;

/** "mm:ss" or "h:mm:ss" (seconds 0–59) → whole seconds; null when not a time. */
export function parseDuration(text: string): number | null {
  const match = DURATION.exec(text.trim());
  if (!match) return null;
  if (match[1] !== undefined) return Number(match[1]) * 60 + Number(match[2]);
  return Number(match[3]) * 3600 + Number(match[4]) * 60 + Number(match[5]);
}

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** Seconds → "m:ss", or "h:mm:ss" from an hour. */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = total % 60;
  return hours > 0 ? `${hours}:${twoDigits(minutes)}:${twoDigits(rest)}` : `${minutes}:${twoDigits(rest)}`;
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** True when a WOD has the score its scoring type needs (none: always). for_rounds needs rounds; reps are optional. */
export function hasScore(wod: Pick<WodWorkout, 'scoring' | ScoreField>): boolean {
  const required = scoreFieldsFor(wod.scoring).slice(0, 1);
  return required.every((field) => isNumber(wod[field]));
}

type WodScore = Pick<WodWorkout, 'scoring' | ScoreField | 'score_load_units' | 'as_prescribed'>;

/** Higher is better for every score once for_time is negated. */
function scoreKey(scoring: ScoringType, wod: WodScore): number[] {
  switch (scoring) {
    case 'for_time': return [-(wod.score_time ?? 0)];
    case 'for_rounds': return [wod.score_rounds ?? 0, wod.score_repetitions ?? 0];
    case 'for_load': return [toKilograms(wod.score_load ?? 0, wod.score_load_units ?? 'kilograms')];
    case 'none': return [];
    default: return scoreFieldsFor(scoring).map((field) => wod[field] ?? 0);
  }
}

/** compareWodResults with the scoring type given, e.g. the definition's for a class board. */
export function compareWodResultsBy(scoring: ScoringType, a: WodScore, b: WodScore): number {
  if (a.as_prescribed !== b.as_prescribed) return a.as_prescribed ? -1 : 1;
  if (scoring === 'none') return 0;
  const aScored = hasScore({ ...a, scoring });
  const bScored = hasScore({ ...b, scoring });
  if (aScored !== bScored) return aScored ? -1 : 1;
  if (!aScored) return 0;
  const aKey = scoreKey(scoring, a);
  const bKey = scoreKey(scoring, b);
  for (const [i, aValue] of aKey.entries()) {
    const bValue = bKey[i] ?? 0;
    if (aValue !== bValue) return aValue > bValue ? -1 : 1;
  }
  return 0;
}

/**
 * Leaderboard order of two results of the same workout, negative when a ranks above b:
 * as_prescribed above scaled, then for_time ascending, every other type descending (rounds then
 * reps; loads compared in kilograms); results without a score last. 0 = tie.
 */
export function compareWodResults(a: WodWorkout, b: WodWorkout): number {
  return compareWodResultsBy(a.scoring, a, b);
}
