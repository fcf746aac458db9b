// Training log intents: log, edit and delete a workout, like a result on a class leaderboard.
// Each writes the optimistic row and its outbox entry in ONE transaction, so it works offline and
// survives reloads; training-replay.ts sends them.
//
// Temporary ids: a workout logged on the device gets a unique negative id. Every later entry
// about it stores that id in args.workoutId (and its `workouts:{id}` touch); when the create
// succeeds the replay rewrites them to the real id and files an alias temp → real, so a screen
// still holding the temporary id finds the synced row.
//
// Edits of a workout whose create has never been tried are merged into that entry's input: one
// POST carries the final values. Once a PUT waits behind the create (an edit made while it was
// being sent), later edits queue behind that PUT, so they are never applied before it. Once a create was tried it may have reached the server under
// its Idempotency-Key, and a replay with another body would be refused; the body first tried is
// kept (sentInput) and the merged values follow in a PUT within the same entry.
//
// The service worker imports this module: no window or document here.
import { invalidWorkoutTypeMessage, isWorkoutType } from '../../../core/rules/training/index';
import type { WorkoutInput, WorkoutUpdate } from '../../../core/contract/types';
import { db, type OutboxEntry, type StoredWorkout } from '../../data/db';
import { commandTransaction, enqueue } from '../../data/sync/outbox';
import { canonicalIso, leaderboardKey, workoutKey } from './pull';
import { recountPending } from '../../data/sync/status';
import { inTransaction, newTempId } from '../../data/transaction';
import { LocalRefusal } from '../../../core/errors';
import {
  applyChanges, argsOf, changeReactions, cleanChanges, differences, draftRow, editableOf, facilityOfOrg, findMovement, findWorkout, movementFor,
  previousOf, queuedFor, reactionsOf, signedIn, TABLES, untried, WORKOUT_OPS, type Fields, type WorkoutCreateArgs, type WorkoutDeleteArgs,
  type WorkoutReactionArgs, type WorkoutUpdateArgs,
} from './rows';

export { registerTrainingOps } from './replay';
export {
  WORKOUT_OPS, type WorkoutCreateArgs, type WorkoutUpdateArgs, type WorkoutDeleteArgs, type WorkoutReactionArgs,
} from './rows';

/** The facility a change is sent for: the one its queued create names, else one of the workout's organisation. */
async function facilityFor(row: StoredWorkout, create: OutboxEntry | undefined, auth: Awaited<ReturnType<typeof signedIn>>): Promise<string> {
  return create ? argsOf<WorkoutCreateArgs>(create).facilityGuid : facilityOfOrg(row.org_id, auth);
}

/** Log a workout. Returns its local id: negative until the server has answered. */
export async function logWorkout(input: WorkoutInput): Promise<number> {
  const type: unknown = input.type;
  if (!isWorkoutType(type)) throw new LocalRefusal('invalid_workout_type', invalidWorkoutTypeMessage(type));
  const clean = { ...input, completed_at: canonicalIso(input.completed_at) } as WorkoutInput;
  return commandTransaction(TABLES(), async () => {
    const auth = await inTransaction(signedIn());
    const movement = clean.type === 'lift' ? await inTransaction(findMovement(clean.movement_id)) : undefined;
    const id = newTempId();
    await db.workouts.add(draftRow(id, clean, auth.accountOrgId, movement, new Date().toISOString()));
    const args: WorkoutCreateArgs = { workoutId: id, orgId: auth.accountOrgId, facilityGuid: auth.facilityGuid, input: clean };
    await inTransaction(enqueue(WORKOUT_OPS.create, args, [workoutKey(id)]));
    return id;
  });
}

/**
 * Workouts read from a file, each with its import_key: one outbox create each, in one
 * transaction. A key the device already holds (imported here, or pulled from another device's
 * import) is skipped; the server answers a key it already has with that workout, so replays and
 * other devices add nothing either.
 */
export async function importWorkouts(inputs: readonly (WorkoutInput & { import_key: string })[]): Promise<{ added: number; skipped: number }> {
  return commandTransaction(TABLES(), async () => {
    const auth = await inTransaction(signedIn());
    const held = new Set<string>();
    await db.workouts.where('org_id').equals(auth.accountOrgId).each((row) => {
      if (row.import_key) held.add(row.import_key);
    });
    const now = new Date().toISOString();
    let added = 0;
    for (const input of inputs) {
      if (held.has(input.import_key)) continue;
      held.add(input.import_key);
      const clean = { ...input, completed_at: canonicalIso(input.completed_at) } as WorkoutInput;
      const movement = clean.type === 'lift' ? await inTransaction(findMovement(clean.movement_id)) : undefined;
      const id = newTempId();
      await db.workouts.add(draftRow(id, clean, auth.accountOrgId, movement, now));
      const args: WorkoutCreateArgs = { workoutId: id, orgId: auth.accountOrgId, facilityGuid: auth.facilityGuid, input: clean };
      await inTransaction(enqueue(WORKOUT_OPS.create, args, [workoutKey(id)]));
      added += 1;
    }
    return { added, skipped: inputs.length - added };
  });
}

