import { describe, expect, it } from 'vitest';
import { changesTo } from './commands';

const cart = (lines: [number, number, number][]) => ({
  currency: 'NZD',
  total: 0,
  deleted_line_items: [],
  line_items: lines.map(([id, variant, quantity]) => ({ id, variant_id: variant, quantity, name: '', description: null, price: 1 })),
});

describe('the cart the member wants, as changes to the server’s', () => {
  it('removes, changes and adds by variant, and asks for nothing when they agree', () => {
    expect(changesTo(cart([[1, 10, 1], [2, 11, 2], [3, 12, 1]]), [{ variant_id: 11, quantity: 3, price: 5 }, { variant_id: 12, quantity: 1, price: 5 }, { variant_id: 13, quantity: 1, price: 9 }])).toEqual([
      { id: 1, _destroy: true },
      { id: 2, quantity: 3 },
      { variant_id: 13, quantity: 1, price: 9 },
    ]);
    expect(changesTo(cart([[1, 10, 2]]), [{ variant_id: 10, quantity: 2, price: 5 }])).toEqual([]);
  });
});
