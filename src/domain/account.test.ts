import { describe, expect, it } from 'vitest';
import type { Account } from '../../core/contract/types';
import { chooseAccount, findAccount, firstFacility, menuItems, visibleAccounts } from './account';

function account(orgId: number, lastVisit: string | null, hidden = false, facilities = [`f-${orgId}-a`, `f-${orgId}-b`]): Account {
  return {
    id: orgId * 10,
    org: { id: orgId, name: `Org ${orgId}`, logo_url: null, short_id: `o${orgId}` },
    facilities: facilities.map((guid, index) => ({ id: orgId * 100 + index, guid, name: guid })),
    hidden_at: hidden ? '2026-01-01T00:00:00.000Z' : null,
    last_visit_at: lastVisit,
    member_short_id: `m${orgId}`,
  };
}

describe('chooseAccount', () => {
  const a = account(1, '2026-03-01T10:00:00.000Z');
  const b = account(2, '2026-05-01T10:00:00.000Z');
  const hiddenRecent = account(3, '2026-06-01T10:00:00.000Z', true);

  it('keeps the stored choice while the account still exists', () => {
    expect(chooseAccount([a, b], 1)?.org.id).toBe(1);
  });

  it('keeps the stored choice even when it is hidden', () => {
    expect(chooseAccount([a, hiddenRecent], 3)?.org.id).toBe(3);
  });

  it('falls back to the latest visit when the stored account is gone', () => {
    expect(chooseAccount([a, b], 99)?.org.id).toBe(2);
    expect(chooseAccount([a, b], null)?.org.id).toBe(2);
  });

  it('prefers a not-hidden account over a more recently visited hidden one', () => {
    expect(chooseAccount([a, hiddenRecent, b], null)?.org.id).toBe(2);
  });

  it('chooses a hidden account only when all are hidden', () => {
    const older = account(4, '2025-01-01T00:00:00.000Z', true);
    expect(chooseAccount([older, hiddenRecent], undefined)?.org.id).toBe(3);
  });

  it('ranks never-visited accounts last and keeps list order on ties', () => {
    const never = account(5, null);
    expect(chooseAccount([never, a], null)?.org.id).toBe(1);
    expect(chooseAccount([never, account(6, null)], null)?.org.id).toBe(5);
  });

  it('returns null without accounts', () => {
    expect(chooseAccount([], 1)).toBeNull();
  });
});

describe('visibleAccounts / firstFacility / findAccount', () => {
  it('lists only accounts that are not hidden', () => {
    const list = visibleAccounts([account(1, null), account(2, null, true), account(3, null)]);
    expect(list.map((item) => item.org.id)).toEqual([1, 3]);
  });

  it('gives the first facility of an account, or null', () => {
    expect(firstFacility(account(1, null))?.guid).toBe('f-1-a');
    expect(firstFacility(account(1, null, false, []))).toBeNull();
    expect(firstFacility(null)).toBeNull();
  });

  it('finds an account by organisation id', () => {
    expect(findAccount([account(1, null), account(2, null)], 2)?.org.id).toBe(2);
    expect(findAccount([account(1, null)], null)).toBeNull();
  });
});

describe('menuItems', () => {
  const all = { orgKnown: true, facilitySelected: true, feedEnabled: true, trackTraining: true };

  it('is empty while the organisation is unknown', () => {
    expect(menuItems({ ...all, orgKnown: false })).toEqual([]);
  });

  it('lists every entry when everything is on: SPEC order, with what a member books beside Classes and the shop beside Account', () => {
    expect(menuItems(all)).toEqual([
      { key: 'classes', to: '/classes' },
      { key: 'courses', to: '/courses' },
      { key: 'appointments', to: '/appointments/book' },
      { key: 'whiteboard', to: '/whiteboard' },
      { key: 'feed', to: '/activity' },
      { key: 'bookings', to: '/bookings' },
      { key: 'checkin', to: '/checkin' },
      { key: 'account', to: '/account' },
      { key: 'shop', to: '/checkout' },
      { key: 'visits', to: '/visits' },
      { key: 'training', to: '/training' },
      { key: 'lifts', to: '/training/lifts' },
    ]);
  });

  it('shows Feed only with feed_enabled', () => {
    expect(menuItems({ ...all, feedEnabled: false }).map((item) => item.key)).not.toContain('feed');
  });

  it('shows what belongs to a facility (courses, appointments, whiteboard, bookings, check-in, account, shop, visits) only with one selected', () => {
    expect(menuItems({ ...all, facilitySelected: false }).map((item) => item.key)).toEqual(['classes', 'feed', 'training', 'lifts']);
  });

  it('shows the training entries only with track_training', () => {
    expect(menuItems({ ...all, trackTraining: false }).map((item) => item.key)).toEqual(['classes', 'courses', 'appointments', 'whiteboard', 'feed', 'bookings', 'checkin', 'account', 'shop', 'visits']);
  });
});
