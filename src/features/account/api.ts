// Calls of the account slice: the member's memberships and passes (SPEC §7).
import { apiRequest } from '../../data/api/client';
import type { ReadOptions } from '../../data/api/account';
import type { Invoice, Membership, Pass } from '../../../core/contract/types';

export function getMemberships(options: ReadOptions): Promise<Membership[]> {
  return apiRequest<Membership[]>('GET', '/memberships', { ...options, schema: 'membershipList' });
}

/** Every pass (active=0): the device keeps them all and the screen filters, so the switch works offline. */
export function getAllPasses(options: ReadOptions): Promise<Pass[]> {
  return apiRequest<Pass[]>('GET', '/passes', { ...options, schema: 'passList', query: { active: '0' } });
}

export function getInvoices(options: ReadOptions): Promise<Invoice[]> {
  return apiRequest<Invoice[]>('GET', '/invoices', { ...options, schema: 'invoiceList' });
}
