import { describe, expect, it } from 'vitest';
import { BACKOFF_CAP_MS, backoffDelay, classifyError, classifyStatus, parseRetryAfter } from './outbox';

describe('classifyStatus', () => {
  it.each([
    [200, 'success'],
    [201, 'success'],
    [204, 'success'],
    [401, 'auth'],
    [408, 'retry'],
    [429, 'retry'],
    [500, 'retry'],
    [502, 'retry'],
    [503, 'retry'],
    [400, 'reject'],
    [403, 'reject'],
    [404, 'reject'],
    [409, 'reject'],
    [422, 'reject'],
  ] as const)('%i → %s', (status, outcome) => {
    expect(classifyStatus(status)).toBe(outcome);
  });
});

describe('classifyError', () => {
  it('uses the status of a server answer', () => {
    expect(classifyError({ status: 422 })).toBe('reject');
    expect(classifyError({ status: 401 })).toBe('auth');
    expect(classifyError({ status: 503 })).toBe('retry');
  });

  it('retries anything that is not a server answer', () => {
    expect(classifyError(new TypeError('fetch failed'))).toBe('retry');
    expect(classifyError(null)).toBe('retry');
    expect(classifyError('boom')).toBe('retry');
  });

  it('never reports success for a thrown error', () => {
    expect(classifyError({ status: 200 })).toBe('retry');
  });
});

describe('backoffDelay', () => {
  it('grows exponentially from 1 s under full jitter', () => {
    const top = () => 0.999999;
    expect(backoffDelay(1, { random: top })).toBe(999);
    expect(backoffDelay(2, { random: top })).toBe(1999);
    expect(backoffDelay(4, { random: top })).toBe(7999);
  });

  it('is capped at five minutes', () => {
    expect(backoffDelay(30, { random: () => 0.999999 })).toBeLessThan(BACKOFF_CAP_MS);
    expect(backoffDelay(1000, { random: () => 0.999999 })).toBeLessThan(BACKOFF_CAP_MS);
    expect(backoffDelay(30, { random: () => 0.999999 })).toBeGreaterThan(BACKOFF_CAP_MS - 10);
  });

  it('spreads retries over the whole window (full jitter)', () => {
    expect(backoffDelay(5, { random: () => 0 })).toBe(0);
    expect(backoffDelay(5, { random: () => 0.5 })).toBe(8000);
  });

  it('never retries before Retry-After', () => {
    expect(backoffDelay(1, { random: () => 0.5, retryAfterMs: 30_000 })).toBe(30_000);
    expect(backoffDelay(10, { random: () => 0.9, retryAfterMs: 1_000 })).toBeGreaterThan(1_000);
  });

  it('honours custom base and cap', () => {
    expect(backoffDelay(3, { random: () => 0.999999, baseMs: 10, capMs: 25 })).toBe(24);
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-11-22T06:00:00.000Z');

  it('reads delta-seconds', () => {
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
  });

  it('reads an HTTP date', () => {
    expect(parseRetryAfter('Sun, 22 Nov 2026 06:01:00 GMT', now)).toBe(60_000);
    expect(parseRetryAfter('Sun, 22 Nov 2026 05:00:00 GMT', now)).toBe(0);
  });

  it('ignores missing or malformed values', () => {
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter('', now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
  });
});
