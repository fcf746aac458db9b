// What other features may use of the account slice: fetching the member's memberships and passes
// again (after a purchase).
export { pullConcessions, pullInvoices } from './pull';
