// "Order complete" leads to the invoice it names: the number is a link to that invoice.
import { render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import account from '../../../../locales/en-US/account.json';
import type { CheckoutAnswer } from '../payment';

vi.mock('../../../data/hooks/auth', () => ({ useFacility: () => ({ guid: 'facility-guid', org_id: 1, time_zone: 'UTC' }) }));

const { default: CheckoutCompleteScreen } = await import('./CheckoutCompleteScreen');
const { LAST_ORDER } = await import('./PaymentScreen');

beforeAll(() => {
  i18next.addResourceBundle('en-US', 'account', account);
});

describe('CheckoutCompleteScreen', () => {
  it('links the invoice number to that invoice on the invoices page', () => {
    const answer: CheckoutAnswer = {
      order: { id: 3, status: 'paid', currency: 'NZD', total: 220, line_items: [{ variant_id: 1, name: '10-Visit Pass', quantity: 1, price: 220 }] },
      invoice: { id: 7, number: 'HS-0007' },
    };
    sessionStorage.setItem(LAST_ORDER, JSON.stringify(answer));
    render(<MemoryRouter><CheckoutCompleteScreen /></MemoryRouter>);
    const link = screen.getByRole('link', { name: 'Invoice HS-0007' });
    expect(link.getAttribute('href')).toBe('/account/invoices#invoice-7');
  });
});
