// A movement's progress over time (the chart on the movement page), pure: one point per lift with
// its best estimated one-rep max and its heaviest set, in the weight units asked for, and which
// points set a record when they were lifted. Stored values are read, converted, never changed.
import type { Iso, LiftWorkout, WeightUnits } from '../../contract/types';
import { fromKilograms, hasWeight, roundToTenth, toKilograms, weightUnitsOf } from './lift';
import { estimatedOneRepMax } from './lifts';

export interface ProgressPoint {
  workout_id: number;
  completed_at: Iso;
  /** The best Epley estimate over the lift's sets of 1–10 reps, in the asked units; null when no set qualifies. */
  estimated_one_rep_max: number | null;
  /** The heaviest set (on equal weight, the one with more reps), weight in the asked units. */
  best_set: { weight: number; repetitions: number };
  /** The estimate is above every earlier lift's (the first lift has nothing to beat). */
  estimate_record: boolean;
  /** The heaviest set is heavier than every earlier lift's. */
  weight_record: boolean;
}

interface Candidate {
  lift: LiftWorkout;
  /** Heaviest set in kilograms and its reps. */
  heaviest: { kilograms: number; repetitions: number };
  /** Best estimate in kilograms (compared in kilograms so records do not depend on the units shown). */
  estimateKilograms: number | null;
  estimate: number | null;
}

function oldestFirst(a: LiftWorkout, b: LiftWorkout): number {
  return Date.parse(a.completed_at) - Date.parse(b.completed_at) || a.id - b.id;
}

/** A lift's heaviest set and best estimate; null when no set carries a weight above 0. */
function candidate(lift: LiftWorkout, units: WeightUnits): Candidate | null {
  let heaviest: Candidate['heaviest'] | null = null;
  let estimateKilograms: number | null = null;
  let estimate: number | null = null;
  for (const set of lift.sets) {
    const weight = set.values.weight;
    if (!weight || !(weight.value > 0)) continue;
    const kilograms = toKilograms(weight.value, weightUnitsOf(weight));
    if (!heaviest || kilograms > heaviest.kilograms || (kilograms === heaviest.kilograms && set.repetitions > heaviest.repetitions)) {
      heaviest = { kilograms, repetitions: set.repetitions };
    }
    // The same estimate the lift summary shows (computed in the shown units), so the last point matches it.
    const shown = estimatedOneRepMax(fromKilograms(kilograms, units), set.repetitions);
    const inKilograms = estimatedOneRepMax(kilograms, set.repetitions);
    if (shown !== null && inKilograms !== null && (estimateKilograms === null || inKilograms > estimateKilograms)) {
      estimateKilograms = inKilograms;
      estimate = shown;
    }
  }
  return heaviest ? { lift, heaviest, estimateKilograms, estimate } : null;
}

/**
 * One movement's lifts as chart points, oldest first: one point per lift that has a weighted set
 * above 0 (bodyweight-only lifts and movements without weight give none). A record is strictly
 * above every earlier point (a tie does not count, the first lift is no record).
 */
export function liftProgress(lifts: LiftWorkout[], units: WeightUnits = 'kilograms'): ProgressPoint[] {
  const points: ProgressPoint[] = [];
  let bestEstimate: number | null = null;
  let bestWeight: number | null = null;
  for (const lift of lifts.filter((l) => hasWeight(l.movement)).sort(oldestFirst)) {
    const c = candidate(lift, units);
    if (!c) continue;
    const estimateRecord = c.estimateKilograms !== null && bestEstimate !== null && c.estimateKilograms > bestEstimate;
    const weightRecord = bestWeight !== null && c.heaviest.kilograms > bestWeight;
    if (c.estimateKilograms !== null) bestEstimate = Math.max(bestEstimate ?? 0, c.estimateKilograms);
    bestWeight = Math.max(bestWeight ?? 0, c.heaviest.kilograms);
    points.push({
      workout_id: lift.id,
      completed_at: lift.completed_at,
      estimated_one_rep_max: c.estimate,
      best_set: { weight: roundToTenth(fromKilograms(c.heaviest.kilograms, units)), repetitions: c.heaviest.repetitions },
      estimate_record: estimateRecord,
      weight_record: weightRecord,
    });
  }
  return points;
}

export interface ProgressTrend {
  /** What the trend is told in: the estimate when two points have one, else the heaviest set. */
  metric: 'estimate' | 'weight';
  direction: 'up' | 'down' | 'same';
  from: { value: number; at: Iso };
  to: { value: number; at: Iso };
}

/** First and last value of the series, for a one-sentence summary of the chart; null under two points. */
export function progressTrend(points: ProgressPoint[]): ProgressTrend | null {
  const estimates = points.flatMap((p) => (p.estimated_one_rep_max === null ? [] : [{ value: p.estimated_one_rep_max, at: p.completed_at }]));
  const series = estimates.length >= 2 ? estimates : points.map((p) => ({ value: p.best_set.weight, at: p.completed_at }));
  const from = series[0];
  const to = series[series.length - 1];
  if (series.length < 2 || !from || !to) return null;
  const direction = to.value > from.value ? 'up' : to.value < from.value ? 'down' : 'same';
  return { metric: estimates.length >= 2 ? 'estimate' : 'weight', direction, from, to };
}
