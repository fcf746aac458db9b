// Memberships and passes: whether one is in force, ended or not yet started, and what is left of a
// pass. Both sides use it: the server lists active passes by default, the app says "6 of 10 visits
// left, until 3 March" and puts the past ones apart.

export interface Validity {
  valid_from: string;
  /** null: open-ended. */
  valid_to: string | null;
}

export type ConcessionStatus = 'active' | 'future' | 'past' | 'used_up';

/** SPEC §3: past when valid_to is earlier than now; a pass with no visits left is used up. */
export function concessionStatus(item: Validity & { visits_left?: number | null }, now: Date): ConcessionStatus {
  const at = now.getTime();
  if (item.valid_to !== null && Date.parse(item.valid_to) < at) return 'past';
  if (Date.parse(item.valid_from) > at) return 'future';
  if (item.visits_left === 0) return 'used_up';
  return 'active';
}

/** Visits left on a pass; null when it has no limit. */
export function visitsLeft(pass: { visits_total: number | null; visits_used: number }): number | null {
  return pass.visits_total === null ? null : Math.max(0, pass.visits_total - pass.visits_used);
}
