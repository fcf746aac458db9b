// What other features may use of the account slice: the member's memberships and passes as the
// device has them (what a booking uses), and fetching them again (after a purchase or a booking).
export { pullConcessions, pullInvoices } from './pull';
export { useConcessions, useRefreshConcessions, type Concessions } from './hooks';
export { concessionLeft } from './left';
export { invoicePath } from './paths';
