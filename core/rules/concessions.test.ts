import { describe, expect, it } from 'vitest';
import { concessionStatus, visitsLeft } from './concessions';

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
