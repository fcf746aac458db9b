// Pulls of the training log against a programmable fake API (rule 5: rows a queued write touched
// are never overwritten nor deleted), and the leaderboard merge of the server's board with the
// member's own results on the device.
import { beforeEach, describe, expect, it } from 'vitest';
import { deleteWorkout, editWorkout, logWorkout, toggleWorkoutReaction } from "./commands";
import { registerCommandOps } from "../ops";
import { db } from '../../data/db';
import { trainingQueries } from './hooks';
import { flushOutbox } from '../../data/sync/replay';
import { pullLeaderboard, pullMovements, pullWorkouts, toStoredWorkout } from './pull';
import { makeAccount, makeProfile, resetDb, signedInLocally, withFakeApi } from '../../../tests/support/data-helpers';
import { BACK_SQUAT, board, classWithFran, entry, FRAN, lift, MOVEMENTS, TrainingServer, wod, wodInput } from '../../../tests/support/training-fixtures';

const fake = withFakeApi();
let server: TrainingServer;

const gets = () => fake.api.requests.filter((r) => r.method === 'GET').map((r) => r.path);

registerCommandOps();

beforeEach(async () => {
  server = new TrainingServer();
  fake.api.handle(server.handle);
  await resetDb();
  await signedInLocally(makeProfile(1, { accounts: [makeAccount(1, { id: 10 }), makeAccount(2)] }));
  await db.movements.bulkPut(MOVEMENTS);
});

describe('pullWorkouts', () => {
  it("replaces the organisation's rows, keeping touched, temporary, newer and other organisations' rows", async () => {
    await db.workouts.bulkPut([
      toStoredWorkout(wod(1, { name: 'old name' }), 1),
      toStoredWorkout(wod(2, { name: 'deleted elsewhere' }), 1),
      toStoredWorkout(wod(3, { name: 'edited here' }), 1),
      toStoredWorkout(wod(4, { name: 'saved here just now', updated_at: '2030-01-01T00:00:00.000Z' }), 1),
      toStoredWorkout(wod(5, { name: 'other organisation' }), 2),
    ]);
    await editWorkout(3, { notes: 'waiting' });
    const temp = await logWorkout(wodInput({ name: 'not sent yet' }));
    server.workouts.set(1, wod(1, { name: 'new name' }));
    server.workouts.set(3, wod(3, { name: 'edited here', notes: null }));
    server.workouts.set(4, wod(4, { name: 'older copy' }));
    server.workouts.set(6, lift(6, { name: 'from another device' }));

    expect(await pullWorkouts()).toBe('fetched');
    expect(fake.api.requests[0]!.headers['x-facility-id']).toBe('fac-1');
    const rows = await db.workouts.orderBy('id').toArray();
    expect(rows.map((row) => [row.id, row.name, row.org_id])).toEqual([
      [temp, 'not sent yet', 1], [1, 'new name', 1], [3, 'edited here', 1], [4, 'saved here just now', 1], [5, 'other organisation', 2], [6, 'from another device', 1],
    ]);
    expect(await db.workouts.get(3)).toMatchObject({ notes: 'waiting' });
    expect(await db.workouts.get(6)).toMatchObject({ movement_id: BACK_SQUAT.id });

    expect(await pullWorkouts()).toBe('fresh');
    expect(gets()).toEqual(['/workouts']);
  });

  it('does not bring back a workout whose deletion waits in the outbox', async () => {
    await db.workouts.put(toStoredWorkout(wod(1), 1));
    server.workouts.set(1, wod(1));
    await deleteWorkout(1);
    await pullWorkouts();
    expect(await db.workouts.get(1)).toBeUndefined();
  });
});

