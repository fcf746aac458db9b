// An invoice linked from elsewhere ("Order complete": /account/invoices#invoice-7) is scrolled to
// and marked, so the member lands on the invoice they asked for, not the top of the list.
import { render } from '@testing-library/react';
import i18next from 'i18next';
import { MemoryRouter } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import account from '../../../../locales/en-US/account.json';
import type { Invoice } from '../../../../core/contract/types';

const state = vi.hoisted(() => ({ invoices: [] as Invoice[] }));
vi.mock('../../../data/hooks/auth', () => ({ useFacility: () => ({ guid: 'facility-guid', org_id: 1, time_zone: 'UTC', name: 'Wellington' }) }));
vi.mock('../hooks', () => ({ useInvoices: () => state.invoices, useRefreshInvoices: () => undefined }));

const { default: InvoicesScreen } = await import('./InvoicesScreen');

function invoice(id: number): Invoice {
  return { id, org_id: 1, number: `HS-000${id}`, issued_at: '2026-03-01T10:00:00Z', currency: 'NZD', total: 220, tax: 28.7, status: 'paid', lines: [{ name: '10-Visit Pass', quantity: 1, price: 220 }] } as Invoice;
}

const scrolled: string[] = [];
beforeAll(() => {
  i18next.addResourceBundle('en-US', 'account', account);
});
beforeEach(() => {
  scrolled.length = 0;
  Element.prototype.scrollIntoView = function (this: Element) {
    scrolled.push(this.id);
  };
});

describe('InvoicesScreen', () => {
  it('scrolls to the invoice named in the address and marks it', () => {
    state.invoices = [invoice(9), invoice(7), invoice(5)];
    const { container } = render(<MemoryRouter initialEntries={['/account/invoices#invoice-7']}><InvoicesScreen /></MemoryRouter>);
    expect(scrolled).toEqual(['invoice-7']);
    expect([...container.querySelectorAll('.invoice--target')].map((el) => el.id)).toEqual(['invoice-7']);
  });

  it('stays at the top without one', () => {
    state.invoices = [invoice(9), invoice(7)];
    const { container } = render(<MemoryRouter initialEntries={['/account/invoices']}><InvoicesScreen /></MemoryRouter>);
    expect(scrolled).toEqual([]);
    expect(container.querySelectorAll('.invoice--target')).toHaveLength(0);
  });
});
