// Class leaderboards (SPEC issue: ranked by scoring type, as_prescribed above scaled), pure.
import type { LeaderboardEntry, LiftWorkout, ScoringType, Workout, WorkoutDefinition } from '../../contract/types';
import { toKilograms, weightUnitsOf } from './lift';
import { compareWodResultsBy } from './scoring';

function heaviestSetKilograms(lift: LiftWorkout): number {
  let heaviest = 0;
  for (const set of lift.sets) {
    const weight = set.values.weight;
    if (weight) heaviest = Math.max(heaviest, toKilograms(weight.value, weightUnitsOf(weight)));
  }
  return heaviest;
}

function loadKilograms(lift: LiftWorkout): number {
  return lift.load ? toKilograms(lift.load.value, weightUnitsOf(lift.load)) : 0;
}

/** Lifts rank by their heaviest set (in kilograms), then by load; WODs by compareWodResults. */
export function compareLiftResults(a: LiftWorkout, b: LiftWorkout): number {
  const heaviest = heaviestSetKilograms(b) - heaviestSetKilograms(a);
  if (heaviest !== 0) return Math.sign(heaviest);
  return Math.sign(loadKilograms(b) - loadKilograms(a));
}

export type UnrankedEntry = Omit<LeaderboardEntry, 'rank'>;

type Definition = Pick<WorkoutDefinition, 'type' | 'scoring'>;

const time = (entry: UnrankedEntry) => Date.parse(entry.workout.completed_at);

/** Earlier completion first; keeps equal results in a stable, meaningful order. */
function byCompletion(a: UnrankedEntry, b: UnrankedEntry): number {
  return time(a) - time(b) || a.workout_id - b.workout_id;
}

const isUnordered = (definition: Definition) => definition.type === 'wod' && definition.scoring === 'none';

/** Result order for a board; a workout of the other type than the board's ranks last. */
function compareResults(definition: Definition, a: Workout, b: Workout): number {
  const aFits = a.type === definition.type;
  const bFits = b.type === definition.type;
  if (aFits !== bFits) return aFits ? -1 : 1;
  if (a.type === 'lift' && b.type === 'lift') return compareLiftResults(a, b);
  if (a.type === 'wod' && b.type === 'wod') {
    const scoring: ScoringType = definition.scoring ?? a.scoring;
    return compareWodResultsBy(scoring, a, b);
  }
  return 0;
}

/**
 * One entry per member (their best result), sorted, with ranks; ties share a rank (1, 2, 2, 4).
 * Scoring none has no order: entries by completion time, each its own rank.
 */
export function rankLeaderboard(definition: Definition, entries: UnrankedEntry[]): LeaderboardEntry[] {
  const compare = isUnordered(definition)
    ? byCompletion
    : (a: UnrankedEntry, b: UnrankedEntry) => compareResults(definition, a.workout, b.workout);
  const ordered = (a: UnrankedEntry, b: UnrankedEntry) => compare(a, b) || byCompletion(a, b);

  const best = new Map<number, UnrankedEntry>();
  for (const entry of entries) {
    const current = best.get(entry.member.id);
    if (!current || ordered(entry, current) < 0) best.set(entry.member.id, entry);
  }

  const ranked: LeaderboardEntry[] = [];
  for (const entry of [...best.values()].sort(ordered)) {
    const previous = ranked[ranked.length - 1];
    const tied = previous !== undefined && compare(previous, entry) === 0;
    ranked.push({ ...entry, rank: tied ? previous.rank : ranked.length + 1 });
  }
  return ranked;
}

/** Which of a member's workouts count for a class's board: same session and definition. */
export function countsForBoard(workout: Pick<Workout, 'session_id' | 'workout_definition_id'>, sessionId: number, definitionId: number): boolean {
  return workout.session_id === sessionId && workout.workout_definition_id === definitionId;
}
