// The top bar's cart: while the organisation's cart holds something, one tap leads to it from any
// screen, and it says how many items wait; an empty cart shows nothing.
import 'fake-indexeddb/auto';
import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../data/db';

vi.mock('../../../data/hooks/auth', () => ({ useCurrentAccount: () => ({ org: { id: 1, name: 'Harbour Strength' } }) }));

const { CartButton } = await import('./CartButton');

const line = (id: number, quantity: number) => ({ id, variant_id: id, name: `Product ${id}`, description: null, quantity, price: 10 });

beforeEach(async () => {
  await db.carts.clear();
});

describe('CartButton', () => {
  it('leads to the cart while it holds something, with the number of items', async () => {
    await db.carts.put({ org_id: 1, currency: 'NZD', total: 30, line_items: [line(1, 2), line(2, 1)], deleted_line_items: [] });
    render(<MemoryRouter><CartButton /></MemoryRouter>);
    const link = await screen.findByRole('link', { name: 'Cart: 3 items' });
    expect(link.getAttribute('href')).toBe('/checkout');
    expect(link.textContent).toContain('3');
  });

  it('counts this organisation’s cart only, and goes once the cart is empty', async () => {
    await db.carts.bulkPut([
      { org_id: 1, currency: 'NZD', total: 10, line_items: [line(1, 1)], deleted_line_items: [] },
      { org_id: 2, currency: 'EUR', total: 50, line_items: [line(2, 5)], deleted_line_items: [] },
    ]);
    render(<MemoryRouter><CartButton /></MemoryRouter>);
    expect(await screen.findByRole('link', { name: 'Cart: 1 item' })).toBeTruthy();
    await act(() => db.carts.put({ org_id: 1, currency: 'NZD', total: 0, line_items: [], deleted_line_items: [] }));
    await waitFor(() => expect(screen.queryByRole('link')).toBeNull());
  });
});
