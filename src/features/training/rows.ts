// The training log's rows and queued entries, shared by the commands (training.ts) and their
// replay (training-replay.ts): which fields a member edits, the optimistic row of a new workout,
// edits laid on a row, and the entries queued about one workout.
//
// The service worker imports this module: no window or document here.
import { liftLoad, workoutUpdatePayload } from '../../../core/rules/training/index';
import type { Movement, ReactionSummary, Workout, WorkoutInput, WorkoutType, WorkoutUpdate } from '../../../core/contract/types';
import { db, type AuthState, type OutboxEntry, type StoredWorkout } from '../../data/db';
import { getAuthState } from '../../data/sync/auth-row';
import type { OpContext } from '../../data/sync/outbox';
import { previousValues, type Fields } from '../../data/sync/field-patch';
import { queuedTouching } from '../../data/sync/touches';
import { canonicalIso, workoutKey } from './pull';
import { LocalRefusal } from '../../../core/errors';

export const WORKOUT_OPS = {
  create: 'workout.create',
  update: 'workout.update',
  delete: 'workout.delete',
  react: 'workout.react',
  unreact: 'workout.unreact',
} as const;

const OP_NAMES = new Set<string>(Object.values(WORKOUT_OPS));

export interface WorkoutArgsBase {
  /** The workout acted on; temporary (negative) until its create has succeeded. */
  workoutId: number;
  /** The write is sent in this facility's scope (the workout's organisation), whatever is selected at replay. */
  facilityGuid: string;
}

export interface WorkoutCreateArgs extends WorkoutArgsBase {
  orgId: number;
  input: WorkoutInput;
  /** The body an earlier attempt sent, when edits were merged after it: sent again, then a PUT. */
  sentInput?: WorkoutInput;
}

export interface WorkoutUpdateArgs extends WorkoutArgsBase {
  orgId: number;
  changes: WorkoutUpdate;
  /** The values the changed fields (and what derives from them) had before, to undo a refusal. */
  previous: Fields;
}

export interface WorkoutDeleteArgs extends WorkoutArgsBase {
  orgId: number;
  /** The row as it was, restored when the server refuses. */
  before: StoredWorkout;
}

export interface WorkoutReactionArgs extends WorkoutArgsBase {
  sessionId: number;
  /** react: the temporary id standing for the reaction until the server answers; unreact: the one removed. */
  reactionId: number;
}

export type { Fields } from '../../data/sync/field-patch';

const COMMON_FIELDS = ['name', 'completed_at', 'notes'] as const;
const WOD_FIELDS = [
  'scoring', 'score_time', 'score_rounds', 'score_repetitions', 'score_distance', 'score_load', 'score_load_units', 'score_calories', 'score_tabata',
  'score_total', 'as_prescribed',
] as const;
const LIFT_FIELDS = ['movement_id', 'rep_scheme', 'sets'] as const;
const FIELD_DEFAULTS: Fields = { as_prescribed: false };

/** What a member can change on a workout of this type (never id, type, session or definition; see docs/rules.md#training). */
function editableFields(type: WorkoutType): readonly string[] {
  return type === 'lift' ? [...COMMON_FIELDS, ...LIFT_FIELDS] : [...COMMON_FIELDS, ...WOD_FIELDS];
}

/** The editable fields of a row or an input, absent ones at their defaults. */
export function editableOf(source: object, type: WorkoutType): Fields {
  const values = source as Fields;
  const out: Fields = {};
  for (const key of editableFields(type)) out[key] = values[key] ?? FIELD_DEFAULTS[key] ?? null;
  return out;
}

/** The fields of `next` that differ from `base`. */
export function differences(base: Fields, next: Fields): Fields {
  const out: Fields = {};
  for (const [key, value] of Object.entries(next)) {
    if (JSON.stringify(value) !== JSON.stringify(base[key])) out[key] = value;
  }
  return out;
}

/** Only what this type of workout can change, with completed_at in the stored form. */
export function cleanChanges(changes: WorkoutUpdate, type: WorkoutType): WorkoutUpdate {
  const payload = workoutUpdatePayload(changes as Fields) as Fields;
  const out: Fields = {};
  for (const key of editableFields(type)) {
    if (payload[key] === undefined) continue;
    out[key] = key === 'completed_at' ? canonicalIso(String(payload[key])) : payload[key];
  }
  return out as WorkoutUpdate;
}

export const TABLES = () => [db.workouts, db.movements, db.workoutAliases, db.leaderboards, db.sessions, db.profiles];

export async function signedIn(): Promise<AuthState & { accountOrgId: number; facilityGuid: string }> {
  const auth = await getAuthState();
  if (auth.status !== 'authenticated' || auth.accountOrgId === null || !auth.facilityGuid) throw new LocalRefusal('signed_out');
  return auth as AuthState & { accountOrgId: number; facilityGuid: string };
}

/** A facility of the workout's organisation: the selected one when it belongs there. */
export async function facilityOfOrg(orgId: number, auth: AuthState & { facilityGuid: string }): Promise<string> {
  if (auth.accountOrgId === orgId) return auth.facilityGuid;
  const profile = auth.profileId === null ? undefined : await db.profiles.get(auth.profileId);
  return profile?.accounts.find((account) => account.org.id === orgId)?.facilities[0]?.guid ?? auth.facilityGuid;
}

