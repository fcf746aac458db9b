// Live views of the training log for the chosen organisation. Everything is read from Dexie, so the
// log, lifts and boards work offline and show unsynced workouts at once; the useRefresh… hooks
// pull in the background.
import Dexie, { liveQuery } from 'dexie';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { countsForBoard, liftDetail, liftSummaries, rankLeaderboard, type UnrankedEntry } from '../../../core/rules/training/index';
import { isWhiteboardVisible } from '../../../core/rules/session';
import type { Leaderboard, LeaderboardEntry, LiftDetail, LiftSummary, LiftWorkout, Movement, WeightUnits, WorkoutDefinition } from '../../../core/contract/types';
import { db, type StoredSession, type StoredWorkout } from '../../data/db';
import { getAuthState } from '../../data/sync/auth-row';
import { pullLeaderboard, pullMovements, pullWorkouts, workoutKey } from './pull';
import { useAuth } from '../../data/hooks/auth';
import { useRevalidate } from '../booking/public';
import { useMeasurementUnits } from '../profile/public';
import { registerMemberMemory } from '../../data/memory';
import { pendingKeys } from '../../data/sync/touches';

export type { StoredWorkout } from '../../data/db';

export interface LeaderboardRow extends LeaderboardEntry {
  /** The result waits for a queued write (the member's unsynced workout, or a like not sent yet). */
  pending: boolean;
}

export interface LeaderboardView {
  visible: boolean;
  /** The server's board has been fetched at least once. */
  loaded: boolean;
  boards: { definition: WorkoutDefinition; entries: LeaderboardRow[] }[];
}

async function currentOrgId(): Promise<number | null> {
  const auth = await getAuthState();
  return auth.status === 'authenticated' ? auth.accountOrgId : null;
}

/** The organisation's workouts, newest completed first. */
async function workoutsOf(orgId: number, limit?: number): Promise<StoredWorkout[]> {
  const newestFirst = db.workouts.where('[org_id+completed_at]').between([orgId, Dexie.minKey], [orgId, Dexie.maxKey]).reverse();
  return (limit === undefined ? newestFirst : newestFirst.limit(limit)).toArray();
}

/**
 * The whole log of one member at one organisation, followed by one live query that outlives the
 * screens: reopening the log costs nothing, and the full read (thousands of rows) happens once and
 * again only when workouts change.
 */
const logStore = (() => {
  let followed: { key: string; rows: StoredWorkout[] | undefined; subscription: { unsubscribe(): void } } | null = null;
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());
  // The log is member data: the wipe drops it (a screen still following it reads it afresh).
  registerMemberMemory(() => {
    if (!followed) return;
    followed.subscription.unsubscribe();
    followed = null;
    notify();
  });
  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    rowsFor(key: string | null): StoredWorkout[] | undefined {
      return key !== null && followed?.key === key ? followed.rows : undefined;
    },
    follow(key: string, orgId: number) {
      if (followed?.key === key) return;
      followed?.subscription.unsubscribe();
      const current: NonNullable<typeof followed> = { key, rows: undefined, subscription: { unsubscribe() {} } };
      followed = current;
      current.subscription = liveQuery(() => workoutsOf(orgId)).subscribe({
        next(rows) {
          if (followed !== current) return;
          current.rows = rows;
          notify();
        },
        error(error) {
          console.error('Reading the training log failed', error);
        },
      });
    },
  };
})();

const isLift = (row: StoredWorkout): row is StoredWorkout & LiftWorkout => row.type === 'lift';

/** The whole log in memory (null when nobody is signed in), following it from the first call. */
function useWholeLog(startNow: boolean): { key: string | null; rows: StoredWorkout[] | undefined; orgId: number | null } | undefined {
  const auth = useAuth();
  const orgId = auth?.status === 'authenticated' ? auth.accountOrgId : null;
  const key = orgId !== null ? `${auth?.profileId}:${orgId}` : null;
  const rows = useSyncExternalStore(logStore.subscribe, () => logStore.rowsFor(key));
  useEffect(() => {
    if (startNow && key !== null && orgId !== null) logStore.follow(key, orgId);
  }, [startNow, key, orgId]);
  return auth === undefined ? undefined : { key, rows, orgId };
}

