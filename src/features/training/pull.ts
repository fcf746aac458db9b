// Pulls of the training log (stale-while-revalidate, each one a definePull): the member's workouts in
// the chosen organisation, the movement catalogue and class leaderboards. Requests carry the
// scope they are for, so switching account while one runs cannot file rows under another
// organisation. Rows a queued write touched, or a write confirmed after the pull started
// (`workouts:{id}`, `leaderboards:{sessionId}`), are never overwritten nor deleted.
import { facilityScope, type ApiScope } from '../../data/api/client';
import { getLeaderboard, listMovements, listWorkouts } from './api';
import type { Leaderboard, Movement, Workout } from '../../../core/contract/types';
import { db, type StoredWorkout } from '../../data/db';
import { getAuthState, scopeOf } from '../../data/sync/auth-row';
import { definePull, type PullOptions, type RefreshResult } from '../../data/sync/pull';
import { touchKey } from '../../data/sync/touches';

export const WORKOUTS_MAX_AGE_MS = 2 * 60_000;
export const MOVEMENTS_MAX_AGE_MS = 24 * 60 * 60_000;
/**
 * A board is never fresh for later: who is on it changes when a member hides their results, so
 * each showing asks the studio (a 304 when nothing changed). Requests at the same moment share one.
 */
export const LEADERBOARD_MAX_AGE_MS = 0;

export type { PullOptions } from '../../data/sync/pull';

export const workoutsResource = (orgId: number) => `workouts:${orgId}`;
export const MOVEMENTS_RESOURCE = 'movements';
export const leaderboardResource = (sessionId: number) => `leaderboard:${sessionId}`;

export const workoutKey = (id: number) => touchKey('workouts', id);
export const leaderboardKey = (sessionId: number) => touchKey('leaderboards', sessionId);

/** ISO instants sort as text only in one form; anything unparsable is kept as it came. */
export function canonicalIso(value: string): string {
  const time = Date.parse(value);
  return Number.isNaN(time) ? value : new Date(time).toISOString();
}

export function toStoredWorkout(workout: Workout, orgId: number): StoredWorkout {
  const movementId = workout.type === 'lift' ? workout.movement.id : null;
  return { ...workout, completed_at: canonicalIso(workout.completed_at), org_id: orgId, movement_id: movementId };
}

/** A row the device already has in a newer version (a write answered while this pull was out). */
function newerLocally(local: StoredWorkout | undefined, remote: Workout): boolean {
  if (!local) return false;
  return Date.parse(local.updated_at) > Date.parse(remote.updated_at);
}

const workoutsPull = definePull<{ orgId: number; scope: ReturnType<typeof facilityScope> }, { known: Set<number>; workouts: Workout[] }>({
  resource: ({ orgId }) => workoutsResource(orgId),
  maxAgeMs: WORKOUTS_MAX_AGE_MS,
  tables: () => [db.workouts],
  async fetch({ orgId, scope }) {
    // Rows that appear while the request is out (a create answered) are not the list's to delete.
    const known = new Set(await db.workouts.where('org_id').equals(orgId).primaryKeys());
    return { known, workouts: await listWorkouts({}, { scope }) };
  },
  async write(data, guard, { orgId }) {
    if (!data) return;
    const { known, workouts } = data;
    const returned = new Set(workouts.map((workout) => workout.id));
    const local = new Map((await db.workouts.where('org_id').equals(orgId).toArray()).map((row) => [row.id, row]));
    const gone = [...local.keys()].filter((id) => id > 0 && known.has(id) && !returned.has(id) && guard.free(workoutKey(id)));
    if (gone.length > 0) await db.workouts.bulkDelete(gone);
    // A lift deleted (or edited) while this list was out is not brought back by it.
    const fresh = workouts.filter((workout) => guard.free(workoutKey(workout.id)) && !newerLocally(local.get(workout.id), workout));
    await db.workouts.bulkPut(fresh.map((workout) => toStoredWorkout(workout, orgId)));
  },
});

/**
 * The member's workouts in the chosen organisation. The organisation's local rows become the
 * server's list: rows deleted on another device go, except temporary rows (not sent yet), rows a
 * queued or newer write touched, and rows that appeared while the request was out.
 */
export async function pullWorkouts(options: PullOptions = {}): Promise<RefreshResult> {
  const auth = await getAuthState();
  if (auth.status !== 'authenticated' || auth.accountOrgId === null || !auth.facilityGuid) return 'fresh';
  return workoutsPull({ orgId: auth.accountOrgId, scope: facilityScope(auth.facilityGuid) }, options);
}

const movementsPull = definePull<void, Movement[]>({
  resource: () => MOVEMENTS_RESOURCE,
  maxAgeMs: MOVEMENTS_MAX_AGE_MS,
  tables: () => [db.movements],
  fetch: () => listMovements(),
  async write(movements) {
    if (!movements) return;
    const returned = new Set(movements.map((movement) => movement.id));
    const gone = (await db.movements.toCollection().primaryKeys()).filter((id) => !returned.has(id));
    if (gone.length > 0) await db.movements.bulkDelete(gone);
    await db.movements.bulkPut(movements);
  },
});

/** The movement catalogue; it rarely changes, so once a day is enough. */
export function pullMovements(options: PullOptions = {}): Promise<RefreshResult> {
  return movementsPull(undefined, options);
}

const leaderboardPull = definePull<{ sessionId: number; scope: ApiScope }, Leaderboard>({
  resource: ({ sessionId }) => leaderboardResource(sessionId),
  maxAgeMs: LEADERBOARD_MAX_AGE_MS,
  tables: () => [db.leaderboards, db.sessions],
  goneOn404: true,
  async fetch({ sessionId, scope }) {
    const session = await db.sessions.get(sessionId);
    return getLeaderboard(sessionId, { scope: session ? facilityScope(session.facility_guid) : scope });
  },
  async write(board, guard, { sessionId }) {
    if (!guard.free(leaderboardKey(sessionId))) return;
    if (board) await db.leaderboards.put({ ...board, session_id: sessionId });
    else await db.leaderboards.delete(sessionId);
  },
});

/** A class's leaderboard, asked in the scope of the class's facility; a 404 removes it. */
export async function pullLeaderboard(sessionId: number, options: PullOptions = {}): Promise<RefreshResult> {
  // A class not on the device is asked in the scope selected when the pull starts.
  const scope = scopeOf(await getAuthState());
  return leaderboardPull({ sessionId, scope }, options);
}

/** After the server refused a training write the local copies may be out of date: refetch next time. */
export async function markTrainingStale(orgId: number, sessionId: number | null): Promise<void> {
  const marks = [workoutsResource(orgId)];
  if (sessionId !== null) marks.push(leaderboardResource(sessionId));
  await db.pulls.bulkDelete(marks);
}