/** The row behind an id, following the alias of a temporary id whose create has synced. */
export async function findWorkout(id: number): Promise<StoredWorkout | undefined> {
  const row = await db.workouts.get(id);
  if (row || id >= 0) return row;
  const alias = await db.workoutAliases.get(id);
  return alias ? db.workouts.get(alias.id) : undefined;
}

/** From the catalogue, else from a lift that used it (the catalogue may not be on the device yet). */
export async function findMovement(id: number): Promise<Movement | undefined> {
  const movement = await db.movements.get(id);
  if (movement) return movement;
  const lift = await db.workouts.filter((row) => row.movement_id === id).first();
  return lift?.type === 'lift' ? lift.movement : undefined;
}

/** `row` with `changes` applied; a lift's movement and load follow its movement_id and sets. */
export function applyChanges(row: StoredWorkout, changes: WorkoutUpdate, movement: Movement | undefined, updatedAt = row.updated_at): StoredWorkout {
  const next = { ...row, ...(changes as Fields), updated_at: updatedAt } as StoredWorkout;
  if (next.type !== 'lift') return next;
  if (next.movement_id !== next.movement.id && movement?.id === next.movement_id) next.movement = movement;
  if ('sets' in changes || 'movement_id' in changes) next.load = liftLoad(next.sets, next.movement);
  return next;
}

export async function movementFor(changes: WorkoutUpdate): Promise<Movement | undefined> {
  const id = (changes as Fields).movement_id;
  return typeof id === 'number' ? findMovement(id) : undefined;
}

/** The row a member's new workout shows until the server answers. */
export function draftRow(id: number, input: WorkoutInput, orgId: number, movement: Movement | undefined, now: string): StoredWorkout {
  const base = {
    id,
    session_id: input.session_id ?? null,
    workout_definition_id: input.workout_definition_id ?? null,
    reactions: { count: 0, mine: null },
    created_at: now,
    updated_at: now,
    org_id: orgId,
    import_key: input.import_key ?? null,
  };
  if (input.type === 'lift') {
    if (!movement) throw new LocalRefusal('invalid_movement', `Unknown movement ${input.movement_id}`);
    const fields = editableOf(input, 'lift');
    const sets = input.sets;
    return { ...base, ...fields, type: 'lift', movement, sets, load: liftLoad(sets, movement) } as StoredWorkout;
  }
  return { ...base, ...editableOf(input, 'wod'), type: 'wod', movement_id: null } as StoredWorkout;
}

function isWorkoutEntry(entry: OutboxEntry): boolean {
  return OP_NAMES.has(entry.op);
}

export function argsOf<Args extends WorkoutArgsBase>(entry: OutboxEntry): Args {
  return entry.args as unknown as Args;
}

const aboutWorkout = (workoutId: number) => (entry: OutboxEntry) => isWorkoutEntry(entry) && argsOf(entry).workoutId === workoutId;

/** Entries still queued about this workout behind the one being settled, FIFO. */
export function laterFor(context: OpContext, workoutId: number): Promise<OutboxEntry[]> {
  // A Dexie promise chain, not an async function: the caller's transaction follows it.
  return context.laterTouching(workoutKey(workoutId)).then((entries) => entries.filter(aboutWorkout(workoutId)));
}

/** Every entry queued about this workout, FIFO, off the touches index. */
export async function queuedFor(workoutId: number): Promise<OutboxEntry[]> {
  return (await queuedTouching(workoutKey(workoutId))).filter(aboutWorkout(workoutId));
}

/** A queued entry nobody has tried to send: its body can still change. */
export function untried(entry: OutboxEntry): boolean {
  return entry.status === 'pending' && entry.attempts === 0 && !entry.lastError;
}

/** The row's values of the changed fields, plus what derives from them, to restore on refusal. */
export function previousOf(row: StoredWorkout, changes: WorkoutUpdate): Fields {
  const previous: Fields = { updated_at: row.updated_at, ...previousValues(row, changes) };
  if (row.type === 'lift' && 'movement_id' in changes) previous.movement = row.movement;
  return previous;
}

/** The reactions of a workout as the device shows them: the member's own row, else the class's board. */
export async function reactionsOf(workoutId: number, sessionId: number): Promise<ReactionSummary | undefined> {
  const own = await db.workouts.get(workoutId);
  if (own) return own.reactions;
  const board = await db.leaderboards.get(sessionId);
  for (const { entries } of board?.boards ?? []) {
    const entry = entries.find((candidate) => candidate.workout_id === workoutId);
    if (entry) return entry.workout.reactions;
  }
  return undefined;
}

/** Change a workout's reactions wherever the device shows them: the own row and the class's board. */
export async function changeReactions(workoutId: number, sessionId: number, change: (reactions: ReactionSummary) => ReactionSummary): Promise<void> {
  const own = await db.workouts.get(workoutId);
  if (own) await db.workouts.put({ ...own, reactions: change(own.reactions) });
  const board = await db.leaderboards.get(sessionId);
  if (!board) return;
  let changed = false;
  const boards = board.boards.map((item) => ({
    ...item,
    entries: item.entries.map((entry) => {
      if (entry.workout_id !== workoutId) return entry;
      changed = true;
      return { ...entry, workout: { ...entry.workout, reactions: change(entry.workout.reactions) } as Workout };
    }),
  }));
  if (changed) await db.leaderboards.put({ ...board, boards });
}