/**
 * The current organisation's log, newest completed_at first. The first time, the newest
 * `firstCount` arrive from a small query so the first screen paints before thousands of rows are
 * read; the whole log follows and stays in memory for the next visit.
 */
export function useWorkouts(firstCount = 20): StoredWorkout[] | undefined {
  const [firstShown, setFirstShown] = useState(false);
  // The full read waits for the first screen: IndexedDB answers in order, and it is the slow one.
  const log = useWholeLog(firstShown);
  const key = log?.key ?? null;
  const orgId = log?.orgId ?? null;
  const all = log?.rows;
  const first = useLiveQuery(
    async () => (orgId !== null && all === undefined ? { key, rows: await workoutsOf(orgId, firstCount) } : undefined),
    [key, all === undefined, firstCount],
  );
  const firstReady = first?.key === key && key !== null;
  useEffect(() => {
    if (firstReady) setFirstShown(true);
  }, [firstReady]);
  if (log === undefined) return undefined;
  if (key === null) return [];
  return all ?? (firstReady ? first.rows : undefined);
}

/** One workout: undefined while loading, null when not on the device. A synced temporary id resolves to the real row. */
export function useWorkout(id: number | null | undefined): StoredWorkout | null | undefined {
  return useLiveQuery(async () => {
    if (id == null) return null;
    const row = await db.workouts.get(id);
    if (row || id >= 0) return row ?? null;
    const alias = await db.workoutAliases.get(id);
    return (alias && (await db.workouts.get(alias.id))) ?? null;
  }, [id]);
}

/** The member's results logged for one class, from the device (a class's workouts tab shows them). */
export function useClassResults(sessionId: number | null | undefined): StoredWorkout[] | undefined {
  return useLiveQuery(async () => (sessionId == null ? [] : db.workouts.where('session_id').equals(sessionId).toArray()), [sessionId]);
}

/** The movement catalogue, by name. */
export function useMovements(): Movement[] | undefined {
  return useLiveQuery(() => db.movements.orderBy('name').toArray(), []);
}

/** One row per movement lifted, computed from the lifts on the device (works offline). */
export function useLiftSummaries(): LiftSummary[] | undefined {
  const log = useWholeLog(true);
  const rows = log?.rows;
  const signedOut = log !== undefined && log.key === null;
  // Best weights and estimates in the member's weight units; the lifts keep theirs.
  const { weight } = useMeasurementUnits();
  return useMemo(() => (signedOut ? [] : rows && liftSummaries(rows.filter(isLift), weight)), [rows, signedOut, weight]);
}

/**
 * History, personal records and the estimated one-rep max of one movement; null when never lifted.
 * `without` leaves out a lift being edited (it is not its own history); `weightUnits` overrides the
 * member's units (a form's chosen units).
 */
export function useLiftDetail(movementId: number | null | undefined, options: { without?: number; weightUnits?: WeightUnits } = {}): LiftDetail | null | undefined {
  const { weight } = useMeasurementUnits();
  const units = options.weightUnits ?? weight;
  const { without } = options;
  return useLiveQuery(async () => {
    if (movementId == null) return null;
    const orgId = await currentOrgId();
    if (orgId === null) return null;
    const rows = await db.workouts.where('[org_id+movement_id]').equals([orgId, movementId]).toArray();
    return liftDetail(movementId, rows.filter((row): row is StoredWorkout & LiftWorkout => row.type === 'lift' && row.id !== without), units);
  }, [movementId, units, without]);
}

const touchedKeys = pendingKeys;

/** Whether the member sees the class's whiteboard: the server's word, unless the device knows the member left the class. */
function boardVisible(board: Leaderboard | undefined, session: StoredSession | undefined): boolean {
  const sessionVisible = session ? isWhiteboardVisible(session) : undefined;
  if (board) return board.visible && sessionVisible !== false;
  return sessionVisible ?? false;
}

