// The training log offline-first against the real reference server on loopback (real SQLite file,
// cookie jar playing the browser): offline create and replay, merged edits, PUT payloads,
// deletes, a refusal rolled back, pulls that keep local edits, and a class board with an unsynced
// result of the member's.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signIn } from '../../data/sign-in';
import type { WorkoutInput } from '../../../core/contract/types';
import { deleteWorkout, editWorkout, logWorkout } from "./commands";
import { registerCommandOps } from "../ops";
import { WORKOUT_OPS } from "./rows";
import { db, MemberDb } from '../../data/db';
import { trainingQueries } from './hooks';
import { configureOutbox } from '../../data/sync/outbox';
import { flushOutbox } from '../../data/sync/replay';
import { pullSession } from '../booking/pull';
import { pullLeaderboard, pullMovements, pullWorkouts } from './pull';
import { resetDb } from '../../../tests/support/data-helpers';
import { isWrite, withRealServer, type TrafficWatch } from '../../../tests/support/real-server';
import { definitionId, publicBoardClass } from '../../../server/testing/training-helpers';

const PASSWORD = 'demo1234';

const seededAt = Date.now();
const real = withRealServer('training', { now: () => new Date(seededAt), offerSweepIntervalMs: 3_600_000 });
const browser = real.browser;
/** Writes that reached the server, with their bodies. */
const sent: { method: string; path: string; body: unknown }[] = [];
const watch: TrafficWatch = {
  write: (method, path, init) => sent.push({ method, path, body: init?.body ? JSON.parse(String(init.body)) : undefined }),
};

registerCommandOps();

async function alexId(): Promise<number> {
  return (await real.server.db.selectFrom('members_profiles').select('id').where('email', '=', 'demo@example.com').executeTakeFirstOrThrow()).id;
}

async function serverWorkouts(name: string) {
  return real.server.db.selectFrom('workouts').selectAll().where('profile_id', '=', await alexId()).where('name', '=', name).execute();
}

/** A name no seeded workout has, so each test finds exactly its own rows on the server. */
let counter = 0;
const uniqueName = (label: string) => `${label} ${seededAt}-${++counter}`;

function wodInput(name: string, over: Partial<Extract<WorkoutInput, { type: 'wod' }>> = {}): WorkoutInput {
  return { type: 'wod', name, completed_at: new Date(seededAt - 3_600_000).toISOString(), scoring: 'for_time', score_time: 305, as_prescribed: true, ...over };
}

beforeEach(async () => {
  await resetDb();
  sent.length = 0;
  real.connect(watch);
  configureOutbox({ now: () => Date.now(), random: () => 0.5, baseMs: 1_000, capMs: 300_000 });
  await signIn('demo@example.com', PASSWORD);
  await flushOutbox();
  sent.length = 0;
});

afterEach(async () => {
  browser.unreachable = null;
  await flushOutbox({ ignoreBackoff: true }).catch(() => undefined);
});

