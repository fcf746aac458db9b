import { describe, expect, it } from 'vitest';
import {
  actionCount, notificationOrgName, openOfferIds, postsSummary, systemNotificationText, unreadCount, unreadVisibleIds, visibleNotifications,
} from './notifications';
import { notificationTarget } from './notification-target';
import type { AppNotification } from '../contract/types';

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

describe('notificationTarget (SPEC §2 tap behaviour)', () => {
  const cls = { id: 42, name: 'HIIT', start_date: '2026-11-23T06:00:00Z' };
  it('opens the class for waitlist and class_cancelled', () => {
    expect(notificationTarget(n(1, { type: 'waitlist', params: { class: cls, visit: { id: 7 } } }))).toEqual({ path: '/classes/42' });
    expect(notificationTarget(n(1, { type: 'class_cancelled', params: { class: cls } }))).toEqual({ path: '/classes/42' });
  });
  it('opens the class for a booking-open reminder and a weekly booking', () => {
    expect(notificationTarget(n(1, { type: 'booking_open', params: { class: cls } }))).toEqual({ path: '/classes/42' });
    expect(notificationTarget(n(1, { type: 'recurring_booking', params: { class: cls } }))).toEqual({ path: '/classes/42' });
  });
  it('opens the appointment', () => {
    expect(notificationTarget(n(1, { type: 'appointment', params: { appointment: { id: 9 } } }))).toEqual({ path: '/appointments/9' });
  });
  it('opens the feed with the post ids in notify, comma-separated, each once', () => {
    const posts = [{ id: 3, author: { full_name: 'A' } }, { id: 5, author: { full_name: 'B' } }, { id: 3, author: { full_name: 'A' } }];
    expect(notificationTarget(n(1, { type: 'post', params: { posts } }))).toEqual({ path: '/activity?notify=3,5' });
  });
  it('ignores unknown types', () => {
    expect(notificationTarget(n(1, { type: 'birthday', params: { class: cls } }))).toEqual({ ignored: true, reason: 'unknown_type' });
  });
  it('ignores a known type without the params it needs', () => {
    expect(notificationTarget(n(1, { type: 'waitlist', params: {} }))).toEqual({ ignored: true, reason: 'missing_params' });
    expect(notificationTarget(n(1, { type: 'appointment', params: { class: cls } }))).toEqual({ ignored: true, reason: 'missing_params' });
    expect(notificationTarget(n(1, { type: 'post', params: { posts: [] } }))).toEqual({ ignored: true, reason: 'missing_params' });
    expect(notificationTarget({ type: 'class_cancelled', params: null as unknown as AppNotification['params'] })).toEqual({ ignored: true, reason: 'missing_params' });
  });
  it('keeps odd ids inside the path', () => {
    expect(notificationTarget(n(1, { type: 'appointment', params: { appointment: { id: 'a/b' as unknown as number } } }))).toEqual({ path: '/appointments/a%2Fb' });
  });
});

describe('postsSummary (SPEC §9)', () => {
  const post = (id: number, name: string) => ({ id, author: { full_name: name } });
  it('names one, two or three authors', () => {
    expect(postsSummary([post(1, 'Ana')])).toEqual({ names: ['Ana'], others: 0 });
    expect(postsSummary([post(1, 'Ana'), post(2, 'Ben')])).toEqual({ names: ['Ana', 'Ben'], others: 0 });
    expect(postsSummary([post(1, 'Ana'), post(2, 'Ben'), post(3, 'Cat')])).toEqual({ names: ['Ana', 'Ben', 'Cat'], others: 0 });
  });
  it('names two and counts the others from four authors on', () => {
    expect(postsSummary([post(1, 'Ana'), post(2, 'Ben'), post(3, 'Cat'), post(4, 'Dan')])).toEqual({ names: ['Ana', 'Ben'], others: 2 });
    expect(postsSummary(Array.from({ length: 9 }, (_, i) => post(i, `P${i}`)))).toEqual({ names: ['P0', 'P1'], others: 7 });
  });
  it('counts each author once and skips posts without an author name', () => {
    expect(postsSummary([post(1, 'Ana'), post(2, ' Ana '), post(3, 'Ben')])).toEqual({ names: ['Ana', 'Ben'], others: 0 });
    expect(postsSummary([post(1, 'Ana'), post(2, 'Ana'), post(3, 'Ana')])).toEqual({ names: ['Ana'], others: 0 });
    expect(postsSummary([post(1, ''), { id: 2, author: null }, { id: 3 }, post(4, 'Ben')])).toEqual({ names: ['Ben'], others: 0 });
    expect(postsSummary([])).toEqual({ names: [], others: 0 });
  });
});

