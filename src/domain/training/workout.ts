// Workout records (SPEC §3, §5), pure: type check, update payloads, drafts from definitions.
import type { Iso, LiftSet, ScoringType, Session, WorkoutDefinition, WorkoutType, WorkoutUpdate } from '../../data/api/types';

export const WORKOUT_TYPES: readonly WorkoutType[] = ['wod', 'lift'];

export function isWorkoutType(value: unknown): value is WorkoutType {
  void value;
  throw new Error('not implemented');
}

/** SPEC §8: the error for a record type other than wod or lift, e.g. 'Type "run" is invalid for a workout record.' */
export function invalidWorkoutTypeMessage(type: unknown): string {
  void type;
  throw new Error('not implemented');
}

/** SPEC §5: an update never carries id, type, session or definition (nor what the server computes). */
export function workoutUpdatePayload(workout: Record<string, unknown>): WorkoutUpdate {
  void workout;
  throw new Error('not implemented');
}

/** SPEC §3: a draft from a workout definition; lifts start with the scheme's sets in kg / cm. */
export interface WorkoutDraft {
  member_id: number | null;
  workout_definition_id: number;
  name: string;
  type: WorkoutType;
  session_id: number | null;
  completed_at: Iso;
  scoring: ScoringType | null;
  movement_id: number | null;
  rep_scheme: string | null;
  sets: LiftSet[];
}

/** completed_at: the class's start when given, else now. */
export function draftFromDefinition(definition: WorkoutDefinition, options: { memberId: number | null; session: Pick<Session, 'id' | 'start_date'> | null; now: Date }): WorkoutDraft {
  void definition; void options;
  throw new Error('not implemented');
}
