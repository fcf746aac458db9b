import { describe, expect, it } from 'vitest';
import { destinationAfterSignIn, destinationOnSignOut } from './destination';

const ALEX = 1;
const SAM = 2;

describe('where a member was heading, across a sign-out', () => {
  it('a visitor’s own link is kept for whoever signs in', () => {
    const kept = destinationOnSignOut('/account/invoices', { reason: null, member: null });
    expect(kept).toEqual({ from: '/account/invoices', member: null });
    expect(destinationAfterSignIn(kept, SAM)).toBe('/account/invoices');
  });

  it('a sign-out forgets the page the member left, in this tab and in any other', () => {
    expect(destinationOnSignOut('/bookings', { reason: 'logout', member: ALEX })).toBeNull();
    expect(destinationAfterSignIn(null, SAM)).toBe('/classes');
  });

  it('an ended session keeps the way back for the same member only', () => {
    const kept = destinationOnSignOut('/bookings', { reason: 'expired', member: ALEX });
    expect(kept).toEqual({ from: '/bookings', member: ALEX });
    expect(destinationAfterSignIn(kept, ALEX)).toBe('/bookings');
    expect(destinationAfterSignIn(kept, SAM)).toBe('/classes');
  });

  it('the start page is no destination, and nothing readable lands on the timetable', () => {
    expect(destinationOnSignOut('/', { reason: null, member: null })).toBeNull();
    expect(destinationAfterSignIn(undefined, ALEX)).toBe('/classes');
    expect(destinationAfterSignIn({ from: 42 }, ALEX)).toBe('/classes');
    expect(destinationAfterSignIn({ from: 'https://elsewhere.example/' }, ALEX)).toBe('/classes');
  });
});
