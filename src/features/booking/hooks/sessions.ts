// Live views of classes. Screens read these (Dexie only) and ask for a background refresh with
// the useRefresh… hooks, which never block rendering.
import { useEffect, useRef, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { db, type StoredSession } from '../../../data/db';
import { normaliseIso, sessionsResource } from '../resources';
import { memberMemoryEpoch, registerMemberMemory } from '../../../data/memory';

/**
 * The facility's classes starting in [fromIso, toIso), by start time (ties by id), straight off
 * the [facility_guid+start_date] index. undefined while IndexedDB answers or no facility is known.
 */
export function useSessions(facilityGuid: string | null | undefined, fromIso: string, toIso: string): StoredSession[] | undefined {
  return useLiveQuery(() => (facilityGuid ? sessionsBetween(facilityGuid, fromIso, toIso) : undefined), [facilityGuid, fromIso, toIso]);
}

/** The query behind useSessions, for tests and benchmarks; `limit` keeps only the first rows. */
export function sessionsBetween(facilityGuid: string, fromIso: string, toIso: string, limit?: number): Promise<StoredSession[]> {
  const from = normaliseIso(fromIso);
  const to = normaliseIso(toIso);
  if (from >= to) return Promise.resolve([]);
  const query = db.sessions.where('[facility_guid+start_date]').between([facilityGuid, from], [facilityGuid, to], true, false);
  return (limit === undefined ? query : query.limit(limit)).toArray();
}

/**
 * Recently read ranges, so moving to an adjacent range paints from memory at once. The rows carry
 * the member's visits, so the wipe empties it.
 */
const rangeCache = new Map<string, StoredSession[]>();
const RANGE_CACHE_SIZE = 8;
registerMemberMemory(() => rangeCache.clear());

function rangeKey(facilityGuid: string, fromIso: string, toIso: string): string {
  return `${facilityGuid}|${fromIso}|${toIso}`;
}

/** `epoch` is the wipe epoch when the read started: a read that raced a wipe is not kept. */
function remember(key: string, rows: StoredSession[], epoch: number): void {
  if (epoch !== memberMemoryEpoch()) return;
  rangeCache.delete(key);
  rangeCache.set(key, rows);
  if (rangeCache.size > RANGE_CACHE_SIZE) rangeCache.delete(rangeCache.keys().next().value!);
}

/** Reads a range ahead of time (e.g. the next and previous week) into the in-memory cache. */
export async function prefetchSessions(facilityGuid: string, fromIso: string, toIso: string): Promise<void> {
  const key = rangeKey(facilityGuid, fromIso, toIso);
  const epoch = memberMemoryEpoch();
  if (!rangeCache.has(key)) remember(key, await sessionsBetween(facilityGuid, fromIso, toIso), epoch);
}

/**
 * useSessions for long lists. A range read before (or prefetched) shows from memory in the first
 * render; otherwise the first `firstCount` classes arrive from a small query so the first screen
 * paints at once. Either way the live query of the whole range then takes over. Each answer is
 * tagged with its range, so a previous range's rows are never shown for a new one.
 */
export function useSessionsProgressive(
  facilityGuid: string | null | undefined,
  fromIso: string,
  toIso: string,
  firstCount: number,
): StoredSession[] | undefined {
  const key = facilityGuid ? rangeKey(facilityGuid, fromIso, toIso) : '';
  const cached = rangeCache.get(key);
  const all = useLiveQuery(
    async () => {
      if (!facilityGuid) return undefined;
      const epoch = memberMemoryEpoch();
      const rows = await sessionsBetween(facilityGuid, fromIso, toIso);
      remember(key, rows, epoch);
      return { key, rows };
    },
    [key],
    cached ? { key, rows: cached } : undefined,
  );
  const first = useLiveQuery(
    async () => (facilityGuid && !rangeCache.has(key) ? { key, rows: await sessionsBetween(facilityGuid, fromIso, toIso, firstCount) } : undefined),
    [key],
  );
  if (all?.key === key) return all.rows;
  if (cached) return cached;
  if (first?.key === key) return first.rows;
  return undefined;
}

/** One class: undefined while loading, null when the device does not have it. */
export function useSession(id: number | null | undefined): StoredSession | null | undefined {
  return useLiveQuery(async () => (id == null ? null : ((await db.sessions.get(id)) ?? null)), [id]);
}

/**
 * The pulls load when a screen first asks for a refresh (an effect, after its first rows are on
 * screen from the device), not with the screen: the timetable's first paint needs only its rows.
 */
const loadPull = () => import('../pull');

/**
 * Runs `run` now and again when the page regains focus, becomes visible or comes back online,
 * whenever `key` changes; null does nothing. Failures land in the sync status row, not here.
 */
export function useRevalidate(key: string | null, run: () => Promise<unknown>): void {
  const latest = useRef(run);
  useEffect(() => {
    latest.current = run;
  });
  useEffect(() => {
    if (key === null) return undefined;
    const go = () => void latest.current().catch(() => undefined);
    // The first run in a task of its own, after the screen's mount: its chunk's import (with the
    // preload links it adds) made the mount's task longer, before the first frame a tap can reach.
    const first = setTimeout(go, 0);
    const win = typeof window === 'undefined' ? undefined : window;
    const doc = typeof document === 'undefined' ? undefined : document;
    const onVisible = () => {
      if (doc?.visibilityState === 'visible') go();
    };
    win?.addEventListener('focus', go);
    win?.addEventListener('online', go);
    doc?.addEventListener('visibilitychange', onVisible);
    return () => {
      clearTimeout(first);
      win?.removeEventListener('focus', go);
      win?.removeEventListener('online', go);
      doc?.removeEventListener('visibilitychange', onVisible);
    };
  }, [key]);
}

/**
 * Keeps the facility's classes in [fromIso, toIso) fresh (at most one request per 2 minutes), and
 * says whether this range's first pull has answered (fetched, still fresh, or failed): until then
 * an empty device is not an empty timetable (a new member's 51 classes may be on their way).
 */
export function useRefreshSessions(facilityGuid: string | null | undefined, fromIso: string, toIso: string): boolean {
  const key = facilityGuid ? `${facilityGuid}|${fromIso}|${toIso}` : null;
  const [answered, setAnswered] = useState<string | null>(null);
  useRevalidate(key, () => (facilityGuid ? loadPull().then(({ pullSessions }) => pullSessions(facilityGuid, fromIso, toIso)).finally(() => setAnswered(key)) : Promise.resolve()));
  return key !== null && answered === key;
}

/** When the facility's classes in [fromIso, toIso) were last fetched (undefined: never, or not read yet). */
export function useSessionsFetchedAt(facilityGuid: string | null | undefined, fromIso: string, toIso: string): number | undefined {
  return useLiveQuery(async () => (facilityGuid ? (await db.pulls.get(sessionsResource(facilityGuid, fromIso, toIso)))?.fetchedAt : undefined), [facilityGuid, fromIso, toIso]);
}

export function useRefreshSession(id: number | null | undefined): void {
  useRevalidate(id == null ? null : String(id), () => (id == null ? Promise.resolve() : loadPull().then(({ pullSession }) => pullSession(id))));
}
