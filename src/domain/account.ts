// Which organisation account and facility a member works in, and what the left menu offers
// (see docs/rules.md#auth).
import type { Account, FacilitySummary } from '../../core/contract/types';

function visitTime(account: Account): number {
  if (!account.last_visit_at) return Number.NEGATIVE_INFINITY;
  const time = Date.parse(account.last_visit_at);
  return Number.isNaN(time) ? Number.NEGATIVE_INFINITY : time;
}

function latestVisit(accounts: readonly Account[]): Account | null {
  let best: Account | null = null;
  for (const account of accounts) {
    if (best === null || visitTime(account) > visitTime(best)) best = account;
  }
  return best;
}

/**
 * The stored choice if that account still exists, else the one visited most recently, preferring
 * not-hidden accounts (a hidden one only when every account is hidden).
 */
export function chooseAccount(accounts: readonly Account[], storedOrgId: number | null | undefined): Account | null {
  if (storedOrgId != null) {
    const stored = accounts.find((account) => account.org.id === storedOrgId);
    if (stored) return stored;
  }
  const shown = visibleAccounts(accounts);
  return latestVisit(shown.length > 0 ? shown : accounts);
}

/** Accounts offered in the organisation picker: hidden ones are not listed. */
export function visibleAccounts(accounts: readonly Account[]): Account[] {
  return accounts.filter((account) => !account.hidden_at);
}

export function firstFacility(account: Account | null | undefined): FacilitySummary | null {
  return account?.facilities[0] ?? null;
}

export function findAccount(accounts: readonly Account[], orgId: number | null | undefined): Account | null {
  if (orgId == null) return null;
  return accounts.find((account) => account.org.id === orgId) ?? null;
}

/** Where a signed-in member lands: the timetable. */
export const HOME_PATH = '/classes';

export type MenuKey = 'classes' | 'courses' | 'appointments' | 'whiteboard' | 'feed' | 'bookings' | 'checkin' | 'account' | 'shop' | 'visits' | 'training' | 'lifts';
export type MenuPath = '/classes' | '/courses' | '/appointments/book' | '/whiteboard' | '/activity' | '/bookings' | '/checkin' | '/account' | '/checkout' | '/visits' | '/training' | '/training/lifts';

export interface MenuItem {
  key: MenuKey;
  to: MenuPath;
}

export interface MenuContext {
  orgKnown: boolean;
  facilitySelected: boolean;
  feedEnabled: boolean;
  trackTraining: boolean;
}

/**
 * Left-menu entries in display order; nothing at all until an organisation is known. SPEC §2's
 * entries keep their order; what else a member looks for in the menu joins them where it belongs
 * (docs/decisions.md#navigation): what can be booked beside Classes, the shop beside Account.
 */
export function menuItems({ orgKnown, facilitySelected, feedEnabled, trackTraining }: MenuContext): MenuItem[] {
  if (!orgKnown) return [];
  const items: MenuItem[] = [{ key: 'classes', to: '/classes' }];
  if (facilitySelected) items.push({ key: 'courses', to: '/courses' }, { key: 'appointments', to: '/appointments/book' }, { key: 'whiteboard', to: '/whiteboard' });
  if (feedEnabled) items.push({ key: 'feed', to: '/activity' });
  if (facilitySelected) {
    items.push({ key: 'bookings', to: '/bookings' }, { key: 'checkin', to: '/checkin' }, { key: 'account', to: '/account' }, { key: 'shop', to: '/checkout' }, { key: 'visits', to: '/visits' });
  }
  if (trackTraining) items.push({ key: 'training', to: '/training' }, { key: 'lifts', to: '/training/lifts' });
  return items;
}
