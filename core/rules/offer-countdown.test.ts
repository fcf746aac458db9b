import { describe, expect, it } from 'vitest';
import { countdownTick, offerCountdown } from './offer-countdown';

const NOW = new Date('2026-03-10T10:00:00.000Z');
const min = (m: number) => new Date(NOW.getTime() + m * 60_000).toISOString();

describe('offer countdown', () => {
  const at = (ms: number) => new Date(NOW.getTime() + ms).toISOString();
  it('shows hours and minutes from an hour up', () => {
    expect(offerCountdown(min(120), NOW)).toEqual({ unit: 'hours', hours: 2, minutes: 0 });
    expect(offerCountdown(at(61 * 60_000 + 1), NOW)).toEqual({ unit: 'hours', hours: 1, minutes: 2 });
    expect(offerCountdown(min(60), NOW)).toEqual({ unit: 'hours', hours: 1, minutes: 0 });
  });
  it('shows minutes, rounded up, below an hour', () => {
    expect(offerCountdown(at(59 * 60_000 + 1), NOW)).toEqual({ unit: 'hours', hours: 1, minutes: 0 });
    expect(offerCountdown(min(59), NOW)).toEqual({ unit: 'minutes', minutes: 59 });
    expect(offerCountdown(min(12), NOW)).toEqual({ unit: 'minutes', minutes: 12 });
    expect(offerCountdown(at(11 * 60_000 + 1), NOW)).toEqual({ unit: 'minutes', minutes: 12 });
    expect(offerCountdown(at(60_001), NOW)).toEqual({ unit: 'minutes', minutes: 2 });
  });
  it('shows seconds in the last minute, rounded up', () => {
    expect(offerCountdown(at(60_000), NOW)).toEqual({ unit: 'seconds', seconds: 60 });
    expect(offerCountdown(at(42_500), NOW)).toEqual({ unit: 'seconds', seconds: 43 });
    expect(offerCountdown(at(1), NOW)).toEqual({ unit: 'seconds', seconds: 1 });
  });
  it('is expired at and after the deadline, or for a date it cannot read', () => {
    expect(offerCountdown(at(0), NOW)).toEqual({ unit: 'expired' });
    expect(offerCountdown(min(-5), NOW)).toEqual({ unit: 'expired' });
    expect(offerCountdown('not a date', NOW)).toEqual({ unit: 'expired' });
  });
  it('repaints every second in the last minute, every 15 s before, never once expired', () => {
    expect(countdownTick(offerCountdown(at(30_000), NOW))).toBe(1000);
    expect(countdownTick(offerCountdown(min(30), NOW))).toBe(15_000);
    expect(countdownTick({ unit: 'expired' })).toBeNull();
  });
});