/** Change a workout: merged into its create while that has not been tried, else a PUT of the changes. */
export async function editWorkout(id: number, changes: WorkoutUpdate): Promise<void> {
  await commandTransaction(TABLES(), async () => {
    const auth = await inTransaction(signedIn());
    const row = await inTransaction(findWorkout(id));
    if (!row) throw new LocalRefusal('not_found', `Workout ${id} not found`);
    // Only what really changes: a form sends every field back.
    const clean = differences(editableOf(row, row.type), cleanChanges(changes, row.type) as Fields) as WorkoutUpdate;
    if (Object.keys(clean).length === 0) return;
    const movement = await inTransaction(movementFor(clean));
    if (row.type === 'lift' && 'movement_id' in clean && !movement) throw new LocalRefusal('invalid_movement', `Unknown movement ${String((clean as Fields).movement_id)}`);
    const next = applyChanges(row, clean, movement, new Date().toISOString());
    const queued = await inTransaction(queuedFor(row.id));
    const create = queued.find((entry) => entry.op === WORKOUT_OPS.create);
    // Merged into the create only while no edit waits behind it: the merged values go out first,
    // so that edit would then be applied last and win over this newer one.
    const editBehind = queued.some((entry) => entry.op === WORKOUT_OPS.update);
    if (create?.status === 'pending' && !editBehind) {
      const args = argsOf<WorkoutCreateArgs>(create);
      const merged: WorkoutCreateArgs = {
        ...args,
        input: { ...args.input, ...clean } as WorkoutInput,
        ...(!untried(create) && { sentInput: args.sentInput ?? args.input }),
      };
      await db.outbox.update(create.seq!, { args: merged as unknown as Fields });
      await db.workouts.put(next);
      return;
    }
    const args: WorkoutUpdateArgs = {
      workoutId: row.id,
      orgId: row.org_id,
      facilityGuid: await inTransaction(facilityFor(row, create, auth)),
      changes: clean,
      previous: previousOf(row, clean),
    };
    await db.workouts.put(next);
    await inTransaction(enqueue(WORKOUT_OPS.update, args, [workoutKey(row.id)]));
  });
}

/** Delete a workout. One never sent is simply forgotten; nothing reaches the server. */
export async function deleteWorkout(id: number): Promise<void> {
  await commandTransaction(TABLES(), async () => {
    const auth = await inTransaction(signedIn());
    const row = await inTransaction(findWorkout(id));
    if (!row) return;
    const queued = await inTransaction(queuedFor(row.id));
    const create = queued.find((entry) => entry.op === WORKOUT_OPS.create);
    await db.workouts.delete(row.id);
    if (create && untried(create)) {
      await db.outbox.bulkDelete(queued.map((entry) => entry.seq!));
      await inTransaction(recountPending());
      return;
    }
    const args: WorkoutDeleteArgs = {
      workoutId: row.id,
      orgId: row.org_id,
      facilityGuid: await inTransaction(facilityFor(row, create, auth)),
      before: row,
    };
    await inTransaction(enqueue(WORKOUT_OPS.delete, args, [workoutKey(row.id)]));
  });
}

const reactionTouches = (workoutId: number, sessionId: number) => [workoutKey(workoutId), leaderboardKey(sessionId)];

/** Like a result on a class leaderboard, or take the like back. */
export async function toggleWorkoutReaction(workoutId: number, sessionId: number): Promise<void> {
  await commandTransaction(TABLES(), async () => {
    const auth = await inTransaction(signedIn());
    const id = (await inTransaction(findWorkout(workoutId)))?.id ?? workoutId;
    const reactions = await inTransaction(reactionsOf(id, sessionId));
    if (!reactions) throw new LocalRefusal('not_found', `Workout ${workoutId} not found`);
    const facilityGuid = (await db.sessions.get(sessionId))?.facility_guid ?? auth.facilityGuid;
    if (reactions.mine === null) {
      const reactionId = newTempId();
      await inTransaction(changeReactions(id, sessionId, (r) => ({ count: r.count + 1, mine: reactionId })));
      const args: WorkoutReactionArgs = { workoutId: id, sessionId, facilityGuid, reactionId };
      await inTransaction(enqueue(WORKOUT_OPS.react, args, reactionTouches(id, sessionId)));
      return;
    }
    const mine = reactions.mine;
    await inTransaction(changeReactions(id, sessionId, (r) => ({ count: Math.max(0, r.count - 1), mine: null })));
    const react = (await inTransaction(queuedFor(id))).find((entry) => entry.op === WORKOUT_OPS.react && argsOf<WorkoutReactionArgs>(entry).reactionId === mine);
    if (react && untried(react)) {
      await db.outbox.delete(react.seq!);
      await inTransaction(recountPending());
      return;
    }
    const args: WorkoutReactionArgs = { workoutId: id, sessionId, facilityGuid, reactionId: mine };
    await inTransaction(enqueue(WORKOUT_OPS.unreact, args, reactionTouches(id, sessionId)));
  });
}
