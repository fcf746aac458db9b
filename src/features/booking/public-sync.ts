// What other features' sync code may use of booking: kept apart from public.ts so the service
// worker (through the notifications pull) never loads booking's React hooks.
export { pullSession } from './pull';
