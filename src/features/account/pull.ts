// Pulls of the account slice: the member's memberships and passes in the organisation of a
// facility, replaced whole (they change only at the studio or through the shop).
import { facilityScope } from '../../data/api/client';
import type { Invoice, Membership, Pass } from '../../../core/contract/types';
import { db } from '../../data/db';
import { definePull, type PullOptions, type RefreshResult } from '../../data/sync/pull';
import { getAllPasses, getInvoices, getMemberships } from './api';

export const ACCOUNT_MAX_AGE_MS = 5 * 60_000;

/** The freshness marks of an organisation's memberships and passes, in that order. */
export const concessionResources = (orgId: number): [string, string] => [`memberships:${orgId}`, `passes:${orgId}`];

const membershipsPull = definePull<{ guid: string; orgId: number }, Membership[]>({
  resource: ({ orgId }) => concessionResources(orgId)[0],
  maxAgeMs: ACCOUNT_MAX_AGE_MS,
  tables: () => [db.memberships],
  fetch: ({ guid }) => getMemberships({ scope: facilityScope(guid) }),
  async write(rows, _guard, { orgId }) {
    if (!rows) return;
    await db.memberships.where('org_id').equals(orgId).delete();
    await db.memberships.bulkPut(rows);
  },
});

const passesPull = definePull<{ guid: string; orgId: number }, Pass[]>({
  resource: ({ orgId }) => concessionResources(orgId)[1],
  maxAgeMs: ACCOUNT_MAX_AGE_MS,
  tables: () => [db.passes],
  fetch: ({ guid }) => getAllPasses({ scope: facilityScope(guid) }),
  async write(rows, _guard, { orgId }) {
    if (!rows) return;
    await db.passes.where('org_id').equals(orgId).delete();
    await db.passes.bulkPut(rows);
  },
});

export function pullConcessions(guid: string, orgId: number, options: PullOptions = {}): Promise<RefreshResult[]> {
  return Promise.all([membershipsPull({ guid, orgId }, options), passesPull({ guid, orgId }, options)]);
}

const invoicesPull = definePull<{ guid: string; orgId: number }, Invoice[]>({
  resource: ({ orgId }) => `invoices:${orgId}`,
  maxAgeMs: ACCOUNT_MAX_AGE_MS,
  tables: () => [db.invoices],
  fetch: ({ guid }) => getInvoices({ scope: facilityScope(guid) }),
  async write(rows, _guard, { orgId }) {
    if (!rows) return;
    await db.invoices.where('org_id').equals(orgId).delete();
    await db.invoices.bulkPut(rows);
  },
});

export function pullInvoices(guid: string, orgId: number, options: PullOptions = {}): Promise<RefreshResult> {
  return invoicesPull({ guid, orgId }, options);
}
