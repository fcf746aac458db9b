// Real-user speed for staff (issue 29): the 75th percentile of each Core Web Vital per route
// template and release, as web.dev judges a page (p75 of its visits), with how many samples made it.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export interface VitalSummary {
  route: string;
  release: string;
  name: string;
  /** Milliseconds for LCP and INP, the score for CLS. */
  p75: number;
  samples: number;
}

/** The nearest-rank 75th percentile of sorted values. */
export function p75(sorted: readonly number[]): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.ceil(0.75 * sorted.length) - 1] ?? 0;
}

/** Per route, release and vital (retention keeps the samples to a bounded count). */
export async function vitalsSummary(db: Kysely<Database>): Promise<VitalSummary[]> {
  const rows = await db.selectFrom('web_vitals').select(['route', 'release', 'name', 'value']).execute();
  const groups = new Map<string, { route: string; release: string; name: string; values: number[] }>();
  for (const row of rows) {
    const key = JSON.stringify([row.route, row.release, row.name]);
    const group = groups.get(key) ?? { route: row.route, release: row.release, name: row.name, values: [] };
    group.values.push(Number(row.value));
    groups.set(key, group);
  }
  return [...groups.values()]
    .map(({ values, ...group }) => ({ ...group, p75: p75(values.sort((a, b) => a - b)), samples: values.length }))
    .sort((a, b) => a.route.localeCompare(b.route) || b.release.localeCompare(a.release) || a.name.localeCompare(b.name));
}
