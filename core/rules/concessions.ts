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

// What a booked place (or a late cancel made before places were charged) counts against, pure:
// a valid membership first (unlimited by nature), else a valid pass with visits left (its use is
// counted), else nothing: a casual visit, paid at the studio. "Valid" is judged at the class's
// start, the visit being charged. The app uses it to say beforehand what a booking will use.

export interface MembershipFacts {
  id: number;
  valid_from: string;
  valid_to: string | null;
}

export interface PassFacts extends MembershipFacts {
  visits_total: number | null;
  visits_used: number;
}

export type ChargeTarget = { kind: 'membership'; id: number } | { kind: 'pass'; id: number } | { kind: 'casual' };

export function isValidAt(item: MembershipFacts, at: Date): boolean {
  const t = at.getTime();
  return Date.parse(item.valid_from) <= t && (item.valid_to === null || t < Date.parse(item.valid_to));
}

export function hasVisitsLeft(pass: PassFacts): boolean {
  return pass.visits_total === null || pass.visits_used < pass.visits_total;
}

/** The one to charge; among several, the one that runs out first (open-ended last), then the oldest. */
export function chooseChargeTarget(memberships: readonly MembershipFacts[], passes: readonly PassFacts[], at: Date): ChargeTarget {
  const soonestEnd = (a: MembershipFacts, b: MembershipFacts) => (a.valid_to ?? '\uffff').localeCompare(b.valid_to ?? '\uffff') || a.id - b.id;
  const membership = memberships.filter((m) => isValidAt(m, at)).sort(soonestEnd)[0];
  if (membership) return { kind: 'membership', id: membership.id };
  const pass = passes.filter((p) => isValidAt(p, at) && hasVisitsLeft(p)).sort(soonestEnd)[0];
  if (pass) return { kind: 'pass', id: pass.id };
  return { kind: 'casual' };
}
