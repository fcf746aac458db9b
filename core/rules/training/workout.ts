// Workout records (see docs/rules.md#training), pure: type check, update payloads, drafts from definitions.
import type { Iso, LiftSet, ScoringType, Session, WorkoutDefinition, WorkoutType, WorkoutUpdate } from '../../contract/types';
import { DEFAULT_MEASUREMENT_UNITS, setsForScheme, unitsByProperty, type MeasurementUnits } from './lift';
import { parseRepScheme } from './rep-scheme';
import { WORKOUT_TYPES as WORKOUT_TYPE_LIST } from '../../limits';

export const WORKOUT_TYPES: readonly WorkoutType[] = WORKOUT_TYPE_LIST;

export function isWorkoutType(value: unknown): value is WorkoutType {
  return typeof value === 'string' && (WORKOUT_TYPES as readonly string[]).includes(value);
}

/** Longest value quoted in a message; anything longer is cut with an ellipsis. */
const DESCRIBE_MAX = 60;

/**
 * A short text for any value, for error messages. Never throws: a value nested thousands of
 * levels deep overflows JSON.stringify and Array#toString, and an object without a prototype has
 * no toString at all.
 */
function describe(value: unknown): string {
  let text: string;
  if (typeof value === 'string') text = value;
  else if (value !== null && typeof value === 'object') {
    try {
      text = JSON.stringify(value);
    } catch {
      text = Array.isArray(value) ? '[…]' : '{…}';
    }
  } else text = String(value);
  return text.length > DESCRIBE_MAX ? `${text.slice(0, DESCRIBE_MAX)}…` : text;
}

/** The error for a record type other than wod or lift, e.g. 'Type "run" is invalid for a workout record.' */
export function invalidWorkoutTypeMessage(type: unknown): string {
  return `Type "${describe(type)}" is invalid for a workout record.`;
}

/** What an update never carries: identity and links, and what the server computes. */
export const WORKOUT_UPDATE_OMITTED: readonly string[] = [
  'id', 'type', 'session', 'session_id', 'definition', 'workout_definition_id', 'workout_definition',
  'load', 'reactions', 'movement', 'member', 'member_id', 'created_at', 'updated_at', 'org_id',
];

/** An update never carries id, type, session or definition (nor what the server computes). */
export function workoutUpdatePayload(workout: Record<string, unknown>): WorkoutUpdate {
  const payload: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(workout)) {
    if (!WORKOUT_UPDATE_OMITTED.includes(key)) payload[key] = value;
  }
  return payload as WorkoutUpdate;
}

/** A draft from a workout definition; lifts start with the scheme's sets in kg / cm. */
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

/** completed_at: the class's start when given, else now; sets in the member's units (kilograms and centimetres by default). */
export function draftFromDefinition(
  definition: WorkoutDefinition,
  options: { memberId: number | null; session: Pick<Session, 'id' | 'start_date'> | null; now: Date; units?: MeasurementUnits },
): WorkoutDraft {
  const base = {
    member_id: options.memberId,
    workout_definition_id: definition.id,
    name: definition.name,
    type: definition.type,
    session_id: options.session?.id ?? null,
    completed_at: options.session?.start_date ?? options.now.toISOString(),
  };
  if (definition.type === 'lift') {
    const movement = definition.movement;
    const repScheme = definition.rep_scheme;
    return {
      ...base,
      scoring: null,
      movement_id: movement?.id ?? null,
      rep_scheme: repScheme,
      sets: movement ? setsForScheme(parseRepScheme(repScheme ?? ''), movement, [], unitsByProperty(options.units ?? DEFAULT_MEASUREMENT_UNITS)) : [],
    };
  }
  return { ...base, scoring: definition.scoring ?? 'for_time', movement_id: null, rep_scheme: null, sets: [] };
}
