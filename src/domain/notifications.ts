// Pure rules for the notification list (SPEC §4): removed ones are gone, expired ones hidden,
// newest update first; the unread count is what the bell badge and the app badge show.
import type { AppNotification } from '../data/api/types';

export function isVisible(n: AppNotification, now: Date): boolean {
  if (n.removed_at) return false;
  return !(n.expires_at && Date.parse(n.expires_at) <= now.getTime());
}

export function visibleNotifications(list: readonly AppNotification[], now: Date): AppNotification[] {
  return list
    .filter((n) => isVisible(n, now))
    .sort((a, b) => Date.parse(b.updated_at) - Date.parse(a.updated_at));
}

export function unreadCount(list: readonly AppNotification[], now: Date): number {
  return list.reduce((count, n) => (isVisible(n, now) && !n.read_at ? count + 1 : count), 0);
}