/** How the member appears on a board: as the server showed them, else from their profile. */
async function ownMember(board: Leaderboard | undefined): Promise<LeaderboardEntry['member']> {
  for (const { entries } of board?.boards ?? []) {
    const mine = entries.find((entry) => entry.mine);
    if (mine) return mine.member;
  }
  const auth = await getAuthState();
  const profile = auth.profileId === null ? undefined : await db.profiles.get(auth.profileId);
  const member = auth.accountOrgId === null ? undefined : await db.members.get(auth.accountOrgId);
  // The server names members by their account in the organisation.
  const account = profile?.accounts.find((candidate) => candidate.org.id === auth.accountOrgId);
  const memberName = [member?.first_name, member?.last_name].filter(Boolean).join(' ');
  return {
    id: member?.id ?? account?.id ?? profile?.id ?? 0,
    full_name: memberName || profile?.full_name || '',
    avatar_url: profile?.avatar.is_set ? profile.avatar.thumb_url : null,
  };
}

/**
 * The class's boards: the server's ranking with the member's own results taken from the device
 * (so an unsynced or just edited result shows, ranked), re-ranked by the definition's scoring.
 */
async function leaderboardView(sessionId: number): Promise<LeaderboardView> {
  const [board, session, touched] = await Promise.all([db.leaderboards.get(sessionId), db.sessions.get(sessionId), touchedKeys()]);
  const visible = boardVisible(board, session);
  const loaded = board !== undefined;
  if (!visible) return { visible, loaded, boards: [] };
  const definitions = board
    ? board.boards.map((item) => item.definition)
    : [...(session?.whiteboard_items ?? [])].sort((a, b) => a.position - b.position).map((item) => item.definition);
  const own = await db.workouts.where('session_id').equals(sessionId).toArray();
  const ownIds = new Set(own.map((workout) => workout.id));
  const me = await ownMember(board);
  // A server entry of the member's gives way to the device's row, or goes while its deletion waits.
  const serverEntry = (entry: LeaderboardEntry) => !(entry.mine && (ownIds.has(entry.workout_id) || touched.has(workoutKey(entry.workout_id))));
  const boards = definitions.map((definition) => {
    const fromServer = board?.boards.find((item) => item.definition.id === definition.id)?.entries ?? [];
    const unranked: UnrankedEntry[] = [
      ...fromServer.filter(serverEntry).map(({ rank: _rank, ...entry }) => entry),
      ...own
        .filter((workout) => countsForBoard(workout, sessionId, definition.id))
        .map((workout) => ({ workout_id: workout.id, member: me, mine: true, workout })),
    ];
    const entries = rankLeaderboard(definition, unranked).map((entry) => ({ ...entry, pending: touched.has(workoutKey(entry.workout_id)) }));
    return { definition, entries };
  });
  return { visible, loaded, boards };
}

/** A class's leaderboard merged with the member's own results on the device; undefined while loading. */
export function useLeaderboard(sessionId: number | null | undefined): LeaderboardView | undefined {
  return useLiveQuery(async () => (sessionId == null ? undefined : leaderboardView(sessionId)), [sessionId]);
}

/** Keeps the log and the movement catalogue fresh (mount, focus, visibility, back online). */
export function useRefreshTraining(): void {
  const auth = useAuth();
  const key = auth?.status === 'authenticated' && auth.accountOrgId !== null && auth.facilityGuid ? `${auth.accountOrgId}|${auth.facilityGuid}` : null;
  useRevalidate(key, () => Promise.all([pullWorkouts(), pullMovements()]));
}

/** While a board is on screen (the page visible and online) it is asked again this often. */
export const LEADERBOARD_LIVE_MS = 10_000;

/**
 * Keeps a class board as the studio has it: asked each time it is shown (the pull keeps no board
 * for later), on focus and when back online, and every LEADERBOARD_LIVE_MS while on screen, so a
 * member who hides their results leaves others' screens within seconds. An unchanged board is a
 * 304 (docs/decisions.md#leaderboards).
 */
export function useRefreshLeaderboard(sessionId: number | null | undefined): void {
  useRevalidate(sessionId == null ? null : String(sessionId), () => (sessionId == null ? Promise.resolve() : pullLeaderboard(sessionId)));
  useEffect(() => {
    if (sessionId == null) return undefined;
    const id = setInterval(() => {
      if (typeof document !== 'undefined' && document.visibilityState !== 'visible') return;
      if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
      void pullLeaderboard(sessionId).catch(() => undefined);
    }, LEADERBOARD_LIVE_MS);
    return () => clearInterval(id);
  }, [sessionId]);
}

/** The queries behind the hooks, for tests and benchmarks. */
export const trainingQueries = { workoutsOf, leaderboardView };
