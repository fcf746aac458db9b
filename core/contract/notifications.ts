// Notifications: the list, the realtime message and the Web Push payload.
import * as z from 'zod/mini';
import { iso } from './common';
import { MARK_ALL_MAX_IDS } from '../limits';

export type NotificationType = 'waitlist' | 'class_cancelled' | 'booking_open' | 'recurring_booking' | 'appointment' | 'post' | 'log_workout' | (string & {});

export const appNotification = z.object({
  id: z.number(),
  type: z.string() as z.ZodMiniType<NotificationType>,
  message: z.string(),
  params: z.looseObject({
    class: z.optional(z.object({ id: z.number(), name: z.string(), start_date: iso })),
    appointment: z.optional(z.object({ id: z.number() })),
    posts: z.optional(z.array(z.object({ id: z.number(), author: z.object({ full_name: z.string() }) }))),
    visit: z.optional(z.object({ id: z.number() })),
    /** log_workout: the class's workout the prompt names (core/rules/training/log-prompt.ts). */
    workout: z.optional(z.object({ definition_id: z.number(), type: z.enum(['wod', 'lift']), name: z.string(), scoring: z.nullable(z.string()) })),
  }),
  avatar_url: z.nullable(z.string()),
  /** The organisation the notification belongs to (the realtime channel is the member's short id there). */
  org_id: z.optional(z.number()),
  read_at: z.nullable(iso),
  removed_at: z.nullable(iso),
  expires_at: z.nullable(iso),
  created_at: iso,
  updated_at: iso,
});
export type AppNotification = z.infer<typeof appNotification>;

/** GET /notifications: the member's notifications, not removed and not expired, newest update first (at most 100). */
export const notificationList = z.object({ data: z.array(appNotification) });
export type NotificationList = z.infer<typeof notificationList>;

// Request bodies carry the server's messages: the server validates with these schemas.
const notificationId = z.number({ error: 'Each id must be a number.' }).check(
  z.refine((v) => Number.isInteger(v), { error: 'Each id must be a whole number.', abort: true }),
  z.positive('Each id must be positive.'),
);

/** PUT /notifications/mark_all_read body. */
export const markAllReadBody = z.object(
  {
    ids: z.array(notificationId, { error: 'ids must be a list of notification ids.' }).check(z.maxLength(MARK_ALL_MAX_IDS, `At most ${MARK_ALL_MAX_IDS} ids at a time.`)),
  },
  { error: 'The request body must be an object like {"ids": [1, 2]}.' },
);
export type MarkAllReadBody = z.infer<typeof markAllReadBody>;

/** What the server publishes on the realtime channel /n/{member_short_id}. */
export const notificationRealtimeMessage = z.object({
  /** created: new; updated: changed (e.g. read on another device); removed: removed_at is set, drop it from the list. */
  event: z.enum(['created', 'updated', 'removed']),
  notification: appNotification,
});
export type NotificationRealtimeMessage = z.infer<typeof notificationRealtimeMessage>;

/** The Web Push message body (the data of the service worker's push event). */
export const notificationPushPayload = z.object({
  notification: appNotification,
  /** Unread, visible notifications of the member in the notification's organisation. */
  unread_count: z.number(),
  /** Set when the notification was shortened to fit the 4 KB push limit (fetch it for the full text). */
  truncated: z.optional(z.boolean()),
});
export type NotificationPushPayload = z.infer<typeof notificationPushPayload>;
