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

// What a visit pass bought now would be for (docs/rules.md#shop-and-cart). A membership pays
// first (chooseChargeTarget), so a pass bought while memberships run through its whole life pays
// for no class and expires unused, unless it pays for a service those memberships do not. The
// shop says so on the product and asks before adding such a pass.

export interface HeldMembership extends MembershipFacts {
  name: string;
  /** Services it pays for, by name. */
  covers: readonly string[];
}

export type PassWorth =
  /** No membership pays before it: the pass pays for classes from the day it is bought. */
  | { kind: 'useful' }
  /** Memberships pay for classes until `until`; the pass is used after that. */
  | { kind: 'after'; membership: string; until: string }
  /** Memberships pay for every class of its life; it pays only for these services. */
  | { kind: 'services_only'; membership: string; services: string[] }
  /** Memberships pay for every class and service of its life: it would expire unused. */
  | { kind: 'unused'; membership: string };

const DAY_MS = 86_400_000;

/**
 * What a pass lasting `valid_days` from `now` and paying for `covers` would be used for, given
 * the member's memberships: the ones in force from now on, one after the other with no gap.
 */
export function passWorth(memberships: readonly HeldMembership[], pass: { valid_days: number; covers: readonly string[] }, now: Date): PassWorth {
  const end = now.getTime() + pass.valid_days * DAY_MS;
  const chain: HeldMembership[] = [];
  let at = now.getTime();
  // Follow the memberships in force at each moment (a month bought after another follows it).
  while (at < end) {
    const next = memberships
      .filter((m) => isValidAt(m, new Date(at)))
      .sort((a, b) => (b.valid_to ?? '\uffff').localeCompare(a.valid_to ?? '\uffff') || a.id - b.id)[0];
    if (!next) break;
    chain.push(next);
    at = next.valid_to === null ? Infinity : Date.parse(next.valid_to);
  }
  const first = chain[0];
  if (!first) return { kind: 'useful' };
  if (at < end) return { kind: 'after', membership: first.name, until: new Date(at).toISOString() };
  const paid = new Set(chain.flatMap((m) => m.covers));
  const services = pass.covers.filter((s) => !paid.has(s));
  return services.length > 0 ? { kind: 'services_only', membership: first.name, services } : { kind: 'unused', membership: first.name };
}

// Paid at the studio (docs/decisions.md "Paid at the studio"): an appointment or a course nothing
// covers is booked all the same, with a due invoice for its price. Cancelled in time, nothing is
// owed; cancelled late, the price stays due, as a late cancel keeps a pass's visit used.

export type StudioInvoiceStatus = 'due' | 'cancelled';

/** What a cancel leaves owed at the studio for a booking nothing covered. */
export function owedAfterCancel(kind: 'cancel' | 'latecancel'): StudioInvoiceStatus {
  return kind === 'cancel' ? 'cancelled' : 'due';
}
