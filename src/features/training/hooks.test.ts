// @vitest-environment happy-dom
// The training hooks as screens use them: live reads of the log, lifts and boards that follow a
// command at once (offline), a temporary id that keeps resolving after sync, and refresh hooks.
import { cleanup, act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { editWorkout, logWorkout } from "./commands";
import { registerCommandOps } from "../ops";
import { db } from '../../data/db';
import { useIsPending } from '../../data/hooks/pending';
import {
  LEADERBOARD_LIVE_MS, useLeaderboard, useLiftDetail, useLiftSummaries, useMovements, useRefreshLeaderboard, useRefreshTraining, useWorkout, useWorkouts,
} from './hooks';
import { flushOutbox } from '../../data/sync/replay';
import { toStoredWorkout } from './pull';
import type { FakeHandler } from '../../../tests/support/fake-api';
import { makeProfile, resetDb, resetModules, signedInLocally } from '../../../tests/support/data-helpers';
import { BACK_SQUAT, BOX_JUMP, board, classWithFran, entry, FRAN, lift, liftInput, MOVEMENTS, squatSets, TrainingServer, wod, wodInput } from '../../../tests/support/training-fixtures';

// Hooks rendered here are unmounted after each test: a live query answering after the file ended
// would otherwise make React work in a torn-down environment.
afterEach(cleanup);

let server: TrainingServer;
let paths: string[];

/** In-process answers: happy-dom's fetch would apply a same-origin policy to a loopback API. */
function answerWith(handler: FakeHandler): void {
  resetModules('http://api.test/api/v1', async (input, init) => {
    const url = new URL(String(input));
    const path = url.pathname.replace('/api/v1', '') + url.search;
    paths.push(`${init?.method ?? 'GET'} ${path}`);
    const reply = await handler({ method: init?.method ?? 'GET', path, headers: {}, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const status = reply.status ?? 200;
    return new Response(status === 204 ? null : JSON.stringify(reply.body), { status, headers: { 'Content-Type': 'application/json' } });
  });
}

registerCommandOps();

beforeEach(async () => {
  server = new TrainingServer();
  paths = [];
  answerWith(server.handle);
  await resetDb();
  await signedInLocally(makeProfile(1));
  await db.movements.bulkPut(MOVEMENTS);
});

describe('reading hooks', () => {
  it('useWorkouts lists the organisation newest first and follows a new workout at once', async () => {
    await db.workouts.bulkPut([toStoredWorkout(wod(1, { completed_at: '2026-04-01T06:00:00Z' }), 1), toStoredWorkout(wod(2, { completed_at: '2026-04-03T06:00:00Z' }), 1), toStoredWorkout(wod(3), 2)]);
    const { result } = renderHook(() => useWorkouts());
    await waitFor(() => expect(result.current?.map((w) => w.id)).toEqual([2, 1]));
    let temp = 0;
    await act(async () => {
      temp = await logWorkout(wodInput({ completed_at: '2026-04-02T06:00:00Z' }));
    });
    await waitFor(() => expect(result.current?.map((w) => w.id)).toEqual([2, temp, 1]));
  });

  it('useWorkout: null when missing, and a temporary id resolves to the real row after sync', async () => {
    let temp = 0;
    await act(async () => {
      temp = await logWorkout(wodInput());
    });
    const { result } = renderHook(() => ({ byTemp: useWorkout(temp), missing: useWorkout(404), pending: useIsPending(`workouts:${temp}`) }));
    await waitFor(() => expect(result.current.byTemp?.id).toBe(temp));
    await waitFor(() => expect(result.current.missing).toBeNull());
    await waitFor(() => expect(result.current.pending).toBe(true));
    await act(async () => {
      await flushOutbox();
    });
    await waitFor(() => expect(result.current.byTemp?.id).toBe(500));
    await waitFor(() => expect(result.current.pending).toBe(false));
  });

  it('useMovements by name; lift summaries and detail computed from the lifts on the device', async () => {
    await db.workouts.put(toStoredWorkout(lift(1, { sets: squatSets([100], 3), completed_at: '2026-04-01T06:00:00Z' }), 1));
    const { result } = renderHook(() => ({ movements: useMovements(), summaries: useLiftSummaries(), detail: useLiftDetail(BACK_SQUAT.id), none: useLiftDetail(BOX_JUMP.id) }));
    await waitFor(() => expect(result.current.movements?.map((m) => m.name)).toEqual(['Back squat', 'Box jump']));
    await waitFor(() => expect(result.current.summaries).toMatchObject([{ id: BACK_SQUAT.id, lifts_count: 1, best_weight: { value: 100, units: 'kilograms' } }]));
    await waitFor(() => expect(result.current.none).toBeNull());
    await act(async () => {
      await logWorkout(liftInput({ sets: squatSets([120], 1) }));
    });
    await waitFor(() => expect(result.current.summaries).toMatchObject([{ id: BACK_SQUAT.id, lifts_count: 2, best_weight: { value: 120, units: 'kilograms' } }]));
    await waitFor(() => expect(result.current.detail?.history).toHaveLength(2));
    expect(result.current.detail?.estimated_one_rep_max?.value).toBeGreaterThanOrEqual(120);
  });

  it("useLeaderboard re-ranks at once when the member's own result is edited", async () => {
    await db.sessions.put(classWithFran(7));
    await db.leaderboards.put(board(7, [entry(1, 42, wod(77, { score_time: 250, session_id: 7, workout_definition_id: FRAN.id }))]));
    let temp = 0;
    await act(async () => {
      temp = await logWorkout(wodInput({ session_id: 7, workout_definition_id: FRAN.id, score_time: 300 }));
    });
    const { result } = renderHook(() => useLeaderboard(7));
    await waitFor(() => expect(result.current?.boards[0]?.entries.map((row) => row.workout_id)).toEqual([77, temp]));
    await act(() => editWorkout(temp, { score_time: 200 }));
    await waitFor(() => expect(result.current?.boards[0]?.entries.map((row) => [row.workout_id, row.rank, row.pending])).toEqual([[temp, 1, true], [77, 2, false]]));
  });
});

describe('refresh hooks', () => {
  it('useRefreshTraining pulls workouts and movements; useRefreshLeaderboard the class board', async () => {
    server.workouts.set(9, wod(9, { name: 'From the server' }));
    const boardAnswer = board(7, [entry(1, 42, wod(77))]);
    answerWith((request) => (request.path.startsWith('/leaderboard') ? { body: boardAnswer } : server.handle(request)));
    const { result } = renderHook(() => {
      useRefreshTraining();
      useRefreshLeaderboard(7);
      return useWorkout(9);
    });
    // The pulls' modules load at their first use: under the whole suite's load that once took over
    // the default second (CI, 1.1 s; 0.17 s alone).
    await waitFor(() => expect(result.current?.name).toBe('From the server'), { timeout: 5_000 });
    await waitFor(async () => expect(await db.leaderboards.get(7)).toEqual(boardAnswer));
    await waitFor(async () => expect(await db.movements.count()).toBe(2));
    expect([...paths].sort()).toEqual(['GET /leaderboard?session_id=7', 'GET /movements', 'GET /workouts']);
  });
});

describe('a leaderboard on screen follows the studio', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is asked again each time it is shown, however recent the last answer, and every few seconds while shown', async () => {
    // The board's own timer, caught to be run by hand (testing-library's waitFor needs real timers).
    const ticks = new Set<() => void>();
    const realSetInterval = globalThis.setInterval;
    vi.spyOn(globalThis, 'setInterval').mockImplementation(((callback: () => void, delay?: number) => {
      if (delay !== LEADERBOARD_LIVE_MS) return realSetInterval(callback, delay);
      ticks.add(callback);
      return callback as unknown as ReturnType<typeof setInterval>;
    }) as typeof setInterval);
    const realClearInterval = globalThis.clearInterval;
    vi.spyOn(globalThis, 'clearInterval').mockImplementation((id) => {
      if (ticks.delete(id as unknown as () => void)) return;
      realClearInterval(id);
    });
    answerWith((request) => (request.path.startsWith('/leaderboard') ? { body: board(7, [entry(1, 42, wod(77))]) } : server.handle(request)));
    const boardRequests = () => paths.filter((path) => path.startsWith('GET /leaderboard')).length;
    const shown = renderHook(() => useRefreshLeaderboard(7));
    await waitFor(() => expect(boardRequests()).toBe(1));
    await waitFor(async () => expect(await db.pulls.get('leaderboard:7')).toBeDefined());
    shown.unmount();
    // Shown again a moment later (the member looked at another tab of the class): asked again, so
    // a member who has since hidden their results is not shown from the device's copy.
    const again = renderHook(() => useRefreshLeaderboard(7));
    await waitFor(() => expect(boardRequests()).toBe(2));
    // While it stays on screen, the studio is asked every LEADERBOARD_LIVE_MS (10 s at most).
    expect(LEADERBOARD_LIVE_MS).toBeLessThanOrEqual(10_000);
    expect(ticks.size).toBe(1);
    for (const tick of ticks) tick();
    await waitFor(() => expect(boardRequests()).toBe(3));
    again.unmount();
    expect(ticks.size).toBe(0);
  });
});