describe('training log against the server', () => {
  it('offline create waits in the outbox across a reload, then reaches the server once under its real id', async () => {
    const name = uniqueName('Offline Fran');
    browser.unreachable = isWrite;
    const temp = await logWorkout(wodInput(name));
    expect(await flushOutbox()).toMatchObject({ outcome: 'retry' });
    expect(await db.outbox.toArray()).toMatchObject([{ op: WORKOUT_OPS.create, status: 'pending', attempts: 1 }]);

    const reopened = new MemberDb();
    await reopened.open();
    expect(await reopened.outbox.count()).toBe(1);
    expect(await reopened.workouts.get(temp)).toMatchObject({ name, id: temp });
    reopened.close();

    browser.unreachable = null;
    expect(await flushOutbox({ ignoreBackoff: true })).toMatchObject({ outcome: 'idle', sent: 1 });
    const onServer = await serverWorkouts(name);
    expect(onServer).toHaveLength(1);
    const realId = onServer[0]!.id;
    expect(await db.workouts.get(temp)).toBeUndefined();
    expect(await db.workoutAliases.get(temp)).toEqual({ temp, id: realId });
    expect(await db.workouts.get(realId)).toMatchObject({ id: realId, name, score_time: 305 });
  });

  it('an edit before the first attempt merges into the create: one POST, no PUT, the server has the edited values', async () => {
    const name = uniqueName('Merged Fran');
    const temp = await logWorkout(wodInput(name));
    await editWorkout(temp, { score_time: 290, notes: 'Faster than last time' });
    expect(await db.outbox.count()).toBe(1);
    await flushOutbox();
    expect(sent.map((s) => `${s.method} ${s.path}`)).toEqual(['POST /workouts']);
    expect(await serverWorkouts(name)).toMatchObject([{ score_time: 290, notes: 'Faster than last time' }]);
  });

  it('an edit after an offline attempt still ends as one workout with the edited values', async () => {
    const name = uniqueName('Retried Fran');
    browser.unreachable = isWrite;
    const temp = await logWorkout(wodInput(name));
    await flushOutbox();
    await editWorkout(temp, { score_time: 280 });
    expect(await db.outbox.count()).toBe(1);
    browser.unreachable = null;
    await flushOutbox({ ignoreBackoff: true });
    expect(await serverWorkouts(name)).toMatchObject([{ score_time: 280 }]);
  });

  it('a rename queued behind a create in flight is not overtaken by a later rename merged into the create', async () => {
    expect(await pullMovements()).toBe('fetched');
    const movement = (await db.movements.toCollection().first())!;
    const name = uniqueName('A');
    const lift: WorkoutInput = {
      type: 'lift', name: `${name} v0`, completed_at: new Date(seededAt - 3_600_000).toISOString(), movement_id: movement.id, rep_scheme: '1x5',
      sets: [{ position: 1, repetitions: 5, movement_id: movement.id, values: { weight: { value: 100, units: 'kilograms' } } }],
    };
    const temp = await logWorkout(lift);
    // Hold the create on its way to the server, so the first rename is made while it is in flight.
    const isCreate = (url: string, init?: RequestInit) => init?.method === 'POST' && new URL(url).pathname.endsWith('/workouts');
    const jar = browser.jar;
    let arrived!: () => void;
    const reached = new Promise<void>((resolve) => (arrived = resolve));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    browser.jar = {
      ...jar,
      fetch: async (input, init) => {
        if (isCreate(String(input), init)) {
          arrived();
          await held;
        }
        return jar.fetch(input, init);
      },
    };
    const flushing = flushOutbox();
    await reached;
    await editWorkout(temp, { name: `${name} v1` });
    expect((await db.outbox.toArray()).map((entry) => entry.op)).toEqual([WORKOUT_OPS.create, WORKOUT_OPS.update]);

    // The create reaches the server but the answer is lost (connection reset); the phone goes offline.
    browser.dropAnswer = isCreate;
    release();
    expect(await flushing).toMatchObject({ outcome: 'retry' });
    browser.jar = jar;
    browser.unreachable = isWrite;
    await editWorkout(temp, { name: `${name} v2` });

    browser.unreachable = null;
    expect(await flushOutbox({ ignoreBackoff: true })).toMatchObject({ outcome: 'idle' });
    const id = (await db.workoutAliases.get(temp))!.id;
    expect(await real.server.db.selectFrom('workouts').select('name').where('id', '=', id).executeTakeFirstOrThrow()).toEqual({ name: `${name} v2` });
    expect(await db.workouts.get(id)).toMatchObject({ name: `${name} v2` });
    expect(await db.outbox.count()).toBe(0);
  });

  it('an edit after sync sends a PUT without id, type, session or definition', async () => {
    const name = uniqueName('Synced Fran');
    const temp = await logWorkout(wodInput(name));
    await flushOutbox();
    const id = (await db.workoutAliases.get(temp))!.id;
    const row = (await db.workouts.get(id))!;
    await editWorkout(id, { ...row, score_time: 275 } as never);
    await flushOutbox();
    const put = sent.find((s) => s.method === 'PUT')!;
    expect(put.path).toBe(`/workouts/${id}`);
    const body = (put.body as { workout: Record<string, unknown> }).workout;
    for (const key of ['id', 'type', 'session', 'session_id', 'definition', 'workout_definition_id']) expect(body).not.toHaveProperty(key);
    expect(body).toEqual({ score_time: 275 });
    expect(await serverWorkouts(name)).toMatchObject([{ score_time: 275 }]);
    expect(await db.outbox.count()).toBe(0);
  });

  it('deleting a workout never sent sends nothing; deleting a synced one sends DELETE', async () => {
    const never = uniqueName('Never sent');
    await deleteWorkout(await logWorkout(wodInput(never)));
    await flushOutbox();
    expect(sent).toEqual([]);
    expect(await serverWorkouts(never)).toEqual([]);

    const synced = uniqueName('Deleted later');
    const temp = await logWorkout(wodInput(synced));
    await flushOutbox();
    const id = (await db.workoutAliases.get(temp))!.id;
    await deleteWorkout(temp);
    expect(await db.workouts.get(id)).toBeUndefined();
    await flushOutbox();
    expect(sent.map((s) => `${s.method} ${s.path}`)).toEqual(['POST /workouts', `DELETE /workouts/${id}`]);
    expect(await serverWorkouts(synced)).toEqual([]);
  });

  it('a refused edit is followed by a refresh: the device shows the workout as the server has it, not the pre-edit copy', async () => {
    const name = uniqueName('Refreshed Fran');
    const temp = await logWorkout(wodInput(name));
    await flushOutbox();
    const id = (await db.workoutAliases.get(temp))!.id;
    // Changed on another device meanwhile.
    await real.server.db.updateTable('workouts').set({ score_time: 250 }).where('id', '=', id).execute();
    const row = (await db.workouts.get(id))!;
    await editWorkout(id, { ...row, score_time: 100_000 } as never);
    expect(await flushOutbox()).toMatchObject({ rejected: 1 });
    expect(await db.workouts.get(id)).toMatchObject({ score_time: 250 });
    expect(await db.notices.toArray()).toMatchObject([{ op: WORKOUT_OPS.update, code: 'validation_failed' }]);
  });

  it('a refusal (422) rolls the workout back and leaves the server message', async () => {
    const name = uniqueName('Too long');
    await logWorkout(wodInput(name, { score_time: 100_000 }));
    expect(await flushOutbox()).toMatchObject({ rejected: 1 });
    expect(await db.workouts.filter((w) => w.name === name).count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
    const [notice] = await db.notices.toArray();
    expect(notice).toMatchObject({ op: WORKOUT_OPS.create });
    expect(notice!.message).toMatch(/score_time/);
    expect(await serverWorkouts(name)).toEqual([]);
  });

  it('a pull brings the seeded history and changes made elsewhere, but keeps a row with a queued edit', async () => {
    expect(await pullWorkouts()).toBe('fetched');
    expect(await pullMovements()).toBe('fetched');
    const rows = await db.workouts.toArray();
    expect(rows.length).toBeGreaterThan(5);
    expect(await db.movements.count()).toBeGreaterThan(5);
    const [edited, changed] = rows.filter((row) => row.id > 0);
    browser.unreachable = isWrite;
    await editWorkout(edited!.id, { notes: 'Edited on the phone' });
    await real.server.db.updateTable('workouts').set({ notes: 'Edited elsewhere', updated_at: new Date(seededAt + 60_000).toISOString() }).where('id', 'in', [edited!.id, changed!.id]).execute();
    expect(await pullWorkouts({ force: true })).toBe('fetched');
    expect(await db.workouts.get(edited!.id)).toMatchObject({ notes: 'Edited on the phone' });
    expect(await db.workouts.get(changed!.id)).toMatchObject({ notes: 'Edited elsewhere' });
    await real.server.db.deleteFrom('workouts').where('id', '=', changed!.id).execute();
    await pullWorkouts({ force: true });
    expect(await db.workouts.get(changed!.id)).toBeUndefined();
  });

  it("a class board shows the member's unsynced result ranked among the server's, then the server's own copy", async () => {
    const sessionId = await publicBoardClass(real.server.db);
    const auth = (await db.meta.get('auth')) as { accountOrgId: number };
    const grace = await definitionId(real.server.db, auth.accountOrgId, 'Grace');
    expect(await pullSession(sessionId)).toBe('fetched');
    expect(await pullLeaderboard(sessionId)).toBe('fetched');
    const stored = (await db.leaderboards.get(sessionId))!;
    const serverBoard = stored.boards.find((b) => b.definition.id === grace)!;
    expect(serverBoard.entries.length).toBeGreaterThan(0);
    expect(serverBoard.entries.some((e) => e.mine)).toBe(false);

    browser.unreachable = isWrite;
    const temp = await logWorkout(wodInput(uniqueName('Grace'), { session_id: sessionId, workout_definition_id: grace, score_time: 60 }));
    const view = await trainingQueries.leaderboardView(sessionId);
    const rows = view.boards.find((b) => b.definition.id === grace)!.entries;
    expect(rows[0]).toMatchObject({ rank: 1, workout_id: temp, mine: true, pending: true });
    expect(rows).toHaveLength(serverBoard.entries.length + 1);

    browser.unreachable = null;
    await flushOutbox({ ignoreBackoff: true });
    await pullLeaderboard(sessionId, { force: true });
    const realId = (await db.workoutAliases.get(temp))!.id;
    const fresh = (await db.leaderboards.get(sessionId))!.boards.find((b) => b.definition.id === grace)!;
    expect(fresh.entries[0]).toMatchObject({ rank: 1, workout_id: realId, mine: true });
    const after = (await trainingQueries.leaderboardView(sessionId)).boards.find((b) => b.definition.id === grace)!.entries;
    expect(after.map((e) => e.workout_id)).toEqual(fresh.entries.map((e) => e.workout_id));
    expect(after[0]).toMatchObject({ pending: false, member: fresh.entries[0]!.member });
  });
});
