// Training log: movements, workouts, lifts, whiteboards and class leaderboards.
import * as z from 'zod/mini';
import { iso } from './common';
import { LENGTH_UNITS, MOVEMENT_PROPERTY_TYPES, SCORING_TYPES, WEIGHT_UNITS, WORKOUT_TYPES } from '../limits';

export const workoutType = z.enum(WORKOUT_TYPES);
export type WorkoutType = z.infer<typeof workoutType>;

export const scoringType = z.enum(SCORING_TYPES);
export type ScoringType = z.infer<typeof scoringType>;

/** What a movement is measured in per set. A lift has a load only when its movement has "weight". */
export const movementPropertyType = z.enum(MOVEMENT_PROPERTY_TYPES);
export type MovementPropertyType = z.infer<typeof movementPropertyType>;

export const weightUnits = z.enum(WEIGHT_UNITS);
export type WeightUnits = z.infer<typeof weightUnits>;
export const lengthUnits = z.enum(LENGTH_UNITS);
export type LengthUnits = z.infer<typeof lengthUnits>;
export const units = z.enum([...WEIGHT_UNITS, ...LENGTH_UNITS]);
export type Units = z.infer<typeof units>;

export const movementProperty = z.object({ type: movementPropertyType });
export type MovementProperty = z.infer<typeof movementProperty>;

/** GET /movements, /movements/{id}: the shared movement catalogue. */
export const movement = z.object({
  id: z.number(),
  name: z.string(),
  properties: z.array(movementProperty),
});
export type Movement = z.infer<typeof movement>;

export const measurement = z.object({ value: z.number(), units });
export type Measurement = z.infer<typeof measurement>;

export const liftSet = z.object({
  /** 1-based order within the lift. */
  position: z.number(),
  repetitions: z.number(),
  movement_id: z.number(),
  /** One value per movement property, e.g. { weight: { value: 100, units: 'kilograms' } }. */
  values: z.object({
    weight: z.optional(measurement),
    height: z.optional(measurement),
    distance: z.optional(measurement),
  }),
});
export type LiftSet = z.infer<typeof liftSet>;

/** A workout the studio programmes (shown on class whiteboards); members log results against it. */
export const workoutDefinition = z.object({
  id: z.number(),
  name: z.string(),
  type: workoutType,
  description: z.nullable(z.string()),
  /** WODs only. */
  scoring: z.nullable(scoringType),
  /** Lifts only, e.g. "5x5" or "5-3-1". */
  rep_scheme: z.nullable(z.string()),
  /** Lifts only. */
  movement: z.nullable(movement),
});
export type WorkoutDefinition = z.infer<typeof workoutDefinition>;

export const whiteboardItem = z.object({
  id: z.number(),
  position: z.number(),
  definition: workoutDefinition,
});
export type WhiteboardItem = z.infer<typeof whiteboardItem>;

export const reactionSummary = z.object({
  /** How many members reacted. */
  count: z.number(),
  /** The signed-in member's own reaction id, or null. DELETE /workout_reactions/{id} removes it. */
  mine: z.nullable(z.number()),
});
export type ReactionSummary = z.infer<typeof reactionSummary>;

const workoutBase = {
  id: z.number(),
  name: z.string(),
  /** When the workout was done. The log groups by this day in the facility's zone. */
  completed_at: iso,
  notes: z.nullable(z.string()),
  session_id: z.nullable(z.number()),
  workout_definition_id: z.nullable(z.number()),
  reactions: reactionSummary,
  created_at: iso,
  updated_at: iso,
  /** Set when the workout came from a file import: the same rows imported again answer this workout. */
  import_key: z.optional(z.nullable(z.string())),
};

const nullableNumber = z.nullable(z.number());

/** Scores: time in whole seconds; distance in metres; load as score_load in score_load_units. */
export const wodWorkout = z.object({
  ...workoutBase,
  type: z.literal('wod'),
  scoring: scoringType,
  score_time: nullableNumber,
  score_rounds: nullableNumber,
  /** for_repetitions: the reps; for_rounds: reps into the unfinished round. */
  score_repetitions: nullableNumber,
  score_distance: nullableNumber,
  score_load: nullableNumber,
  score_load_units: z.nullable(weightUnits),
  score_calories: nullableNumber,
  score_tabata: nullableNumber,
  score_total: nullableNumber,
  as_prescribed: z.boolean(),
});
export type WodWorkout = z.infer<typeof wodWorkout>;

export const liftWorkout = z.object({
  ...workoutBase,
  type: z.literal('lift'),
  movement,
  rep_scheme: z.string(),
  sets: z.array(liftSet),
  /** Sum of repetitions × weight (one decimal), null when the movement has no weight property. */
  load: z.nullable(measurement),
});
export type LiftWorkout = z.infer<typeof liftWorkout>;

