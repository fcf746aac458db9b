// Training commands against a programmable fake API: optimistic rows, outbox entries, merging of
// edits into an unsent create, temporary ids resolved with an alias, rollback with a notice, and
// reactions on a class board.
import { beforeEach, describe, expect, it } from 'vitest';
import type { WorkoutInput } from '../../../core/contract/types';
import { deleteWorkout, editWorkout, importWorkouts, logWorkout, toggleWorkoutReaction } from "./commands";
import { registerCommandOps } from "../ops";
import { WORKOUT_OPS, type WorkoutCreateArgs } from "./rows";
import { db, MemberDb } from '../../data/db';
import { pendingTouches } from '../../data/sync/outbox';
import { flushOutbox } from '../../data/sync/replay';
import { getStatus } from '../../data/sync/status';
import { makeProfile, resetDb, signedInLocally, signedOutLocally, withFakeApi } from '../../../tests/support/data-helpers';
import { BACK_SQUAT, board, entry, liftInput, MOVEMENTS, squatSets, TrainingServer, wod, wodInput } from '../../../tests/support/training-fixtures';

const fake = withFakeApi();
let server: TrainingServer;

const writes = () => fake.api.requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`);
const refusal = { status: 422, body: { message: 'score_time (seconds) must be at most 86400.', code: 'validation_failed' } };

registerCommandOps();

beforeEach(async () => {
  server = new TrainingServer();
  fake.api.handle(server.handle);
  await resetDb();
  await signedInLocally(makeProfile(1));
  await db.movements.bulkPut(MOVEMENTS);
});

async function logSynced(input: WorkoutInput = wodInput()): Promise<number> {
  const temp = await logWorkout(input);
  await flushOutbox();
  return (await db.workoutAliases.get(temp))!.id;
}

describe('logWorkout', () => {
  it('saves a full row at once with a temporary id and one outbox entry that survives a reload', async () => {
    const id = await logWorkout(liftInput());
    expect(id).toBeLessThan(0);
    const row = await db.workouts.get(id);
    expect(row).toMatchObject({
      id, type: 'lift', org_id: 1, movement_id: BACK_SQUAT.id, movement: BACK_SQUAT, rep_scheme: '3x5', notes: null, session_id: null,
      workout_definition_id: null, reactions: { count: 0, mine: null }, load: { value: 1650, units: 'kilograms' },
    });
    expect(row!.created_at).toBe(row!.updated_at);
    const [queued] = await db.outbox.toArray();
    expect(queued).toMatchObject({ op: WORKOUT_OPS.create, status: 'pending', touches: [`workouts:${id}`], args: { workoutId: id, orgId: 1, facilityGuid: 'fac-1', input: liftInput() } });
    expect((await getStatus()).pending).toBe(1);

    // Like a reload: another connection to the same database still has both.
    const reopened = new MemberDb();
    await reopened.open();
    expect(await reopened.outbox.count()).toBe(1);
    expect(await reopened.workouts.get(id)).toMatchObject({ id, name: 'Back squat' });
    reopened.close();

    expect(await flushOutbox()).toMatchObject({ outcome: 'idle', sent: 1 });
    expect(writes()).toEqual(['POST /workouts']);
    expect(fake.api.requests[0]!.body).toEqual({ workout: liftInput() });
    expect(fake.api.requests[0]!.headers['idempotency-key']).toBe(queued!.id);
    expect(fake.api.requests[0]!.headers['x-facility-id']).toBe('fac-1');
    expect(await db.workouts.get(id)).toBeUndefined();
    expect(await db.workoutAliases.get(id)).toEqual({ temp: id, id: 500 });
    expect(await db.workouts.get(500)).toMatchObject({ id: 500, org_id: 1, movement_id: BACK_SQUAT.id, load: { value: 1650, units: 'kilograms' } });
    expect(server.workouts.size).toBe(1);
    expect(await db.outbox.count()).toBe(0);
  });

  it('refuses a type other than wod or lift, and refuses when signed out', async () => {
    await expect(logWorkout({ ...wodInput(), type: 'run' } as unknown as WorkoutInput)).rejects.toThrow('Type "run" is invalid for a workout record.');
    await signedOutLocally();
    await expect(logWorkout(wodInput())).rejects.toMatchObject({ code: 'signed_out' });
    expect(await db.outbox.count()).toBe(0);
    expect(await db.workouts.count()).toBe(0);
  });

  it('a refusal removes the row, drops what was queued about it and leaves the server message', async () => {
    server.refuse = refusal;
    const id = await logWorkout(wodInput({ score_time: 100_000 }));
    await toggleWorkoutReaction(id, 7).catch(() => undefined);
    expect(await flushOutbox()).toMatchObject({ rejected: 1 });
    expect(await db.workouts.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.notices.toArray()).toMatchObject([{ op: WORKOUT_OPS.create, message: 'score_time (seconds) must be at most 86400.' }]);
    expect((await getStatus()).pending).toBe(0);
  });
});

describe('editWorkout', () => {
  it('while the create is unsent, merges into it: one POST with the edited values, no PUT', async () => {
    const id = await logWorkout(wodInput());
    await editWorkout(id, { score_time: 280, notes: 'PR', id: 3, type: 'lift', session_id: 9 } as never);
    expect(await db.workouts.get(id)).toMatchObject({ score_time: 280, notes: 'PR', type: 'wod', session_id: null });
    expect(await db.outbox.count()).toBe(1);
    expect(((await db.outbox.toArray())[0]!.args as unknown as WorkoutCreateArgs).input).toEqual({ ...wodInput(), score_time: 280, notes: 'PR' });
    await flushOutbox();
    expect(writes()).toEqual(['POST /workouts']);
    expect(server.workouts.get(500)).toMatchObject({ score_time: 280, notes: 'PR' });
    expect(await db.workouts.get(500)).toMatchObject({ score_time: 280, notes: 'PR' });
  });

  it('after sync, sends a PUT with only the changes (never id, type, session or definition)', async () => {
    const id = await logSynced(wodInput({ session_id: 7, workout_definition_id: 31 }));
    await editWorkout(id, { ...wod(id), score_time: 250, name: 'Fran (again)' });
    expect(await db.workouts.get(id)).toMatchObject({ score_time: 250, name: 'Fran (again)', session_id: 7 });
    expect(await pendingTouches()).toEqual(new Set([`workouts:${id}`]));
    await flushOutbox();
    const put = fake.api.requests.find((r) => r.method === 'PUT')!;
    expect(put.path).toBe(`/workouts/${id}`);
    const sent = (put.body as { workout: Record<string, unknown> }).workout;
    for (const key of ['id', 'type', 'session', 'session_id', 'definition', 'workout_definition_id', 'reactions', 'load', 'org_id']) expect(sent).not.toHaveProperty(key);
    expect(sent).toMatchObject({ score_time: 250, name: 'Fran (again)' });
    expect(server.workouts.get(id)).toMatchObject({ score_time: 250, name: 'Fran (again)', session_id: 7 });
  });

  it('a temporary id whose create has synced edits the real row', async () => {
    const temp = await logWorkout(wodInput());
    await flushOutbox();
    await editWorkout(temp, { notes: 'felt good' });
    expect(await db.workouts.get(500)).toMatchObject({ notes: 'felt good' });
    await flushOutbox();
    expect(writes()).toEqual(['POST /workouts', 'PUT /workouts/500']);
  });

  it('a lift edit follows the new sets and movement: load recomputed at once', async () => {
    const id = await logSynced(liftInput());
    await editWorkout(id, { sets: squatSets([140]) });
    expect(await db.workouts.get(id)).toMatchObject({ load: { value: 700, units: 'kilograms' } });
    await flushOutbox();
    expect(await db.workouts.get(id)).toMatchObject({ load: { value: 700, units: 'kilograms' }, sets: squatSets([140]) });
  });

  it('once a create was tried (it may have reached the server), the first body is sent again and the edit follows as a PUT', async () => {
    let busy = true;
    fake.api.handle((request) => (busy ? { status: 503, body: { message: 'Busy', code: 'unavailable' } } : server.handle(request)));
    const id = await logWorkout(wodInput());
    expect(await flushOutbox()).toMatchObject({ outcome: 'retry' });
    await editWorkout(id, { score_time: 270 });
    expect(await db.outbox.count()).toBe(1);
    busy = false;
    await flushOutbox({ ignoreBackoff: true });
    const posts = fake.api.requests.filter((r) => r.method === 'POST');
    expect(posts.map((r) => r.body)).toEqual([{ workout: wodInput() }, { workout: wodInput() }]);
    expect(posts[0]!.headers['idempotency-key']).toBe(posts[1]!.headers['idempotency-key']);
    expect(writes()).toEqual(['POST /workouts', 'POST /workouts', 'PUT /workouts/500']);
    expect(server.workouts.get(500)).toMatchObject({ score_time: 270 });
    expect(await db.workouts.get(500)).toMatchObject({ score_time: 270 });
    expect(await db.outbox.count()).toBe(0);
  });

  it('an edit the create did not carry (made while it was being sent) is sent right after it', async () => {
    const id = await logWorkout(wodInput());
    await db.workouts.update(id, { score_time: 260 } as never);
    await flushOutbox();
    expect(writes()).toEqual(['POST /workouts', 'PUT /workouts/500']);
    expect(server.workouts.get(500)).toMatchObject({ score_time: 260 });
    expect(await db.workouts.get(500)).toMatchObject({ score_time: 260 });
  });

  it('a refusal restores the previous values and leaves the notice', async () => {
    const id = await logSynced();
    const before = await db.workouts.get(id);
    server.refuse = refusal;
    await editWorkout(id, { score_time: 100_000, notes: 'typo' });
    expect(await db.workouts.get(id)).toMatchObject({ score_time: 100_000 });
    expect(await flushOutbox()).toMatchObject({ rejected: 1 });
    expect(await db.workouts.get(id)).toEqual(before);
    expect(await db.notices.toArray()).toMatchObject([{ op: WORKOUT_OPS.update, message: refusal.body.message }]);
  });

  it('a refused edit keeps what a later queued edit set', async () => {
    const id = await logSynced();
    let first = true;
    fake.api.handle((request) => {
      if (request.method === 'PUT' && first) {
        first = false;
        return refusal;
      }
      return server.handle(request);
    });
    await editWorkout(id, { score_time: 100_000, notes: 'one' });
    await editWorkout(id, { notes: 'two' });
    await flushOutbox();
    expect(await db.workouts.get(id)).toMatchObject({ score_time: 300, notes: 'two' });
    expect(server.workouts.get(id)).toMatchObject({ score_time: 300, notes: 'two' });
  });

  it('a 404 (deleted on another device) drops the row and tells the member', async () => {
    const id = await logSynced();
    server.workouts.delete(id);
    await editWorkout(id, { notes: 'late' });
    expect(await flushOutbox()).toMatchObject({ rejected: 1 });
    expect(await db.workouts.get(id)).toBeUndefined();
    expect(await db.notices.count()).toBe(1);
  });
});

describe('deleteWorkout', () => {
  it('of a workout never sent sends nothing at all', async () => {
    const id = await logWorkout(wodInput());
    await editWorkout(id, { notes: 'x' });
    await deleteWorkout(id);
    expect(await db.workouts.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
    expect((await getStatus()).pending).toBe(0);
    await flushOutbox();
    expect(fake.api.requests).toEqual([]);
  });

  it('of a synced workout removes the row at once and sends DELETE', async () => {
    const id = await logSynced();
    await deleteWorkout(id);
    expect(await db.workouts.get(id)).toBeUndefined();
    expect(await pendingTouches()).toEqual(new Set([`workouts:${id}`]));
    await flushOutbox();
    expect(writes()).toEqual(['POST /workouts', `DELETE /workouts/${id}`]);
    expect(server.workouts.size).toBe(0);
  });

  it('a refusal restores the row; a 404 counts as done without a notice', async () => {
    const id = await logSynced();
    const before = await db.workouts.get(id);
    server.refuse = { status: 403, body: { message: 'Not yours.', code: 'forbidden' } };
    await deleteWorkout(id);
    await flushOutbox();
    expect(await db.workouts.get(id)).toEqual(before);
    expect(await db.notices.count()).toBe(1);

    server.refuse = null;
    server.workouts.delete(id);
    await deleteWorkout(id);
    expect(await flushOutbox()).toMatchObject({ sent: 1, rejected: 0 });
    expect(await db.workouts.get(id)).toBeUndefined();
    expect(await db.notices.count()).toBe(1);
  });

  it('of a workout whose create is being retried waits for it and deletes the real id', async () => {
    let busy = true;
    fake.api.handle((request) => (busy ? { status: 503, body: { message: 'Busy', code: 'unavailable' } } : server.handle(request)));
    const id = await logWorkout(wodInput());
    await flushOutbox();
    await deleteWorkout(id);
    busy = false;
    await flushOutbox({ ignoreBackoff: true });
    expect(writes()).toEqual(['POST /workouts', 'POST /workouts', 'DELETE /workouts/500']);
    expect(server.workouts.size).toBe(0);
    expect(await db.workouts.count()).toBe(0);
  });
});

describe('toggleWorkoutReaction', () => {
  it('likes at once on the board, stores the server reaction id, and takes it back', async () => {
    await db.leaderboards.put(board(7, [entry(1, 42, wod(77, { reactions: { count: 2, mine: null } }))]));
    await toggleWorkoutReaction(77, 7);
    const liked = (await db.leaderboards.get(7))!.boards[0]!.entries[0]!.workout.reactions;
    expect(liked.count).toBe(3);
    expect(liked.mine).toBeLessThan(0);
    expect(await pendingTouches()).toEqual(new Set(['workouts:77', 'leaderboards:7']));
    await flushOutbox();
    expect((await db.leaderboards.get(7))!.boards[0]!.entries[0]!.workout.reactions).toEqual({ count: 3, mine: 900 });
    await toggleWorkoutReaction(77, 7);
    expect((await db.leaderboards.get(7))!.boards[0]!.entries[0]!.workout.reactions).toEqual({ count: 2, mine: null });
    await flushOutbox();
    expect(writes()).toEqual(['POST /workouts/77/reactions', 'DELETE /workout_reactions/900']);
    expect(fake.api.requests[0]!.body).toEqual({ reaction: { type: 'like' } });
  });

  it('a like taken back before it was sent sends nothing', async () => {
    await db.leaderboards.put(board(7, [entry(1, 42, wod(77))]));
    await toggleWorkoutReaction(77, 7);
    await toggleWorkoutReaction(77, 7);
    expect(await db.outbox.count()).toBe(0);
    await flushOutbox();
    expect(fake.api.requests).toEqual([]);
    expect((await db.leaderboards.get(7))!.boards[0]!.entries[0]!.workout.reactions).toEqual({ count: 0, mine: null });
  });

  it('a refused like is undone', async () => {
    await db.leaderboards.put(board(7, [entry(1, 42, wod(77, { reactions: { count: 1, mine: null } }))]));
    fake.api.handle(() => ({ status: 404, body: { message: 'The workout was not found.', code: 'not_found' } }));
    await toggleWorkoutReaction(77, 7);
    await flushOutbox();
    expect((await db.leaderboards.get(7))!.boards[0]!.entries[0]!.workout.reactions).toEqual({ count: 1, mine: null });
    expect(await db.notices.count()).toBe(1);
  });

  it("on the member's own workout changes the own row too", async () => {
    const id = await logSynced(wodInput({ session_id: 7, workout_definition_id: 31 }));
    await db.leaderboards.put(board(7, [entry(1, 10, server.workouts.get(id)!, true)]));
    await toggleWorkoutReaction(id, 7);
    expect((await db.workouts.get(id))!.reactions.count).toBe(1);
    await flushOutbox();
    expect((await db.workouts.get(id))!.reactions).toEqual({ count: 1, mine: 900 });
  });
});

describe('importWorkouts', () => {
  const key = (c: string) => c.repeat(64);

  it('queues one create per workout with its import_key, works offline, and skips keys the device holds', async () => {
    const first = await importWorkouts([{ ...liftInput(), import_key: key('a') }, { ...wodInput(), import_key: key('b') }, { ...wodInput(), import_key: key('b') }]);
    expect(first).toEqual({ added: 2, skipped: 1 });
    const rows = await db.workouts.toArray();
    expect(rows.map((row) => row.import_key).sort()).toEqual([key('a'), key('b')]);
    const queued = await db.outbox.toArray();
    expect(queued.map((entry) => [entry.op, (entry.args as unknown as WorkoutCreateArgs).input.import_key])).toEqual([[WORKOUT_OPS.create, key('a')], [WORKOUT_OPS.create, key('b')]]);

    await flushOutbox();
    expect(fake.api.requests.filter((r) => r.method === 'POST').map((r) => (r.body as { workout: WorkoutInput }).workout.import_key)).toEqual([key('a'), key('b')]);
    // Again, after the sync: nothing new.
    expect(await importWorkouts([{ ...liftInput(), import_key: key('a') }])).toEqual({ added: 0, skipped: 1 });
    expect(await db.outbox.count()).toBe(0);
  });
});
