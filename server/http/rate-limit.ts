// Login throttling, kept in process memory: counters vanish on restart and are not shared
// between processes, which is acceptable for the single-process reference server. A shared
// store (a SQL table or Redis) can replace it behind the same LoginRateLimiter interface.

export interface LoginRateLimitOptions {
  /** Failed attempts allowed per email inside the window. */
  perEmail: number;
  /**
   * Failed attempts per client IP inside the window after which only a correct password gets
   * through (members share gym Wi-Fi; each account keeps its own limit).
   */
  perIp: number;
  /** Failed attempts per client IP after which every attempt is refused unchecked. Default 10 × perIp. */
  perIpHard?: number;
  windowMs: number;
}

export const DEFAULT_LOGIN_RATE_LIMIT: LoginRateLimitOptions = { perEmail: 5, perIp: 50, windowMs: 15 * 60 * 1000 };

export interface LoginRateLimiter {
  /**
   * Seconds to wait when this attempt must be refused before the password is checked (the
   * account's own limit, or the address's hard limit, which also bounds password hashing), else null.
   */
  check(email: string, ip: string): number | null;
  /** Seconds to wait when the address is over its limit: then only a correct password passes. */
  addressWait(ip: string): number | null;
  recordAttempt(ip: string): void;
  recordFailure(email: string): void;
  clearFailures(email: string): void;
}

/** A sliding window of timestamps per key. */
class SlidingWindow {
  private readonly hits = new Map<string, number[]>();
  private calls = 0;

  constructor(
    private readonly windowMs: number,
    private readonly now: () => number,
  ) {}

  private live(key: string): number[] {
    const cutoff = this.now() - this.windowMs;
    const list = (this.hits.get(key) ?? []).filter((t) => t > cutoff);
    if (list.length === 0) this.hits.delete(key);
    else this.hits.set(key, list);
    return list;
  }

  /** Seconds until a slot frees up when `limit` hits are already in the window. */
  retryAfter(key: string, limit: number): number | null {
    const list = this.live(key);
    if (list.length < limit) return null;
    const oldestThatMatters = list[list.length - limit] ?? this.now();
    return Math.max(1, Math.ceil((oldestThatMatters + this.windowMs - this.now()) / 1000));
  }

  add(key: string): void {
    const list = this.live(key);
    list.push(this.now());
    this.hits.set(key, list);
    if (++this.calls % 1000 === 0) this.sweep();
  }

  clear(key: string): void {
    this.hits.delete(key);
  }

  // Drops keys nobody has touched within the window, so memory stays bounded.
  private sweep(): void {
    for (const key of [...this.hits.keys()]) this.live(key);
  }
}

export function createLoginRateLimiter(options: LoginRateLimitOptions, now: () => Date): LoginRateLimiter {
  const clock = () => now().getTime();
  const emails = new SlidingWindow(options.windowMs, clock);
  const ips = new SlidingWindow(options.windowMs, clock);
  return {
    check(email, ip) {
      const byIp = ips.retryAfter(ip, options.perIpHard ?? options.perIp * 10);
      const byEmail = emails.retryAfter(email, options.perEmail);
      if (byIp === null && byEmail === null) return null;
      return Math.max(byIp ?? 0, byEmail ?? 0);
    },
    addressWait: (ip) => ips.retryAfter(ip, options.perIp),
    recordAttempt: (ip) => ips.add(ip),
    recordFailure: (email) => emails.add(email),
    clearFailures: (email) => emails.clear(email),
  };
}
