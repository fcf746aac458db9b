// Waitlist offers, pure: the server makes them, the app shows the same outcome before it answers.
//
// When a place frees up (cancel, late cancel, decline, an offer that lapsed) the first member on
// the waitlist — first come, first served by the time they joined — gets the place as a pending
// offer and must confirm it. Offers are made only while the class has not started and is not
// cancelled, and only for places that are actually free.

/**
 * How long an offer waits for an answer: 2 hours. Long enough that a member sees the
 * notification between meetings or after a workout; short enough that, if they do not answer,
 * the next in line still gets a useful amount of notice before the class. Never past the start.
 */
export const OFFER_WINDOW_MS = 2 * 60 * 60 * 1000;

export function offerExpiry(now: Date, sessionStart: string): Date {
  return new Date(Math.min(now.getTime() + OFFER_WINDOW_MS, Date.parse(sessionStart)));
}

/** The class as the offer rules see it: the server's row (start_at) or the wire's (start_date). */
export type OfferFacts = { cancelled: number | boolean } & ({ start_at: string } | { start_date: string });

const startOf = (s: OfferFacts) => Date.parse('start_at' in s ? s.start_at : s.start_date);

/** No offers for a cancelled class, nor once it has started. */
export function canOffer(session: OfferFacts, now: Date): boolean {
  return !session.cancelled && now.getTime() < startOf(session);
}

/**
 * The cascade: of `free` places, how many are offered to the `waiting` members — one each, in
 * waitlistOrder, while offers can be made. The rest stay free.
 */
export function offersToMake(free: number, waiting: number, session: OfferFacts, now: Date): number {
  return canOffer(session, now) ? Math.max(0, Math.min(free, waiting)) : 0;
}

export function isOfferExpired(visit: { state: string; offer_expires_at: string | null }, now: Date): boolean {
  return visit.state === 'pending' && visit.offer_expires_at !== null && Date.parse(visit.offer_expires_at) <= now.getTime();
}

/** Waitlisted visits in the order they are offered places: joined first, offered first. */
export function waitlistOrder<T extends { created_at: string; id: number }>(waitlisted: readonly T[]): T[] {
  return [...waitlisted].sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.id - b.id));
}

/**
 * The member's place in line: 1-based among the visits still waiting, in waitlistOrder (an
 * offered place has left the line). null when the visit is not waiting.
 */
export function waitlistPosition<T extends { created_at: string; id: number }>(waitlisted: readonly T[], visitId: number): number | null {
  const index = waitlistOrder(waitlisted).findIndex((v) => v.id === visitId);
  return index === -1 ? null : index + 1;
}

