// What a late cancel counts against, pure. A valid membership first (unlimited by nature),
// else a valid pass with visits left (its use is counted), else nothing: a casual charge.
// "Valid" is judged at the class's start, the visit being charged.

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
