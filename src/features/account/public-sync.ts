// What other features' sync code (commands the service worker replays too) may use of the account
// slice: fetching the member's memberships and passes again. No hooks or screens behind it.
export { pullConcessions } from './pull';
