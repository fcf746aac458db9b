// What other features may use of booking's screens side: the class rows and their refresh, the
// clock the timetable uses and the waitlist-offer actions (the tab registry is public-tabs.ts).
export { useSession, useSessions, useRefreshSession, useRefreshSessions, useRevalidate } from './hooks/sessions';
export { useNow } from './screens/use-now';
export { useBookingActions } from './screens/use-booking-actions';
export { OfferCountdown } from './screens/WaitlistStanding';
export { pullBookings } from './pull';
