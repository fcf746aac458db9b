// Which rows wait for a queued write, so a row can say "waiting to sync". Keys are the touches of
// outbox entries: `sessions:{id}`, `visits:{id}`, `profiles:{id}` …
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../db';

const NONE: ReadonlySet<string> = new Set();

async function touchedKeys(): Promise<ReadonlySet<string>> {
  const touched = new Set<string>();
  await db.outbox.each((entry) => entry.touches.forEach((key) => touched.add(key)));
  return touched.size === 0 ? NONE : touched;
}

export function usePendingTouches(): ReadonlySet<string> {
  return useLiveQuery(touchedKeys, []) ?? NONE;
}

export function useIsPending(key: string | null | undefined): boolean {
  return useLiveQuery(async () => (key ? (await touchedKeys()).has(key) : false), [key]) ?? false;
}
