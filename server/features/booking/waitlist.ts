// Waitlist offers, pure.
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

/** The sweep for lapsed offers also runs on this timer in a running server. */
export const OFFER_SWEEP_INTERVAL_MS = 60 * 1000;

export function offerExpiry(now: Date, sessionStart: string): Date {
  return new Date(Math.min(now.getTime() + OFFER_WINDOW_MS, Date.parse(sessionStart)));
}

/** No offers for a cancelled class, nor once it has started. */
export function canOffer(session: { start_at: string; cancelled: number | boolean }, now: Date): boolean {
  return !session.cancelled && now.getTime() < Date.parse(session.start_at);
}

export function isOfferExpired(visit: { state: string; offer_expires_at: string | null }, now: Date): boolean {
  return visit.state === 'pending' && visit.offer_expires_at !== null && Date.parse(visit.offer_expires_at) <= now.getTime();
}

/** Waitlisted visits in the order they are offered places: joined first, offered first. */
export function waitlistOrder<T extends { created_at: string; id: number }>(waitlisted: readonly T[]): T[] {
  return [...waitlisted].sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.id - b.id));
}
