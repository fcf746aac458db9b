// The Account overview is the way to everything about the member's money: passes, invoices, stored
// cards (with their details) and the shop, whether or not the member has anything yet.
import { render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import account from '../../../../locales/en-US/account.json';
import type { Membership } from '../../../../core/contract/types';

const state = vi.hoisted(() => ({ memberships: [] as Membership[] }));
vi.mock('../../../data/hooks/auth', () => ({ useFacility: () => ({ guid: 'facility-guid', org_id: 1, time_zone: 'UTC' }) }));
vi.mock('../hooks', () => ({ useConcessions: () => ({ memberships: state.memberships, passes: [], known: true }), useRefreshConcessions: () => undefined }));
vi.mock('../../../ui/use-online', () => ({ useOnline: () => true }));
vi.mock('../../booking/public', () => ({ useNow: () => new Date('2026-03-01T10:00:00Z') }));

const { default: AccountScreen } = await import('./AccountScreen');

beforeAll(() => {
  i18next.addResourceBundle('en-US', 'account', account);
});

function links(): Record<string, string> {
  const nav = screen.getByRole('navigation', { name: 'Your account' });
  return Object.fromEntries(within(nav).getAllByRole('link').map((link) => [link.textContent ?? '', link.getAttribute('href') ?? '']));
}

const WAYS = {
  'All passes': '/account/passes',
  Invoices: '/account/invoices',
  'Payment cards and details': '/account/edit',
  'Buy a pass or membership': '/checkout',
};

describe('AccountScreen', () => {
  it('links to passes, invoices, stored cards and details, and the shop', () => {
    state.memberships = [{ id: 1, org_id: 1, name: 'Unlimited Membership', valid_from: '2026-01-01T00:00:00Z', valid_to: '2026-06-01T00:00:00Z', status: 'active', visits_per_period: null, visits_used: 3, covers: [] }];
    render(<MemoryRouter><AccountScreen /></MemoryRouter>);
    expect(screen.getByTestId('current').textContent).toContain('Unlimited Membership');
    expect(links()).toEqual(WAYS);
  });

  it('offers the same ways to a member with nothing yet', () => {
    state.memberships = [];
    render(<MemoryRouter><AccountScreen /></MemoryRouter>);
    expect(screen.getByText('You have no memberships or passes here yet.')).toBeTruthy();
    expect(links()).toEqual(WAYS);
  });
});
