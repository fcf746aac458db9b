import { describe, expect, it } from 'vitest';
import { chooseChargeTarget, concessionStatus, passWorth, visitsLeft } from './concessions';

const now = new Date('2026-03-01T12:00:00Z');

describe('memberships and passes', () => {
  it('are past once valid_to is earlier than now, future before valid_from, used up with no visits left', () => {
    expect(concessionStatus({ valid_from: '2026-01-01T00:00:00Z', valid_to: '2026-03-01T11:59:59Z' }, now)).toBe('past');
    expect(concessionStatus({ valid_from: '2026-01-01T00:00:00Z', valid_to: '2026-03-01T12:00:00Z' }, now)).toBe('active');
    expect(concessionStatus({ valid_from: '2026-01-01T00:00:00Z', valid_to: null }, now)).toBe('active');
    expect(concessionStatus({ valid_from: '2026-03-02T00:00:00Z', valid_to: null }, now)).toBe('future');
    expect(concessionStatus({ valid_from: '2026-01-01T00:00:00Z', valid_to: null, visits_left: 0 }, now)).toBe('used_up');
    expect(concessionStatus({ valid_from: '2026-01-01T00:00:00Z', valid_to: '2026-02-01T00:00:00Z', visits_left: 0 }, now)).toBe('past');
  });

  it('count what is left of a pass, none below zero, null without a limit', () => {
    expect(visitsLeft({ visits_total: 10, visits_used: 4 })).toBe(6);
    expect(visitsLeft({ visits_total: 5, visits_used: 7 })).toBe(0);
    expect(visitsLeft({ visits_total: null, visits_used: 7 })).toBeNull();
  });
});

const NOW = new Date('2026-03-10T10:00:00.000Z');
const min = (m: number) => new Date(NOW.getTime() + m * 60_000).toISOString();

describe('what a booked place counts against', () => {
  const valid = { valid_from: min(-60 * 24 * 30), valid_to: min(60 * 24 * 30) };
  const expired = { valid_from: min(-60 * 24 * 90), valid_to: min(-60 * 24) };
  it('prefers a valid membership, then a valid pass with visits left, else casual', () => {
    expect(chooseChargeTarget([{ id: 1, ...valid }], [{ id: 2, ...valid, visits_total: 10, visits_used: 0 }], NOW)).toEqual({ kind: 'membership', id: 1 });
    expect(chooseChargeTarget([{ id: 1, ...expired }], [{ id: 2, ...valid, visits_total: 10, visits_used: 3 }], NOW)).toEqual({ kind: 'pass', id: 2 });
    expect(chooseChargeTarget([], [{ id: 2, ...valid, visits_total: 10, visits_used: 10 }], NOW)).toEqual({ kind: 'casual' });
    expect(chooseChargeTarget([], [{ id: 2, ...valid, visits_total: null, visits_used: 99 }], NOW)).toEqual({ kind: 'pass', id: 2 });
    expect(chooseChargeTarget([], [{ id: 2, ...expired, visits_total: 10, visits_used: 0 }], NOW)).toEqual({ kind: 'casual' });
    expect(chooseChargeTarget([{ id: 1, valid_from: min(1), valid_to: null }], [], NOW)).toEqual({ kind: 'casual' });
  });
  it('uses the one that runs out first, open-ended last', () => {
    expect(chooseChargeTarget([{ id: 1, valid_from: min(-10), valid_to: null }, { id: 2, ...valid }], [], NOW)).toEqual({ kind: 'membership', id: 2 });
  });
});

describe('what a pass bought now would be for', () => {
  const days = (d: number) => new Date(NOW.getTime() + d * 86_400_000).toISOString();
  const unlimited = { id: 1, name: 'Unlimited Membership', valid_from: days(-200), valid_to: days(165), covers: ['Personal Training'] };
  const tenVisits = { valid_days: 90, covers: [] };
  it('is unused when memberships pay for every class and service of its life', () => {
    expect(passWorth([unlimited], tenVisits, NOW)).toEqual({ kind: 'unused', membership: 'Unlimited Membership' });
    expect(passWorth([{ ...unlimited, valid_to: null }], tenVisits, NOW)).toEqual({ kind: 'unused', membership: 'Unlimited Membership' });
    expect(passWorth([unlimited], { valid_days: 90, covers: ['Personal Training'] }, NOW)).toEqual({ kind: 'unused', membership: 'Unlimited Membership' });
  });
  it('follows one membership after another with no gap, and is used after the last ends', () => {
    const month = { id: 2, name: 'Monthly Membership', valid_from: days(-10), valid_to: days(20), covers: [] };
    const next = { ...month, id: 3, valid_from: days(20), valid_to: days(50) };
    expect(passWorth([month, next], tenVisits, NOW)).toEqual({ kind: 'after', membership: 'Monthly Membership', until: days(50) });
    expect(passWorth([month, next], { valid_days: 40, covers: [] }, NOW)).toEqual({ kind: 'unused', membership: 'Monthly Membership' });
    // A gap between them: the pass pays from the first one's end.
    expect(passWorth([month, { ...next, valid_from: days(25) }], tenVisits, NOW)).toEqual({ kind: 'after', membership: 'Monthly Membership', until: days(20) });
  });
  it('still pays for a service no membership covers', () => {
    expect(passWorth([unlimited], { valid_days: 90, covers: ['Personal Training', 'Sports Massage'] }, NOW)).toEqual({ kind: 'services_only', membership: 'Unlimited Membership', services: ['Sports Massage'] });
  });
  it('is useful with no membership in force now (ended, or not begun)', () => {
    expect(passWorth([], tenVisits, NOW)).toEqual({ kind: 'useful' });
    expect(passWorth([{ ...unlimited, valid_to: days(-1) }], tenVisits, NOW)).toEqual({ kind: 'useful' });
    expect(passWorth([{ ...unlimited, valid_from: days(1) }], tenVisits, NOW)).toEqual({ kind: 'useful' });
  });
});
