// What other features' sync code may use of booking: kept apart from public.ts so the service
// worker (through the notifications pull and the offer notification's actions) never loads
// booking's React hooks.
export { pullBookings, pullOpeningWeek, pullSession } from './pull';
// A waitlist offer answered from its system notification: the same outbox commands the class page queues.
export { confirmOffer, declineOffer } from './commands';
