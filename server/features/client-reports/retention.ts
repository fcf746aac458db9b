// How long error reports and vitals are kept (issue 29; docs/decisions.md#error-reports): a group
// not seen for 30 days goes, as do report ids and vital samples received 30 days ago, and each
// table is held under a row count whatever a flood sends. Run by the server's job timer.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export interface ReportRetention {
  days: number;
  maxGroups: number;
  /** Ids of reports and vitals received (a batch sent again within this is counted once). */
  maxIds: number;
  maxVitals: number;
}

export const DEFAULT_REPORT_RETENTION: ReportRetention = { days: 30, maxGroups: 5_000, maxIds: 200_000, maxVitals: 100_000 };
/** How often the retention job runs. */
export const REPORT_RETENTION_INTERVAL_MS = 60 * 60 * 1000;

type Kept = { table: 'error_groups'; column: 'last_seen' } | { table: 'client_report_ids' | 'web_vitals'; column: 'received_at' };

/** Deletes rows older than the cut-off, then the oldest beyond `max`; answers how many went. */
async function prune(db: Kysely<Database>, { table, column }: Kept, cutoff: string, max: number): Promise<number> {
  const old = await db.deleteFrom(table).where(column, '<', cutoff).executeTakeFirst();
  // The time of the row just beyond the newest `max`: it goes with everything older (and with the
  // rows of that same instant, so a table holds at most `max`, perhaps a batch fewer).
  const edge = await db.selectFrom(table).select(`${column} as at`).orderBy(column, 'desc').limit(1).offset(max).executeTakeFirst();
  const over = edge ? await db.deleteFrom(table).where(column, '<=', edge.at).executeTakeFirst() : { numDeletedRows: 0n };
  return Number(old.numDeletedRows) + Number(over.numDeletedRows);
}

export async function applyReportRetention(db: Kysely<Database>, now: Date, limits: ReportRetention = DEFAULT_REPORT_RETENTION): Promise<{ groups: number; ids: number; vitals: number }> {
  const cutoff = new Date(now.getTime() - limits.days * 24 * 60 * 60 * 1000).toISOString();
  return {
    groups: await prune(db, { table: 'error_groups', column: 'last_seen' }, cutoff, limits.maxGroups),
    ids: await prune(db, { table: 'client_report_ids', column: 'received_at' }, cutoff, limits.maxIds),
    vitals: await prune(db, { table: 'web_vitals', column: 'received_at' }, cutoff, limits.maxVitals),
  };
}
