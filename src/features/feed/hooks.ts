import { useLiveQuery } from 'dexie-react-hooks';
import type { Activity } from '../../../core/contract/types';
import { db } from '../../data/db';
import { useRevalidate } from '../booking/public';
import { pullActivities } from './pull';

const newestFirst = (a: Activity, b: Activity) => b.created_at.localeCompare(a.created_at) || b.id - a.id;

/** The organisation's posts on the device, newest first. */
export function useActivities(orgId: number | undefined): Activity[] | undefined {
  return useLiveQuery(async () => (orgId === undefined ? undefined : (await db.activities.where('org_id').equals(orgId).toArray()).sort(newestFirst)), [orgId]);
}

export function useRefreshActivities(guid: string | undefined, orgId: number | undefined): void {
  useRevalidate(guid && orgId !== undefined ? `${guid}|${orgId}` : null, () => (guid && orgId !== undefined ? pullActivities(guid, orgId) : Promise.resolve()));
}

/** How many post notifications the device has: it grows when one arrives live. */
export function usePostNotificationCount(): number {
  return useLiveQuery(() => db.notifications.filter((n) => n.type === 'post').count(), []) ?? 0;
}
