// Live views of classes. Screens read these (Dexie only) and ask for a background refresh with
// the useRefresh… hooks, which never block rendering.
import { useEffect, useRef } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { db, type StoredSession } from '../db';
import { normaliseIso, pullSession, pullSessions } from '../sync/pull-sessions';

/**
 * The facility's classes starting in [fromIso, toIso), by start time (ties by id), straight off
 * the [facility_guid+start_date] index. undefined while IndexedDB answers or no facility is known.
 */
export function useSessions(facilityGuid: string | null | undefined, fromIso: string, toIso: string): StoredSession[] | undefined {
  return useLiveQuery(() => (facilityGuid ? sessionsBetween(facilityGuid, fromIso, toIso) : undefined), [facilityGuid, fromIso, toIso]);
}

/** The query behind useSessions, for tests and benchmarks. */
export function sessionsBetween(facilityGuid: string, fromIso: string, toIso: string): Promise<StoredSession[]> {
  const from = normaliseIso(fromIso);
  const to = normaliseIso(toIso);
  if (from >= to) return Promise.resolve([]);
  return db.sessions.where('[facility_guid+start_date]').between([facilityGuid, from], [facilityGuid, to], true, false).toArray();
}

/** One class: undefined while loading, null when the device does not have it. */
export function useSession(id: number | null | undefined): StoredSession | null | undefined {
  return useLiveQuery(async () => (id == null ? null : ((await db.sessions.get(id)) ?? null)), [id]);
}

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
    go();
    const win = typeof window === 'undefined' ? undefined : window;
    const doc = typeof document === 'undefined' ? undefined : document;
    const onVisible = () => {
      if (doc?.visibilityState === 'visible') go();
    };
    win?.addEventListener('focus', go);
    win?.addEventListener('online', go);
    doc?.addEventListener('visibilitychange', onVisible);
    return () => {
      win?.removeEventListener('focus', go);
      win?.removeEventListener('online', go);
      doc?.removeEventListener('visibilitychange', onVisible);
    };
  }, [key]);
}

/** Keeps the facility's classes in [fromIso, toIso) fresh (at most one request per 2 minutes). */
export function useRefreshSessions(facilityGuid: string | null | undefined, fromIso: string, toIso: string): void {
  useRevalidate(facilityGuid ? `${facilityGuid}|${fromIso}|${toIso}` : null, () => (facilityGuid ? pullSessions(facilityGuid, fromIso, toIso) : Promise.resolve()));
}

export function useRefreshSession(id: number | null | undefined): void {
  useRevalidate(id == null ? null : String(id), () => (id == null ? Promise.resolve() : pullSession(id)));
}
