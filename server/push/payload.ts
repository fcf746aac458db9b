import type { AppNotification, NotificationPushPayload } from '../../core/contract/types';

// Push services accept at most 4096 bytes of encrypted body; aes128gcm adds 103 bytes of
// header, padding delimiter and tag. Payloads are kept under 3800 bytes of UTF-8 JSON.
export const MAX_PUSH_PAYLOAD_BYTES = 3800;

const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

function cut(text: string, maxChars: number): string {
  const chars = Array.from(text);
  return chars.length <= maxChars ? text : `${chars.slice(0, maxChars - 1).join('')}…`;
}

/** The ids the app needs to open a notification (see docs/rules.md#notifications), nothing else. */
function tapParams(params: AppNotification['params']): AppNotification['params'] {
  const out: AppNotification['params'] = {};
  if (params.class) out.class = params.class;
  if (params.appointment) out.appointment = { id: params.appointment.id };
  if (params.visit) out.visit = { id: params.visit.id };
  if (Array.isArray(params.posts)) out.posts = params.posts.slice(0, 3).map((p) => ({ id: p.id, author: { full_name: cut(p.author.full_name, 60) } }));
  return out;
}

/** `{notification, unread_count}` as JSON, shortened (and marked truncated) when it would not fit. */
export function pushPayload(notification: AppNotification, unreadCount: number): string {
  const full: NotificationPushPayload = { notification, unread_count: unreadCount };
  const text = JSON.stringify(full);
  if (bytes(text) <= MAX_PUSH_PAYLOAD_BYTES) return text;
  const attempts: AppNotification[] = [
    { ...notification, message: cut(notification.message, 500), params: tapParams(notification.params), avatar_url: null },
    { ...notification, message: cut(notification.message, 120), params: tapParams(notification.params), avatar_url: null },
    { ...notification, message: cut(notification.message, 120), params: {}, avatar_url: null },
  ];
  for (const n of attempts) {
    const shorter = JSON.stringify({ notification: n, unread_count: unreadCount, truncated: true } satisfies NotificationPushPayload);
    if (bytes(shorter) <= MAX_PUSH_PAYLOAD_BYTES) return shorter;
  }
  // Only a pathological type string could get here.
  return JSON.stringify({ notification: { ...notification, type: cut(notification.type, 40), message: '', params: {}, avatar_url: null }, unread_count: unreadCount, truncated: true });
}
