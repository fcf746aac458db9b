// Which rows wait for a queued write, so a row can say "waiting to sync". Keys are the touches of
// outbox entries, spelt by touchKey(table, id) and read off the outbox's multi-entry index.
import { useLiveQuery } from 'dexie-react-hooks';
import { isPending, pendingKeys, touchKey, type TouchTable } from '../sync/touches';

const NONE: ReadonlySet<string> = new Set();

async function touchedKeys(): Promise<ReadonlySet<string>> {
  const touched = await pendingKeys();
  return touched.size === 0 ? NONE : touched;
}

/** Every touched key, for lists that mark many rows. */
export function usePendingTouches(): ReadonlySet<string> {
  return useLiveQuery(touchedKeys, []) ?? NONE;
}

/** Whether a queued write touches the row `table`/`id`; false while unknown. */
export function usePending(table: TouchTable, id: number | string | null | undefined): boolean {
  return useIsPending(id == null ? null : touchKey(table, id));
}

export function useIsPending(key: string | null | undefined): boolean {
  return useLiveQuery(async () => (key ? isPending(key) : false), [key]) ?? false;
}
