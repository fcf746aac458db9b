import { useLiveQuery } from 'dexie-react-hooks';
import { db, type SyncNotice, type SyncStatus } from '../db';

export function useSyncStatus(): SyncStatus | undefined {
  return useLiveQuery(async () => (await db.meta.get('status')) as SyncStatus | undefined, []);
}

/** Writes the server refused, waiting for the member to read them. */
export function useSyncNotices(): SyncNotice[] {
  return useLiveQuery(() => db.notices.orderBy('createdAt').toArray(), []) ?? [];
}

export async function dismissNotice(id: number): Promise<void> {
  await db.notices.delete(id);
}
