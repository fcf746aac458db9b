import type { Kysely } from 'kysely';
import type { LiftSet, Movement, MovementProperty, MovementPropertyType, ReactionSummary, WhiteboardItem, Workout, WorkoutDefinition } from '../../../core/contract/types';
import { inChunks } from '../../db/chunks';
import type { Database, MovementRow, WorkoutDefinitionRow, WorkoutRow } from '../../db/schema';

// Training rows → wire shapes of src/data/api/types.ts. Every loader takes a Kysely instance or
// a transaction, so idempotent handlers answer from inside their own transaction.

type Db = Kysely<Database>;

const PROPERTY_TYPES: readonly MovementPropertyType[] = ['weight', 'height', 'distance'];

function parseJsonArray(text: string | null): unknown[] {
  if (text === null) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value : [];
  } catch {
    return [];
  }
}

function parseProperties(text: string): MovementProperty[] {
  return parseJsonArray(text).flatMap((p): MovementProperty[] => {
    const type = (p as { type?: unknown } | null)?.type;
    return PROPERTY_TYPES.includes(type as MovementPropertyType) ? [{ type: type as MovementPropertyType }] : [];
  });
}

export function toMovement(row: MovementRow): Movement {
  return { id: row.id, name: row.name, properties: parseProperties(row.properties) };
}

export async function movementsById(db: Db, ids: readonly number[]): Promise<Map<number, Movement>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await inChunks(unique, (chunk) => db.selectFrom('movements').selectAll().where('id', 'in', chunk).execute());
  return new Map(rows.map((row) => [row.id, toMovement(row)]));
}

export async function findMovement(db: Db, id: number): Promise<Movement | undefined> {
  if (!Number.isSafeInteger(id) || id <= 0) return undefined;
  const row = await db.selectFrom('movements').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toMovement(row) : undefined;
}

export function toDefinition(row: WorkoutDefinitionRow, movements: ReadonlyMap<number, Movement>): WorkoutDefinition {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    description: row.description,
    scoring: row.type === 'wod' ? row.scoring : null,
    rep_scheme: row.type === 'lift' ? row.rep_scheme : null,
    movement: row.movement_id === null ? null : (movements.get(row.movement_id) ?? null),
  };
}

/** Whiteboard items per class, by position; callers pass only classes whose whiteboard the member may see. */
export async function whiteboardItemsFor(db: Db, sessionIds: readonly number[]): Promise<Map<number, WhiteboardItem[]>> {
  const result = new Map<number, WhiteboardItem[]>();
  if (sessionIds.length === 0) return result;
  const rows = await inChunks(sessionIds, (chunk) =>
    db
      .selectFrom('whiteboard_items')
      .innerJoin('workout_definitions', 'workout_definitions.id', 'whiteboard_items.definition_id')
      .selectAll('workout_definitions')
      .select(['whiteboard_items.id as item_id', 'whiteboard_items.session_id', 'whiteboard_items.position'])
      .where('whiteboard_items.session_id', 'in', chunk)
      .orderBy('whiteboard_items.session_id')
      .orderBy('whiteboard_items.position')
      .orderBy('whiteboard_items.id')
      .execute(),
  );
  const movements = await movementsById(db, rows.flatMap((r) => (r.movement_id === null ? [] : [r.movement_id])));
  for (const row of rows) {
    const list = result.get(row.session_id) ?? [];
    list.push({ id: row.item_id, position: row.position, definition: toDefinition(row, movements) });
    result.set(row.session_id, list);
  }
  return result;
}

export async function reactionSummaries(db: Db, workoutIds: readonly number[], viewer: number): Promise<Map<number, ReactionSummary>> {
  const summaries = new Map<number, ReactionSummary>(workoutIds.map((id) => [id, { count: 0, mine: null }]));
  if (workoutIds.length === 0) return summaries;
  const rows = await inChunks([...new Set(workoutIds)], (chunk) =>
    db.selectFrom('workout_reactions').select(['id', 'workout_id', 'profile_id']).where('workout_id', 'in', chunk).execute(),
  );
  for (const row of rows) {
    const summary = summaries.get(row.workout_id);
    if (!summary) continue;
    summary.count += 1;
    if (row.profile_id === viewer) summary.mine = row.id;
  }
  return summaries;
}

export function parseSets(text: string | null): LiftSet[] {
  return parseJsonArray(text) as LiftSet[];
}

export function toWorkout(row: WorkoutRow, movements: ReadonlyMap<number, Movement>, reactions: ReactionSummary): Workout {
  const base = {
    id: row.id,
    name: row.name,
    completed_at: row.completed_at,
    notes: row.notes,
    session_id: row.session_id,
    workout_definition_id: row.workout_definition_id,
    reactions,
    created_at: row.created_at,
    updated_at: row.updated_at,
    import_key: row.import_key,
  };
  if (row.type === 'lift') {
    const movement = movements.get(row.movement_id ?? 0) ?? { id: row.movement_id ?? 0, name: '', properties: [] };
    return {
      ...base,
      type: 'lift',
      movement,
      rep_scheme: row.rep_scheme ?? '',
      sets: parseSets(row.sets),
      load: row.load_value === null || row.load_units === null ? null : { value: row.load_value, units: row.load_units },
    };
  }
  return {
    ...base,
    type: 'wod',
    scoring: row.scoring ?? 'none',
    score_time: row.score_time,
    score_rounds: row.score_rounds,
    score_repetitions: row.score_repetitions,
    score_distance: row.score_distance,
    score_load: row.score_load,
    score_load_units: row.score_load_units,
    score_calories: row.score_calories,
    score_tabata: row.score_tabata,
    score_total: row.score_total,
    as_prescribed: row.as_prescribed === 1,
  };
}

/** Rows in the order given, with their movements and reaction summaries as `viewer` sees them. */
export async function presentWorkouts(db: Db, rows: readonly WorkoutRow[], viewer: number): Promise<Workout[]> {
  if (rows.length === 0) return [];
  const movements = await movementsById(db, rows.flatMap((r) => (r.movement_id === null ? [] : [r.movement_id])));
  const reactions = await reactionSummaries(db, rows.map((r) => r.id), viewer);
  return rows.map((row) => toWorkout(row, movements, reactions.get(row.id) ?? { count: 0, mine: null }));
}
