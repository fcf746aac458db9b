// A member's lift history per movement (GET /lifts, /lifts/{id}), pure: personal records and
// the estimated one-rep max. The server answers with these; the app computes the same offline.
import type { Iso, LiftDetail, LiftSet, LiftSummary, LiftWorkout, Measurement, RepMax, WeightUnits } from '../../contract/types';
import { fromKilograms, hasWeight, roundToTenth, toKilograms, weightUnitsOf } from './lift';

const MAX_ESTIMATE_REPS = 10;

/** Epley: weight × (1 + reps / 30), one decimal; reps 1 gives the weight; null above 10 reps (too far to guess). */
export function estimatedOneRepMax(weight: number, repetitions: number): number | null {
  if (!(repetitions >= 1 && repetitions <= MAX_ESTIMATE_REPS)) return null;
  if (repetitions === 1) return roundToTenth(weight);
  return roundToTenth(weight * (1 + repetitions / 30));
}

const time = (iso: Iso) => Date.parse(iso);

/** Newest first; equal times by id, newest record first. */
function newestFirst(a: LiftWorkout, b: LiftWorkout): number {
  return time(b.completed_at) - time(a.completed_at) || b.id - a.id;
}

function setKilograms(set: LiftSet): number {
  const weight = set.values.weight;
  return weight ? toKilograms(weight.value, weightUnitsOf(weight)) : 0;
}

/** Sets that carry a weight: only lifts whose movement has a weight property. */
function weightedSets(lifts: LiftWorkout[]): { lift: LiftWorkout; set: LiftSet; kilograms: number }[] {
  return lifts
    .filter((lift) => hasWeight(lift.movement))
    .flatMap((lift) => lift.sets.map((set) => ({ lift, set, kilograms: setKilograms(set) })));
}

function measurement(kilograms: number, units: WeightUnits): Measurement {
  return { value: roundToTenth(fromKilograms(kilograms, units)), units };
}

/** history: one movement's lifts, newest first, at least one. */
function summarize(latest: LiftWorkout, history: LiftWorkout[], units: WeightUnits): LiftSummary {
  const sets = weightedSets(history);
  const weighted = history.some((lift) => hasWeight(lift.movement));
  let best = 0;
  let estimate: number | null = null;
  for (const { set, kilograms } of sets) {
    best = Math.max(best, kilograms);
    if (kilograms <= 0) continue;
    const oneRepMax = estimatedOneRepMax(fromKilograms(kilograms, units), set.repetitions);
    if (oneRepMax !== null && (estimate === null || oneRepMax > estimate)) estimate = oneRepMax;
  }
  return {
    id: latest.movement.id,
    movement: latest.movement,
    lifts_count: history.length,
    last_completed_at: latest.completed_at,
    best_weight: weighted ? measurement(best, units) : null,
    estimated_one_rep_max: estimate === null ? null : { value: estimate, units },
  };
}

function byMovement(lifts: LiftWorkout[]): Map<number, LiftWorkout[]> {
  const groups = new Map<number, LiftWorkout[]>();
  for (const lift of [...lifts].sort(newestFirst)) {
    const group = groups.get(lift.movement.id);
    if (group) group.push(lift);
    else groups.set(lift.movement.id, [lift]);
  }
  return groups;
}

/** One summary per movement lifted, most recently lifted first. Weights reported in `units` (default kilograms). */
export function liftSummaries(lifts: LiftWorkout[], units: WeightUnits = 'kilograms'): LiftSummary[] {
  // Groups are built from newest-first lifts, so map order is already most recently lifted first.
  return [...byMovement(lifts).values()].flatMap(([latest, ...older]) => (latest ? [summarize(latest, [latest, ...older], units)] : []));
}

/** Heaviest set per rep count; on equal weight the earliest lift holds the record. */
function repMaxes(history: LiftWorkout[], units: WeightUnits): RepMax[] {
  const best = new Map<number, { lift: LiftWorkout; kilograms: number }>();
  for (const { lift, set, kilograms } of weightedSets(history)) {
    if (kilograms <= 0 || set.repetitions <= 0) continue;
    const current = best.get(set.repetitions);
    const earlier = current && newestFirst(lift, current.lift) > 0;
    if (!current || kilograms > current.kilograms || (kilograms === current.kilograms && earlier)) {
      best.set(set.repetitions, { lift, kilograms });
    }
  }
  return [...best.entries()]
    .sort(([a], [b]) => a - b)
    .map(([repetitions, { lift, kilograms }]) => ({
      repetitions,
      weight: measurement(kilograms, units),
      completed_at: lift.completed_at,
      workout_id: lift.id,
    }));
}

/** History (newest first), rep maxes (heaviest weight per rep count, ascending reps) and the estimate; null when never lifted. */
export function liftDetail(movementId: number, lifts: LiftWorkout[], units: WeightUnits = 'kilograms'): LiftDetail | null {
  const history = lifts.filter((lift) => lift.movement.id === movementId).sort(newestFirst);
  const [latest] = history;
  if (!latest) return null;
  return { ...summarize(latest, history, units), records: repMaxes(history, units), history };
}
