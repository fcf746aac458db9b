import { describe, expect, it } from 'vitest';
import { countVisits, freePlaces, isFull, isFullWith, placesTaken } from './capacity';

describe('capacity', () => {
  it('counts booked, attended and pending as taken; drop-ins are booked places', () => {
    const c = countVisits([
      { state: 'booked', dropin: 0, n: 3 },
      { state: 'booked', dropin: 1, n: 1 },
      { state: 'attended', dropin: 1, n: 1 },
      { state: 'pending', dropin: 0, n: 1 },
      { state: 'waitlisted', dropin: 0, n: 2 },
      { state: 'cancelled', dropin: 1, n: 5 },
    ]);
    expect(c).toEqual({ booked: 4, attended: 1, pending: 1, waitlisted: 2, droppedin: 2 });
    expect(placesTaken(c)).toBe(6);
    expect(isFull(6, c)).toBe(true);
    expect(isFull(7, c)).toBe(false);
    expect(freePlaces(8, c)).toBe(2);
    expect(freePlaces(4, c)).toBe(0);
  });

  it('reads a class row the same way: full once booked_count reaches capacity', () => {
    expect(isFullWith(10, 10)).toBe(true);
    expect(isFullWith(10, 9)).toBe(false);
    expect(isFullWith(0, 0)).toBe(true);
  });
});
