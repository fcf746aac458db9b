// A member's lift history per movement (GET /lifts, /lifts/{id}), pure: personal records and
// the estimated one-rep max. The server answers with these; the app computes the same offline.
import type { LiftDetail, LiftSummary, LiftWorkout, WeightUnits } from '../../data/api/types';

/** Epley: weight × (1 + reps / 30), one decimal; reps 1 gives the weight; null above 10 reps (too far to guess). */
export function estimatedOneRepMax(weight: number, repetitions: number): number | null {
  void weight; void repetitions;
  throw new Error('not implemented');
}

/** One summary per movement lifted, most recently lifted first. Weights reported in `units` (default kilograms). */
export function liftSummaries(lifts: LiftWorkout[], units?: WeightUnits): LiftSummary[] {
  void lifts; void units;
  throw new Error('not implemented');
}

/** History (newest first), rep maxes (heaviest weight per rep count, ascending reps) and the estimate; null when never lifted. */
export function liftDetail(movementId: number, lifts: LiftWorkout[], units?: WeightUnits): LiftDetail | null {
  void movementId; void lifts; void units;
  throw new Error('not implemented');
}
