// What other features may use of booking's screens side: the class rows and their refresh, the
// clock the timetable uses, the class page's tab registry and the waitlist-offer actions.
export { useSession, useSessions, useRefreshSession, useRefreshSessions, useRevalidate } from './hooks/sessions';
export { useNow } from './screens/use-now';
export { registerClassTab, useClassContext } from './class-tabs';
export { useBookingActions } from './screens/use-booking-actions';
