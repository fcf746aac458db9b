import { describe, expect, it } from 'vitest';
import { unreadCount, visibleNotifications } from '../../src/domain/notifications';
import type { AppNotification } from '../../src/data/api/types';

const now = new Date('2026-11-22T10:00:00Z');
function n(id: number, over: Partial<AppNotification> = {}): AppNotification {
  return {
    id, type: 'post', message: `m${id}`, params: {}, avatar_url: null, read_at: null, removed_at: null,
    expires_at: null, created_at: '2026-11-20T00:00:00Z', updated_at: `2026-11-2${id}T00:00:00Z`, ...over,
  };
}

describe('notification list rules', () => {
  it('sorts by updated_at, newest first', () => {
    expect(visibleNotifications([n(1), n(3), n(2)], now).map((x) => x.id)).toEqual([3, 2, 1]);
  });
  it('hides expired and removed notifications', () => {
    const list = [n(1, { expires_at: '2026-11-22T09:59:59Z' }), n(2, { removed_at: '2026-11-21T00:00:00Z' }), n(3, { expires_at: '2026-11-22T10:00:01Z' })];
    expect(visibleNotifications(list, now).map((x) => x.id)).toEqual([3]);
  });
  it('counts unread visible notifications only', () => {
    const list = [n(1), n(2, { read_at: '2026-11-21T00:00:00Z' }), n(3, { removed_at: '2026-11-21T00:00:00Z' }), n(4, { expires_at: '2026-11-01T00:00:00Z' })];
    expect(unreadCount(list, now)).toBe(1);
  });
});