describe('pullMovements and pullLeaderboard', () => {
  it('movements: the catalogue is replaced, then fresh for a day', async () => {
    await db.movements.put({ id: 99, name: 'Retired', properties: [] });
    expect(await pullMovements()).toBe('fetched');
    expect(await db.movements.orderBy('id').primaryKeys()).toEqual([11, 12]);
    expect(await pullMovements()).toBe('fresh');
    expect(await pullMovements({ force: true })).toBe('fetched');
  });

  it("leaderboard: stored per class, asked in the class's facility; a 404 removes it; a pending like keeps the local copy", async () => {
    await db.sessions.put(classWithFran(7, { facility_guid: 'fac-2' }));
    fake.api.handle((request) => (request.path.startsWith('/leaderboard') ? { body: board(7, [entry(1, 42, wod(77))]) } : server.handle(request)));
    expect(await pullLeaderboard(7)).toBe('fetched');
    expect(fake.api.requests[0]).toMatchObject({ path: '/leaderboard?session_id=7' });
    expect(fake.api.requests[0]!.headers['x-facility-id']).toBe('fac-2');
    expect(await db.leaderboards.get(7)).toEqual(board(7, [entry(1, 42, wod(77))]));

    fake.api.handle((request) => (request.path.startsWith('/leaderboard') ? { body: board(7, []) } : server.handle(request)));
    await toggleWorkoutReaction(77, 7);
    await pullLeaderboard(7, { force: true });
    expect((await db.leaderboards.get(7))!.boards[0]!.entries).toHaveLength(1);

    await db.outbox.clear();
    fake.api.handle(() => ({ status: 404, body: { message: 'The class was not found.', code: 'not_found' } }));
    await pullLeaderboard(7, { force: true });
    expect(await db.leaderboards.get(7)).toBeUndefined();
  });
});

describe('leaderboard view', () => {
  it("ranks the member's unsynced result among the server's, replacing the server's copy of their results", async () => {
    await db.sessions.put(classWithFran(7));
    const synced = wod(600, { session_id: 7, workout_definition_id: FRAN.id, score_time: 320 });
    await db.workouts.put(toStoredWorkout(synced, 1));
    await db.leaderboards.put(board(7, [entry(1, 42, wod(77, { score_time: 250, session_id: 7, workout_definition_id: FRAN.id })), entry(2, 10, synced, true)]));
    const temp = await logWorkout(wodInput({ session_id: 7, workout_definition_id: FRAN.id, score_time: 240 }));

    const view = await trainingQueries.leaderboardView(7);
    expect(view).toMatchObject({ visible: true, loaded: true });
    expect(view.boards).toHaveLength(1);
    expect(view.boards[0]!.definition).toEqual(FRAN);
    expect(view.boards[0]!.entries.map((row) => [row.rank, row.workout_id, row.member.id, row.mine, row.pending])).toEqual([
      [1, temp, 10, true, true],
      [2, 77, 42, false, false],
    ]);

    // Synced: the same result under its real id, no longer pending.
    await flushOutbox();
    const after = await trainingQueries.leaderboardView(7);
    expect(after.boards[0]!.entries.map((row) => [row.rank, row.workout_id, row.pending])).toEqual([[1, 500, false], [2, 77, false]]);
  });

  it("shows the member's own result on a board never fetched, from the class's whiteboard", async () => {
    await db.sessions.put(classWithFran(7));
    await db.members.put({ id: 10, short_id: 'm1', org_id: 1, first_name: 'Alex', last_name: 'Example', email: 'a@example.com', phone: null, address: null, birthday: null, emergency_contact: null });
    const temp = await logWorkout(wodInput({ session_id: 7, workout_definition_id: FRAN.id }));
    await logWorkout(wodInput({ session_id: 7, workout_definition_id: 999 }));
    const view = await trainingQueries.leaderboardView(7);
    expect(view).toMatchObject({ visible: true, loaded: false });
    expect(view.boards[0]!.entries).toMatchObject([{ rank: 1, workout_id: temp, member: { id: 10, full_name: 'Alex Example' }, mine: true, pending: true }]);
  });

  it('respects whiteboard visibility', async () => {
    await db.sessions.put(classWithFran(7, { whiteboard_visibility: 'attending', whiteboard_items: [] }));
    await logWorkout(wodInput({ session_id: 7, workout_definition_id: FRAN.id }));
    expect(await trainingQueries.leaderboardView(7)).toEqual({ visible: false, loaded: false, boards: [] });
    await db.leaderboards.put({ session_id: 7, visible: false, boards: [] });
    expect(await trainingQueries.leaderboardView(7)).toEqual({ visible: false, loaded: true, boards: [] });
  });
});
