import { describe, expect, it } from 'vitest';
import { applyCartChanges, cartTotal, CART_MAX_QUANTITY } from './cart';

const ids = () => {
  let next = 100;
  return () => next++;
};

describe('the cart (SPEC §5)', () => {
  it('adds a line only with a quantity and a price', () => {
    const { lines } = applyCartChanges([], [{ variant_id: 1, quantity: 1 }, { variant_id: 2, price: 9900 }, { variant_id: 3, quantity: 2, price: 500 }], ids());
    expect(lines).toEqual([{ id: 100, variant_id: 3, quantity: 2 }]);
  });

  it('raises the quantity when a variant already in the cart is added again', () => {
    const { lines } = applyCartChanges([{ id: 7, variant_id: 3, quantity: 1 }], [{ variant_id: 3, quantity: 2, price: 1 }], ids());
    expect(lines).toEqual([{ id: 7, variant_id: 3, quantity: 3 }]);
  });

  it('changes and deletes lines by id, ignores lines it does not have, keeps quantities sensible', () => {
    const start = [{ id: 1, variant_id: 10, quantity: 1 }, { id: 2, variant_id: 11, quantity: 4 }];
    const { lines, deleted } = applyCartChanges(start, [{ id: 1, quantity: 0 }, { id: 2, _destroy: true }, { id: 9, quantity: 5 }, { variant_id: 12, quantity: 999, price: 1 }], ids());
    expect(lines).toEqual([{ id: 1, variant_id: 10, quantity: 1 }, { id: 100, variant_id: 12, quantity: CART_MAX_QUANTITY }]);
    expect(deleted).toEqual([2]);
    expect(start[0]!.quantity).toBe(1);
  });

  it('totals quantity (default 1) times price', () => {
    expect(cartTotal([{ quantity: 2, price: 22000 }, { price: 9900 }, { quantity: null, price: 100 }])).toBe(54000);
    expect(cartTotal([])).toBe(0);
  });
});
