// Pulls of the feed slice: the newest page of the organisation's feed (refreshed), older pages on
// demand (kept, so the feed scrolls back offline as far as it was read), and single posts (a
// notification names a post the device does not have yet).
import { facilityScope } from '../../data/api/client';
import { now } from '../../data/clock';
import { db } from '../../data/db';
import { definePull, type PullOptions, type RefreshResult } from '../../data/sync/pull';
import { feedCursor } from '../../../core/contract/feed';
import type { Activity, ActivityPage } from '../../../core/contract/types';
import { getActivities, getActivity } from './api';
import { confirmedSince, pendingKeys, touchKey } from '../../data/sync/touches';

export const FEED_MAX_AGE_MS = 60_000;

const newestPull = definePull<{ guid: string; orgId: number }, ActivityPage>({
  resource: ({ orgId }) => `activities:${orgId}`,
  maxAgeMs: FEED_MAX_AGE_MS,
  tables: () => [db.activities],
  fetch: ({ guid }) => getActivities(null, { scope: facilityScope(guid) }),
  async write(page, guard) {
    if (!page) return;
    await db.activities.bulkPut(page.activities.filter((a) => guard.free(touchKey('activities', a.id))));
  },
});

export function pullActivities(guid: string, orgId: number, options: PullOptions = {}): Promise<RefreshResult> {
  return newestPull({ guid, orgId }, options);
}

/**
 * Posts an answer may write: none that a queued intent is changing, or that one changed since the
 * call went out (a post reported meanwhile must not come back from an answer older than the report).
 */
async function writable(activities: readonly Activity[], startedAt: number): Promise<Activity[]> {
  const [pending, confirmed] = await Promise.all([pendingKeys(), confirmedSince(startedAt)]);
  return activities.filter((a) => !pending.has(touchKey('activities', a.id)) && !confirmed.has(touchKey('activities', a.id)));
}

/** The page after the oldest post the device has; false when there is nothing older. */
export async function pullOlderActivities(guid: string, orgId: number): Promise<boolean> {
  const oldest = await db.activities.where('org_id').equals(orgId).sortBy('created_at').then((rows) => rows.sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id)[0]);
  const startedAt = now();
  const page = await getActivities(oldest ? feedCursor(oldest) : null, { scope: facilityScope(guid) });
  await db.activities.bulkPut(await writable(page.activities, startedAt));
  return page.next_cursor !== null;
}

export async function pullActivity(guid: string, id: number): Promise<Activity> {
  const startedAt = now();
  const activity = await getActivity(id, { scope: facilityScope(guid) });
  for (const free of await writable([activity], startedAt)) await db.activities.put(free);
  return activity;
}
