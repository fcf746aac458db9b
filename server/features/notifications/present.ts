import type { Kysely } from 'kysely';
import type { AppNotification } from '../../../core/contract/types';
import type { Database, NotificationRow } from '../../db/schema';

type Db = Kysely<Database>;

function parseParams(text: string): AppNotification['params'] {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as AppNotification['params']) : {};
  } catch {
    return {};
  }
}

/** A notification row as the app sees it. */
export function toNotification(row: NotificationRow): AppNotification {
  return {
    id: row.id,
    type: row.type,
    message: row.message,
    params: parseParams(row.params),
    avatar_url: row.avatar_url,
    org_id: row.org_id,
    read_at: row.read_at,
    removed_at: row.removed_at,
    expires_at: row.expires_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** Unread notifications the member would see in the list of one organisation. */
export async function unreadCount(db: Db, profileId: number, orgId: number, now: Date): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('profile_id', '=', profileId)
    .where('org_id', '=', orgId)
    .where('read_at', 'is', null)
    .where('removed_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now.toISOString())]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
