// Pure rules for notifications (see docs/rules.md#notifications): removed ones are gone, expired ones hidden,
// newest update first; the unread count is what the bell badge and the app badge show; how several
// post authors are summarised. Where a tap leads: notification-target.ts. The service worker imports both.
import type { AppNotification, VisitState } from '../contract/types';
import { isOfferExpired } from './waitlist';

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

/** Ids "Mark all as read" covers: what the member can see unread, nothing hidden. */
export function unreadVisibleIds(list: readonly AppNotification[], now: Date): number[] {
  return visibleNotifications(list, now).filter((n) => !n.read_at).map((n) => n.id);
}

/** What the device knows of one of the member's visits (a visit row or a class's summary of it). */
export interface OfferFact {
  id: number;
  state: VisitState;
  offer_expires_at: string | null;
}

// A visit only moves forward (waitlisted → pending → booked or cancelled → attended), so of two
// copies the further one is the newer: a class row still saying "pending" after the member
// confirmed offline does not count an offer the visit row already answered.
const STAGE: Record<VisitState, number> = { waitlisted: 0, pending: 1, booked: 2, cancelled: 2, attended: 3 };

/** The offer's visit id of a waitlist notification. */
function offerVisitId(n: AppNotification): number | null {
  const id = n.type === 'waitlist' ? n.params.visit?.id : undefined;
  return typeof id === 'number' ? id : null;
}

/** Visit ids of the offers the member still has to answer: open on the device, or named by a visible offer notification the device knows nothing newer about. */
export function openOfferIds(list: readonly AppNotification[], facts: readonly OfferFact[], now: Date): Set<number> {
  const latest = new Map<number, OfferFact>();
  for (const fact of facts) {
    const known = latest.get(fact.id);
    if (!known || STAGE[fact.state] > STAGE[known.state]) latest.set(fact.id, fact);
  }
  const open = new Set<number>();
  for (const fact of latest.values()) if (fact.state === 'pending' && !isOfferExpired(fact, now)) open.add(fact.id);
  // The server removes an offer's notification when it is answered or lapses, and it expires with the offer.
  for (const n of list) {
    const id = offerVisitId(n);
    if (id !== null && isVisible(n, now) && !latest.has(id)) open.add(id);
  }
  return open;
}

/**
 * What needs the member's action, in every organisation (see docs/decisions.md): unread visible
 * notifications plus offers awaiting confirmation. An offer counts once: its unread notification
 * is not counted again. The bell and the app badge show this number.
 */
export function actionCount(list: readonly AppNotification[], facts: readonly OfferFact[], now: Date): number {
  const offers = openOfferIds(list, facts, now);
  const unread = list.filter((n) => isVisible(n, now) && !n.read_at && !offers.has(offerVisitId(n) ?? Number.NaN)).length;
  return unread + offers.size;
}

export interface PostsSummary {
  /** Author names to show, in the order the posts came (newest first from the server). */
  names: string[];
  /** Further authors after the first two; 0 when all names are shown. */
  others: number;
}

/**
 * Up to two authors by name, then "and N others" or, when exactly one more remains,
 * the third name. Authors are counted once each (one member posting three times is "Sam", not
 * "Sam, Sam and Sam"); posts without an author name are not counted, so `names` is empty only
 * when no post names its author.
 */
export function postsSummary(posts: readonly { id?: number; author?: { full_name?: string | null } | null }[]): PostsSummary {
  const authors: string[] = [];
  for (const post of posts) {
    const name = post.author?.full_name?.trim();
    if (name && !authors.includes(name)) authors.push(name);
  }
  if (authors.length <= 3) return { names: authors, others: 0 };
  return { names: authors.slice(0, 2), others: authors.length - 2 };
}

/**
 * What a system notification shows (service worker; it has no translations). The server writes
 * the message in the member's language, so the first sentence becomes the title and the rest the
 * body, rather than mixing an English title with, say, an Estonian message. A one-sentence
 * message is the body under `fallbackTitle` (the app's name), so nothing is cut off.
 */
export function systemNotificationText(message: string, fallbackTitle: string): { title: string; body: string } {
  const text = message.trim().replace(/\s+/g, ' ');
  const match = /^(.{10,80}?[.!?])\s+(\S.*)$/.exec(text);
  if (match) return { title: match[1]!, body: match[2]! };
  return { title: fallbackTitle, body: text };
}

/** The page listens for this message from the service worker when it cannot navigate a window itself. */
export const NOTIFICATION_NAVIGATE_MESSAGE = 'notification:navigate';

/**
 * The organisation to name on a notification row: only when the member belongs to more than
 * one (with one, every row is theirs), and only when the notification says whose it is.
 */
export function notificationOrgName(n: Pick<AppNotification, 'org_id'>, accounts: readonly { org: { id: number; name: string } }[]): string | null {
  if (accounts.length < 2 || n.org_id === undefined) return null;
  return accounts.find((a) => a.org.id === n.org_id)?.org.name ?? null;
}
