// Pure rules of the outbox (DESIGN "Data layer rules" 3): what a failed replay means for the
// queue, and how long to wait before the next attempt.

export type ReplayOutcome = 'success' | 'retry' | 'reject' | 'auth';

export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_CAP_MS = 5 * 60_000;

/** What an HTTP status means for a queued write. */
export function classifyStatus(status: number): ReplayOutcome {
  if (status >= 200 && status < 300) return 'success';
  if (status === 401) return 'auth';
  if (status === 408 || status === 429 || status >= 500) return 'retry';
  if (status >= 400) return 'reject';
  // 1xx/3xx never reach here through fetch; treat them as transient rather than lose the write.
  return 'retry';
}

/**
 * What a thrown error means for a queued write. Anything that is not a server answer (no numeric
 * status: network failure, timeout, a bug) is retried: dropping the member's intent is worse
 * than retrying it.
 */
export function classifyError(error: unknown): Exclude<ReplayOutcome, 'success'> {
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status === 'number') {
    const outcome = classifyStatus(status);
    return outcome === 'success' ? 'retry' : outcome;
  }
  return 'retry';
}

export interface BackoffOptions {
  /** Server's Retry-After in ms; the delay is never shorter. */
  retryAfterMs?: number;
  random?: () => number;
  baseMs?: number;
  capMs?: number;
}

/**
 * Exponential backoff with full jitter: uniform in [0, min(cap, base·2^(attempt-1))], so a
 * fleet of devices coming back online does not retry in lockstep. `attempt` counts failures so far (≥ 1).
 */
export function backoffDelay(attempt: number, options: BackoffOptions = {}): number {
  const { random = Math.random, baseMs = BACKOFF_BASE_MS, capMs = BACKOFF_CAP_MS } = options;
  const exponent = Math.max(0, Math.floor(attempt) - 1);
  const ceiling = Math.min(capMs, baseMs * 2 ** Math.min(exponent, 30));
  const jittered = Math.floor(random() * ceiling);
  const retryAfter = options.retryAfterMs !== undefined && options.retryAfterMs > 0 ? options.retryAfterMs : 0;
  return Math.max(jittered, retryAfter);
}

/** Retry-After is either delta-seconds or an HTTP date; returns ms from `now`, or undefined. */
export function parseRetryAfter(value: string | null | undefined, now: number): number | undefined {
  if (value == null) return undefined;
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now);
}
