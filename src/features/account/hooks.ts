import { useLiveQuery } from 'dexie-react-hooks';
import type { Invoice, Membership, Pass } from '../../../core/contract/types';
import { db } from '../../data/db';
import { useRevalidate } from '../booking/public';
import { pullConcessions, pullInvoices } from './pull';

export interface Concessions {
  memberships: Membership[];
  passes: Pass[];
}

/** The member's memberships and passes in an organisation, newest first. */
export function useConcessions(orgId: number | undefined): Concessions | undefined {
  return useLiveQuery(async () => {
    if (orgId === undefined) return undefined;
    const newest = <T extends { valid_from: string; id: number }>(a: T, b: T) => b.valid_from.localeCompare(a.valid_from) || b.id - a.id;
    const [memberships, passes] = await Promise.all([db.memberships.where('org_id').equals(orgId).toArray(), db.passes.where('org_id').equals(orgId).toArray()]);
    return { memberships: memberships.sort(newest), passes: passes.sort(newest) };
  }, [orgId]);
}

export function useRefreshConcessions(guid: string | undefined, orgId: number | undefined): void {
  useRevalidate(guid && orgId !== undefined ? `${guid}|${orgId}` : null, () => (guid && orgId !== undefined ? pullConcessions(guid, orgId) : Promise.resolve()));
}

/** The member's invoices in an organisation, newest first. */
export function useInvoices(orgId: number | undefined): Invoice[] | undefined {
  return useLiveQuery(async () => (orgId === undefined ? undefined : (await db.invoices.where('org_id').equals(orgId).toArray()).sort((a, b) => b.issued_at.localeCompare(a.issued_at) || b.id - a.id)), [orgId]);
}

export function useRefreshInvoices(guid: string | undefined, orgId: number | undefined): void {
  useRevalidate(guid && orgId !== undefined ? `${guid}|${orgId}` : null, () => (guid && orgId !== undefined ? pullInvoices(guid, orgId) : Promise.resolve()));
}
