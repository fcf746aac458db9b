// Replay of the training log's queued writes: what each op sends, and how its answer (or the
// server's refusal) settles the rows and the entries still queued about the same workout.
//
// The service worker imports this module: no window or document here.
import { classifyError } from '../../domain/outbox';
import { facilityScope } from '../../data/api/client';
import type { WriteOptions } from "../../data/api/account";
import { ApiError } from '../../data/api/errors';
import { createWorkout, deleteWorkout as sendDelete, reactToWorkout, removeWorkoutReaction, updateWorkout } from './api';
import type { Workout, WorkoutReaction, WorkoutUpdate } from '../../../core/contract/types';
import { db, type OutboxEntry, type StoredWorkout } from '../../data/db';
import { enqueue, registerOp, type OpContext } from '../../data/sync/outbox';
import { markTrainingStale, pullWorkouts, toStoredWorkout, workoutKey } from './pull';
import { inTransaction } from '../../data/transaction';
import { rollbackFieldPatch } from '../../data/sync/field-patch';
import {
  applyChanges, argsOf, changeReactions, differences, editableOf, laterFor, movementFor, previousOf, WORKOUT_OPS, type Fields,
  type WorkoutArgsBase, type WorkoutCreateArgs, type WorkoutDeleteArgs, type WorkoutReactionArgs, type WorkoutUpdateArgs,
} from './rows';

function writeOptions(args: WorkoutArgsBase, idempotencyKey?: string): WriteOptions {
  return { ...(idempotencyKey && { idempotencyKey }), scope: facilityScope(args.facilityGuid) };
}

/** Rewritten to the real id when the create succeeds; still negative means the create was refused. */
function notMade(): Promise<never> {
  return Promise.reject(new ApiError(409, { code: 'workout_not_saved', message: 'This change was not sent: the workout it was for could not be saved.' }));
}

function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

async function sendCreate(args: WorkoutCreateArgs, idempotencyKey: string): Promise<Workout> {
  if (!args.sentInput) return createWorkout(args.input, writeOptions(args, idempotencyKey));
  const created = await createWorkout(args.sentInput, writeOptions(args, idempotencyKey));
  const changes = differences(editableOf(args.sentInput, created.type), editableOf(args.input, created.type));
  if (Object.keys(changes).length === 0) return created;
  try {
    // Absolute values: sending them twice does no harm, and a key would forbid a later merge.
    return await updateWorkout(created.id, changes as WorkoutUpdate, writeOptions(args));
  } catch (error) {
    if (!(error instanceof ApiError) || classifyError(error) !== 'reject') throw error;
    // The workout was saved without the edits the server refused: the member is told why.
    await db.notices.add({ op: WORKOUT_OPS.update, message: error.body.message || error.message, createdAt: Date.now() });
    return created;
  }
}

/** Rewrite later entries from the temporary id to the real one. */
async function resolveLater(later: OutboxEntry[], temp: number, real: number): Promise<void> {
  for (const entry of later) {
    const touches = entry.touches.map((key) => (key === workoutKey(temp) ? workoutKey(real) : key));
    await db.outbox.update(entry.seq!, { args: { ...entry.args, workoutId: real }, touches });
  }
}

/** The server's row with the edits still queued behind it laid on top, so they stay visible. */
async function withLaterEdits(row: StoredWorkout, later: OutboxEntry[]): Promise<StoredWorkout> {
  let next = row;
  for (const entry of later) {
    if (entry.op !== WORKOUT_OPS.update) continue;
    const { changes } = argsOf<WorkoutUpdateArgs>(entry);
    next = applyChanges(next, changes, await movementFor(changes));
  }
  return next;
}

