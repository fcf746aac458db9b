// Web Push subscription endpoints.
import * as z from 'zod/mini';

/** GET /push/vapid_public_key: the applicationServerKey for pushManager.subscribe (base64url). */
export const vapidPublicKey = z.object({ public_key: z.string() });
export type VapidPublicKey = z.infer<typeof vapidPublicKey>;

/** POST /push_subscriptions body: PushSubscription.toJSON() under "subscription". */
export interface PushSubscriptionBody {
  subscription: {
    endpoint: string;
    expirationTime?: number | null;
    keys: { p256dh: string; auth: string };
  };
}

/** POST /push_subscriptions answer (201). */
export const pushSubscriptionCreated = z.object({ id: z.number(), endpoint: z.string() });
export type PushSubscriptionCreated = z.infer<typeof pushSubscriptionCreated>;