describe('badge count and "mark all" ids', () => {
  it('the badge shows the unread visible count', () => {
    const list = [n(1), n(2), n(3, { read_at: '2026-11-21T00:00:00Z' }), n(4, { expires_at: '2026-11-22T09:00:00Z' }), n(5, { removed_at: '2026-11-21T00:00:00Z' })];
    expect(actionCount(list, [], now)).toBe(2);
    expect(actionCount([], [], now)).toBe(0);
  });
  it('mark all covers unread visible notifications only, newest first', () => {
    const list = [n(1), n(3), n(2, { read_at: '2026-11-21T00:00:00Z' }), n(4, { expires_at: '2026-11-22T09:00:00Z' })];
    expect(unreadVisibleIds(list, now)).toEqual([3, 1]);
  });
});

describe('systemNotificationText (service worker titles)', () => {
  it('makes the first sentence the title and the rest the body', () => {
    expect(systemNotificationText('A place opened in HIIT. Confirm it before 5 pm.', 'Member')).toEqual({ title: 'A place opened in HIIT.', body: 'Confirm it before 5 pm.' });
  });
  it('keeps a one-sentence message whole as the body under the fallback title', () => {
    expect(systemNotificationText('Your HIIT class on Monday was cancelled', 'Member')).toEqual({ title: 'Member', body: 'Your HIIT class on Monday was cancelled' });
    expect(systemNotificationText('Yoga is cancelled.', 'Member')).toEqual({ title: 'Member', body: 'Yoga is cancelled.' });
  });
  it('does not cut at an abbreviation or make an overlong title', () => {
    expect(systemNotificationText('Dr. Smith moved your appointment to 3 pm.', 'Member').title).toBe('Member');
    const long = `${'x'.repeat(90)}. Rest.`;
    expect(systemNotificationText(long, 'Member')).toEqual({ title: 'Member', body: long });
  });
});

describe('what needs the member\'s action (bell and app badge), every organisation', () => {
  const later = '2026-11-22T10:30:00Z';
  const offerNote = (id: number, visitId: number, over: Partial<AppNotification> = {}) =>
    n(id, { type: 'waitlist', params: { class: { id: 70, name: 'HIIT', start_date: '2026-11-22T12:00:00Z' }, visit: { id: visitId } }, expires_at: later, ...over });
  const pending = (id: number, offer_expires_at: string | null = later) => ({ id, state: 'pending' as const, offer_expires_at });

  it('counts unread notifications of every organisation plus open offers', () => {
    const list = [n(1, { org_id: 1 }), n(2, { org_id: 2 }), n(3, { org_id: 2, read_at: '2026-11-21T00:00:00Z' })];
    expect(actionCount(list, [pending(500)], now)).toBe(3);
  });
  it('counts an offer once when its notification is unread too', () => {
    expect(actionCount([offerNote(1, 500)], [pending(500)], now)).toBe(1);
  });
  it('still counts an offer whose notification was read: it still needs an answer', () => {
    expect(actionCount([offerNote(1, 500, { read_at: '2026-11-22T09:00:00Z' })], [pending(500)], now)).toBe(1);
    // Known only from its visible notification (the class was never fetched here).
    expect(actionCount([offerNote(1, 500, { read_at: '2026-11-22T09:00:00Z' })], [], now)).toBe(1);
  });
  it('drops an offer that lapsed or was answered on the device, whatever copy is older', () => {
    expect(actionCount([], [pending(500, '2026-11-22T09:59:00Z')], now)).toBe(0);
    const answered = [pending(500), { id: 500, state: 'booked' as const, offer_expires_at: null }];
    expect(openOfferIds([offerNote(1, 500, { read_at: '2026-11-22T09:00:00Z' })], answered, now)).toEqual(new Set());
    // Its notification unread: still one unread notification, no offer.
    expect(actionCount([offerNote(1, 500)], answered, now)).toBe(1);
  });
  it('ignores a waitlisted visit and an offer notification that expired or was removed', () => {
    expect(actionCount([offerNote(1, 500, { expires_at: '2026-11-22T09:00:00Z' }), offerNote(2, 501, { removed_at: '2026-11-22T09:00:00Z' })], [{ id: 502, state: 'waitlisted', offer_expires_at: null }], now)).toBe(0);
  });
});

describe('the organisation named on a row', () => {
  const harbour = { org: { id: 1, name: 'Harbour CrossFit' } };
  const tallinn = { org: { id: 2, name: 'Tallinn Strength' } };
  it('is named only when the member belongs to more than one', () => {
    expect(notificationOrgName({ org_id: 2 }, [harbour, tallinn])).toBe('Tallinn Strength');
    expect(notificationOrgName({ org_id: 1 }, [harbour])).toBeNull();
  });
  it('is not guessed when the notification does not say, or names an organisation the member left', () => {
    expect(notificationOrgName({}, [harbour, tallinn])).toBeNull();
    expect(notificationOrgName({ org_id: 9 }, [harbour, tallinn])).toBeNull();
  });
});