async function createSucceeded(workout: Workout, args: WorkoutCreateArgs, context: OpContext): Promise<void> {
  const temp = args.workoutId;
  const later = await laterFor(context, temp);
  const local = await db.workouts.get(temp);
  await inTransaction(resolveLater(later, temp, workout.id));
  await db.workoutAliases.put({ temp, id: workout.id });
  await db.workouts.delete(temp);
  if (later.some((entry) => entry.op === WORKOUT_OPS.delete)) return;
  const server = toStoredWorkout(workout, args.orgId);
  let next = await inTransaction(withLaterEdits(server, later));
  if (local && later.some((entry) => entry.op === WORKOUT_OPS.react || entry.op === WORKOUT_OPS.unreact)) next = { ...next, reactions: local.reactions };
  if (local) {
    // An edit merged into the entry after the flusher had read it did not go out: send it now.
    const covered = new Set(later.filter((entry) => entry.op === WORKOUT_OPS.update).flatMap((entry) => Object.keys(argsOf<WorkoutUpdateArgs>(entry).changes)));
    const missed = differences(editableOf(args.input, local.type), editableOf(local, local.type));
    for (const key of covered) delete missed[key];
    if (Object.keys(missed).length > 0) {
      const changes = missed as WorkoutUpdate;
      const update: WorkoutUpdateArgs = { workoutId: workout.id, orgId: args.orgId, facilityGuid: args.facilityGuid, changes, previous: previousOf(next, changes) };
      next = applyChanges(next, changes, await inTransaction(movementFor(changes)));
      await inTransaction(enqueue(WORKOUT_OPS.update, update, [workoutKey(workout.id)]));
    }
  }
  await db.workouts.put(next);
}

/** Entries about a workout that can no longer apply (it was never made, or is gone) are dropped with it. */
async function dropLater(later: OutboxEntry[]): Promise<void> {
  if (later.length > 0) await db.outbox.bulkDelete(later.map((entry) => entry.seq!));
}

async function createRejected(args: WorkoutCreateArgs, context: OpContext): Promise<void> {
  await db.workouts.delete(args.workoutId);
  await inTransaction(dropLater(await laterFor(context, args.workoutId)));
  await inTransaction(markTrainingStale(args.orgId, args.input.session_id ?? null));
}

async function updateSucceeded(workout: Workout, args: WorkoutUpdateArgs, context: OpContext): Promise<void> {
  const later = await laterFor(context, args.workoutId);
  if (later.some((entry) => entry.op === WORKOUT_OPS.delete)) return;
  const local = await db.workouts.get(args.workoutId);
  let next = await inTransaction(withLaterEdits(toStoredWorkout(workout, args.orgId), later));
  if (local && later.some((entry) => entry.op === WORKOUT_OPS.react || entry.op === WORKOUT_OPS.unreact)) next = { ...next, reactions: local.reactions };
  await db.workouts.put(next);
}

/** A lift's movement follows its movement_id; any later edit stamps a new updated_at. */
function setsWorkoutField(changes: Fields, key: string): boolean {
  if (key === 'updated_at') return true;
  return (key === 'movement' ? 'movement_id' : key) in changes;
}

/**
 * Restore what this edit replaced, except fields a later queued edit sets: that edit now replaces
 * the restored value instead, so its own undo must restore ours. A workout deleted elsewhere (404)
 * goes from the device with every entry queued about it.
 */
async function updateRejected(args: WorkoutUpdateArgs, error: ApiError, context: OpContext): Promise<void> {
  const later = await laterFor(context, args.workoutId);
  if (error.status === 404) {
    await db.workouts.delete(args.workoutId);
    await inTransaction(dropLater(later));
    return;
  }
  const edits = later.filter((entry) => entry.op === WORKOUT_OPS.update);
  const restore = await inTransaction(rollbackFieldPatch(args, edits, setsWorkoutField));
  const restored = (row: StoredWorkout) => applyChanges(row, restore as WorkoutUpdate, undefined, (restore.updated_at as string | undefined) ?? row.updated_at);
  const row = await db.workouts.get(args.workoutId);
  if (row) await db.workouts.put(restored(row));
  const deletion = later.find((entry) => entry.op === WORKOUT_OPS.delete);
  if (deletion) {
    const deletionArgs = argsOf<WorkoutDeleteArgs>(deletion);
    await db.outbox.update(deletion.seq!, { args: { ...deletionArgs, before: restored(deletionArgs.before) } });
  }
  await inTransaction(markTrainingStale(args.orgId, null));
}

async function deleteRejected(args: WorkoutDeleteArgs): Promise<void> {
  if (!(await db.workouts.get(args.workoutId))) await db.workouts.put(args.before);
  await inTransaction(markTrainingStale(args.orgId, args.before.session_id));
}

