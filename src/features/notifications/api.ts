import { apiRequest } from '../../data/api/client';
import type { MemberReadOptions, MemberWriteOptions } from '../../data/api/account';
import type { AppNotification, NotificationList, PushSubscriptionBody, PushSubscriptionCreated, VapidPublicKey } from '../../../core/contract/types';

// Notifications (see docs/decisions.md#notifications) belong to the member across all their accounts, so they are sent
// without facility headers (with one, the server lists only that organisation's). Writes answer
// with the notifications as the server now has them.

export function getNotifications(options: MemberReadOptions = {}): Promise<AppNotification[]> {
  return apiRequest<NotificationList>('GET', '/notifications', { ...options, scope: null, schema: 'notificationList' }).then((answer) => answer.data);
}

export function markNotificationRead(id: number, options: MemberWriteOptions = {}): Promise<AppNotification> {
  return apiRequest<AppNotification>('PUT', `/notifications/${id}/mark_as_read`, { ...options, scope: null, body: {} });
}

export function markAllNotificationsRead(ids: readonly number[], options: MemberWriteOptions = {}): Promise<AppNotification[]> {
  return apiRequest<NotificationList>('PUT', '/notifications/mark_all_read', { ...options, scope: null, body: { ids } }).then(
    (answer) => answer.data,
  );
}

// Web Push for this device. Subscriptions belong to the signed-in member, not to a facility.

/** What PushSubscription.toJSON() gives, as the server stores it. */
export type PushSubscriptionPayload = PushSubscriptionBody['subscription'];

/** The server's VAPID public key, base64url. */
export function getVapidPublicKey(options: MemberReadOptions = {}): Promise<string> {
  return apiRequest<VapidPublicKey>('GET', '/push/vapid_public_key', { ...options, scope: null, schema: 'vapidPublicKey' }).then((answer) => answer.public_key);
}

/** An upsert by endpoint: saving again (or as another member on a shared device) is fine. */
export function savePushSubscription(subscription: PushSubscriptionPayload, options: MemberWriteOptions = {}): Promise<PushSubscriptionCreated> {
  const body: PushSubscriptionBody = { subscription };
  return apiRequest<PushSubscriptionCreated>('POST', '/push_subscriptions', { ...options, scope: null, body });
}

/** 204 whether or not the server knew the endpoint. */
export function deletePushSubscription(endpoint: string, options: MemberWriteOptions & { timeoutMs?: number } = {}): Promise<void> {
  return apiRequest<void>('DELETE', '/push_subscriptions', { ...options, scope: null, body: { endpoint } });
}

