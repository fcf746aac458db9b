import { describe, expect, it } from 'vitest';
import { canOffer, isOfferExpired, OFFER_WINDOW_MS, offerExpiry, offersToMake, waitlistOrder, waitlistPosition } from './waitlist';

const NOW = new Date('2026-03-10T10:00:00.000Z');
const min = (m: number) => new Date(NOW.getTime() + m * 60_000).toISOString();

describe('waitlist offers', () => {
  it('lasts two hours, never past the start', () => {
    expect(OFFER_WINDOW_MS).toBe(2 * 60 * 60 * 1000);
    expect(offerExpiry(NOW, min(300)).toISOString()).toBe(min(120));
    expect(offerExpiry(NOW, min(45)).toISOString()).toBe(min(45));
  });

  it('is made only before the start of a class that is not cancelled', () => {
    expect(canOffer({ start_at: min(1), cancelled: 0 }, NOW)).toBe(true);
    expect(canOffer({ start_at: min(0), cancelled: 0 }, NOW)).toBe(false);
    expect(canOffer({ start_at: min(60), cancelled: 1 }, NOW)).toBe(false);
  });

  it('reads the wire shape too (start_date, boolean cancelled)', () => {
    expect(canOffer({ start_date: min(1), cancelled: false }, NOW)).toBe(true);
    expect(canOffer({ start_date: min(-1), cancelled: false }, NOW)).toBe(false);
    expect(canOffer({ start_date: min(60), cancelled: true }, NOW)).toBe(false);
  });

  it('offers each free place to one waiting member while offers can be made', () => {
    const open = { start_at: min(60), cancelled: 0 };
    expect(offersToMake(1, 3, open, NOW)).toBe(1);
    expect(offersToMake(3, 2, open, NOW)).toBe(2);
    expect(offersToMake(2, 0, open, NOW)).toBe(0);
    expect(offersToMake(0, 4, open, NOW)).toBe(0);
    expect(offersToMake(1, 3, { ...open, cancelled: 1 }, NOW)).toBe(0);
    expect(offersToMake(1, 3, { ...open, start_at: min(0) }, NOW)).toBe(0);
  });

  it('lapses at its expiry', () => {
    expect(isOfferExpired({ state: 'pending', offer_expires_at: min(0) }, NOW)).toBe(true);
    expect(isOfferExpired({ state: 'pending', offer_expires_at: min(1) }, NOW)).toBe(false);
    expect(isOfferExpired({ state: 'booked', offer_expires_at: min(-1) }, NOW)).toBe(false);
  });

  it('goes first come, first served (ties by id)', () => {
    const order = waitlistOrder([
      { id: 5, created_at: min(-10) },
      { id: 3, created_at: min(-5) },
      { id: 4, created_at: min(-10) },
    ]);
    expect(order.map((v) => v.id)).toEqual([4, 5, 3]);
  });
});

describe('waitlist position', () => {
  const v = (id: number, minute: number) => ({ id, created_at: min(minute) });
  it('is 1-based in the order places are offered, ties by id', () => {
    const line = [v(5, 3), v(2, 1), v(9, 1), v(4, 2)];
    expect(waitlistPosition(line, 2)).toBe(1);
    expect(waitlistPosition(line, 9)).toBe(2);
    expect(waitlistPosition(line, 4)).toBe(3);
    expect(waitlistPosition(line, 5)).toBe(4);
  });
  it('is null for a visit not waiting', () => {
    expect(waitlistPosition([v(1, 0)], 7)).toBeNull();
    expect(waitlistPosition([], 1)).toBeNull();
  });
});