async function reactSucceeded(reaction: WorkoutReaction, args: WorkoutReactionArgs, context: OpContext): Promise<void> {
  await inTransaction(changeReactions(args.workoutId, args.sessionId, (r) => (r.mine === args.reactionId ? { ...r, mine: reaction.id } : r)));
  for (const entry of await laterFor(context, args.workoutId)) {
    if (entry.op === WORKOUT_OPS.unreact && argsOf<WorkoutReactionArgs>(entry).reactionId === args.reactionId) {
      await db.outbox.update(entry.seq!, { args: { ...entry.args, reactionId: reaction.id } });
    }
  }
}

/** Undo the like; a take-back queued behind it goes too (together they changed nothing). */
async function reactRejected(args: WorkoutReactionArgs, context: OpContext): Promise<void> {
  const takeBack = (await laterFor(context, args.workoutId)).find(
    (entry) => entry.op === WORKOUT_OPS.unreact && argsOf<WorkoutReactionArgs>(entry).reactionId === args.reactionId,
  );
  if (takeBack) {
    await db.outbox.delete(takeBack.seq!);
    return;
  }
  await inTransaction(changeReactions(args.workoutId, args.sessionId, (r) => (r.mine === args.reactionId ? { count: Math.max(0, r.count - 1), mine: null } : r)));
}

async function unreactRejected(args: WorkoutReactionArgs): Promise<void> {
  await inTransaction(changeReactions(args.workoutId, args.sessionId, (r) => (r.mine === null ? { count: r.count + 1, mine: args.reactionId } : r)));
}

// A refused edit or delete says the device's copy of the workout is out of date: fetch the log.
const refreshLog = () => pullWorkouts({ force: true });

export function registerTrainingOps(): void {
  registerOp<WorkoutCreateArgs, Workout>(WORKOUT_OPS.create, {
    send: sendCreate,
    // Later entries about the workout get its real id.
    rewritesLater: true,
    rewrites: (args) => [workoutKey(args.workoutId)],
    onSuccess: (workout, args, context) => inTransaction(createSucceeded(workout, args, context)),
    onRejected: (args, _error, context) => inTransaction(createRejected(args, context)),
  });
  registerOp<WorkoutUpdateArgs, Workout>(WORKOUT_OPS.update, {
    send: (args, key) => (args.workoutId < 0 ? notMade() : updateWorkout(args.workoutId, args.changes, writeOptions(args, key))),
    onSuccess: (workout, args, context) => inTransaction(updateSucceeded(workout, args, context)),
    onRejected: (args, error, context) => inTransaction(updateRejected(args, error, context)),
    refresh: refreshLog,
  });
  registerOp<WorkoutDeleteArgs, void>(WORKOUT_OPS.delete, {
    // Deleted elsewhere already: that is what the member wanted.
    send: (args, key) => (args.workoutId < 0 ? notMade() : sendDelete(args.workoutId, writeOptions(args, key)).catch((error: unknown) => {
      if (!isNotFound(error)) throw error;
    })),
    onRejected: (args) => inTransaction(deleteRejected(args)),
    refresh: refreshLog,
  });
  registerOp<WorkoutReactionArgs, WorkoutReaction>(WORKOUT_OPS.react, {
    send: (args, key) => (args.workoutId < 0 ? notMade() : reactToWorkout(args.workoutId, writeOptions(args, key))),
    // A take-back queued behind the like gets the like's real id.
    rewritesLater: true,
    rewrites: (args) => [workoutKey(args.workoutId)],
    onSuccess: (reaction, args, context) => inTransaction(reactSucceeded(reaction, args, context)),
    onRejected: (args, _error, context) => inTransaction(reactRejected(args, context)),
  });
  registerOp<WorkoutReactionArgs, void>(WORKOUT_OPS.unreact, {
    send: (args, key) => (args.reactionId < 0 ? notMade() : removeWorkoutReaction(args.reactionId, writeOptions(args, key)).catch((error: unknown) => {
      if (!isNotFound(error)) throw error;
    })),
    onRejected: (args) => inTransaction(unreactRejected(args)),
  });
}