export const workout = z.discriminatedUnion('type', [wodWorkout, liftWorkout]);
export type Workout = z.infer<typeof workout>;

type WodScoreFields = Pick<WodWorkout, 'scoring' | 'score_time' | 'score_rounds' | 'score_repetitions' | 'score_distance' | 'score_load' | 'score_load_units' | 'score_calories' | 'score_tabata' | 'score_total' | 'as_prescribed'>;

/**
 * POST /workouts {workout}: what the member enters. The server computes load and answers with the Workout.
 * import_key (IMPORT_KEY_PATTERN): a workout with this key already in the member's log is answered (200) instead of made again.
 */
export type WorkoutInput =
  | ({ type: 'wod'; name: string; completed_at: Iso; notes?: string | null; session_id?: number | null; workout_definition_id?: number | null; import_key?: string } & Partial<WodScoreFields> & { scoring: ScoringType })
  | { type: 'lift'; name: string; completed_at: Iso; notes?: string | null; session_id?: number | null; workout_definition_id?: number | null; import_key?: string; movement_id: number; rep_scheme: string; sets: LiftSet[] };

/** PUT /workouts/{id} {workout}: never id, type, session or definition (ignored when sent). */
export type WorkoutUpdate =
  | ({ name?: string; completed_at?: Iso; notes?: string | null } & Partial<WodScoreFields>)
  | { name?: string; completed_at?: Iso; notes?: string | null; movement_id?: number; rep_scheme?: string; sets?: LiftSet[] };

type Iso = z.infer<typeof iso>;

/** GET /workouts answer; params from, to (ISO, on completed_at), type, movement_id, session_id. Newest first. */
export const workoutList = z.object({ data: z.array(workout) });
export type WorkoutList = z.infer<typeof workoutList>;

/** POST /workouts/{id}/reactions body; {} means a like too. Carries the server's messages. */
export const workoutReactionBody = z.object(
  { reaction: z.optional(z.object({ type: z._default(z.literal('like', { error: 'A reaction type must be "like".' }), 'like') }, { error: 'reaction must be an object.' })) },
  { error: 'The request body must be an object, e.g. {"reaction": {"type": "like"}}.' },
);
export type WorkoutReactionBody = z.infer<typeof workoutReactionBody>;

/** POST /workouts/{id}/reactions answer (201). */
export const workoutReaction = z.object({
  id: z.number(),
  workout_id: z.number(),
  type: z.literal('like'),
  created_at: iso,
});
export type WorkoutReaction = z.infer<typeof workoutReaction>;

/** GET /lifts: one row per movement the member has lifted (id = movement id). */
export const liftSummary = z.object({
  id: z.number(),
  movement,
  lifts_count: z.number(),
  last_completed_at: iso,
  /** Heaviest single set weight, in kilograms. Null for movements without weight. */
  best_weight: z.nullable(measurement),
  /** Best Epley estimate over all sets with 1–10 reps, in kilograms. */
  estimated_one_rep_max: z.nullable(measurement),
});
export type LiftSummary = z.infer<typeof liftSummary>;

/** Heaviest weight lifted for exactly this many reps in one set. */
export const repMax = z.object({
  repetitions: z.number(),
  weight: measurement,
  completed_at: iso,
  workout_id: z.number(),
});
export type RepMax = z.infer<typeof repMax>;

/** GET /lifts/{id} (movement id): history newest first, personal records and the estimated one-rep max. */
export const liftDetail = z.extend(liftSummary, {
  records: z.array(repMax),
  history: z.array(liftWorkout),
});
export type LiftDetail = z.infer<typeof liftDetail>;

export const leaderboardEntry = z.object({
  rank: z.number(),
  workout_id: z.number(),
  member: z.object({ id: z.number(), full_name: z.string(), avatar_url: z.nullable(z.string()) }),
  /** The signed-in member's own result. */
  mine: z.boolean(),
  workout,
});
export type LeaderboardEntry = z.infer<typeof leaderboardEntry>;

export const leaderboardBoard = z.object({
  definition: workoutDefinition,
  entries: z.array(leaderboardEntry),
});
export type LeaderboardBoard = z.infer<typeof leaderboardBoard>;

/** GET /leaderboard?session_id: one ranked board per whiteboard item of the class. Empty when the whiteboard is not visible to the member. */
export const leaderboard = z.object({
  session_id: z.number(),
  visible: z.boolean(),
  boards: z.array(leaderboardBoard),
});
export type Leaderboard = z.infer<typeof leaderboard>;

export const liftSummaryList = z.array(liftSummary);
export const movementList = z.array(movement);
