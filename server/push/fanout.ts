import type { Kysely } from 'kysely';
import type { AppNotification } from '../../core/contract/types';
import type { Database } from '../db/schema';
import { pushPayload } from './payload';
import { DEFAULT_PUSH_TTL_SECONDS, type PushSender, type PushSendOptions } from './sender';
import { logger } from '../observability/log';

// One notification to every push subscription of its member. Subscriptions the push service
// says are gone (404, 410) are deleted; any other failure is logged and the subscription kept.

export interface FanoutResult {
  sent: number;
  removed: number;
  failed: number;
}

export function pushOptions(notification: AppNotification, now: Date): PushSendOptions {
  let ttlSeconds = DEFAULT_PUSH_TTL_SECONDS;
  if (notification.expires_at) {
    // No point delivering an offer after it lapsed.
    const left = Math.floor((Date.parse(notification.expires_at) - now.getTime()) / 1000);
    ttlSeconds = Math.max(0, Math.min(ttlSeconds, left));
  }
  return { urgency: notification.type === 'waitlist' ? 'high' : 'normal', ttlSeconds };
}

export async function pushToMember(db: Kysely<Database>, sender: PushSender, profileId: number, notification: AppNotification, unreadCount: number, now: () => Date): Promise<FanoutResult> {
  const subscriptions = await db.selectFrom('push_subscriptions').select(['id', 'endpoint', 'p256dh', 'auth']).where('profile_id', '=', profileId).execute();
  const result: FanoutResult = { sent: 0, removed: 0, failed: 0 };
  if (subscriptions.length === 0) return result;
  const payload = pushPayload(notification, unreadCount);
  const options = pushOptions(notification, now());
  await Promise.all(
    subscriptions.map(async (s) => {
      try {
        const { statusCode } = await sender.send({ endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } }, payload, options);
        if (statusCode >= 200 && statusCode < 300) {
          result.sent++;
          await db.updateTable('push_subscriptions').set({ last_success_at: now().toISOString() }).where('id', '=', s.id).execute();
        } else if (statusCode === 404 || statusCode === 410) {
          result.removed++;
          // Only this exact row: the endpoint may have been re-registered meanwhile.
          await db.deleteFrom('push_subscriptions').where('id', '=', s.id).where('endpoint', '=', s.endpoint).execute();
        } else {
          result.failed++;
          logger.warn({ component: 'push', host: safeHost(s.endpoint), status: statusCode, notification: notification.id }, 'push service refused; subscription kept');
        }
      } catch (error) {
        result.failed++;
        logger.warn({ component: 'push', host: safeHost(s.endpoint), notification: notification.id, reason: error instanceof Error ? error.message : String(error) }, 'sending a push failed');
      }
    }),
  );
  return result;
}

function safeHost(endpoint: string): string {
  try {
    return new URL(endpoint).host;
  } catch {
    return 'an invalid endpoint';
  }
}
