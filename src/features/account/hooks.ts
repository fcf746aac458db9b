import { useLiveQuery } from 'dexie-react-hooks';
import type { Invoice, Membership, Pass } from '../../../core/contract/types';
import { db } from '../../data/db';
import { useRevalidate } from '../booking/public';
import { concessionResources, pullConcessions, pullInvoices } from './pull';

export interface Concessions {
  memberships: Membership[];
  passes: Pass[];
  /**
   * Whether the device knows them: both lists fetched for this member (or rows of them here).
   * Until then "no membership or pass" would be a guess, and what pays must never be guessed.
   */
  known: boolean;
}

/** The member's memberships and passes in an organisation, newest first. */
export function useConcessions(orgId: number | undefined): Concessions | undefined {
  return useLiveQuery(async () => {
    if (orgId === undefined) return undefined;
    const newest = <T extends { valid_from: string; id: number }>(a: T, b: T) => b.valid_from.localeCompare(a.valid_from) || b.id - a.id;
    const [memberships, passes, marks] = await Promise.all([
      db.memberships.where('org_id').equals(orgId).toArray(),
      db.passes.where('org_id').equals(orgId).toArray(),
      db.pulls.bulkGet(concessionResources(orgId)),
    ]);
    // A stale mark may have been dropped (a refused write marks pulls stale): rows still say what is known.
    const known = (memberships.length > 0 || marks[0] !== undefined) && (passes.length > 0 || marks[1] !== undefined);
    return { memberships: memberships.sort(newest), passes: passes.sort(newest), known };
  }, [orgId]);
}

/** Keeps the member's memberships and passes fresh wherever what pays is shown (the pull's age, focus, online). */
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
