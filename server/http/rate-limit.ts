// Login throttling: sliding windows of failed attempts per email and per client address. In
// process memory by default (counters vanish on restart, right for one process); with Redis
// (REDIS_URL) the windows are sorted sets every process counts in, so a limit holds whichever
// process the load balancer sends an attempt to.
import { createHash, randomUUID } from 'node:crypto';
import type { RedisConnections } from '../redis/index';

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
/** Password reset requests: 3 links per email and 20 requests per address an hour. */
export const RESET_RATE_LIMIT: LoginRateLimitOptions = { perEmail: 3, perIp: 20, perIpHard: 20, windowMs: 60 * 60 * 1000 };

export interface LoginRateLimiter {
  /**
   * Seconds to wait when this attempt must be refused before the password is checked (the
   * account's own limit, or the address's hard limit, which also bounds password hashing), else null.
   */
  check(email: string, ip: string): Promise<number | null>;
  /** Seconds to wait when the address is over its limit: then only a correct password passes. */
  addressWait(ip: string): Promise<number | null>;
  recordAttempt(ip: string): Promise<void>;
  recordFailure(email: string): Promise<void>;
  clearFailures(email: string): Promise<void>;
}

/** Timestamps of hits per key, forgotten after the window. */
interface SlidingWindow {
  /** Seconds until a slot frees up when `limit` hits are already in the window, else null. */
  retryAfter(key: string, limit: number): Promise<number | null>;
  add(key: string): Promise<void>;
  clear(key: string): Promise<void>;
}

/** Seconds until the hit at `oldestThatMatters` leaves the window (at least 1). */
function secondsUntilFree(oldestThatMatters: number, windowMs: number, now: number): number {
  return Math.max(1, Math.ceil((oldestThatMatters + windowMs - now) / 1000));
}

class MemoryWindow implements SlidingWindow {
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

  async retryAfter(key: string, limit: number): Promise<number | null> {
    const list = this.live(key);
    if (list.length < limit) return null;
    return secondsUntilFree(list[list.length - limit] ?? this.now(), this.windowMs, this.now());
  }

  async add(key: string): Promise<void> {
    const list = this.live(key);
    list.push(this.now());
    this.hits.set(key, list);
    if (++this.calls % 1000 === 0) this.sweep();
  }

  async clear(key: string): Promise<void> {
    this.hits.delete(key);
  }

  // Drops keys nobody has touched within the window, so memory stays bounded.
  private sweep(): void {
    for (const key of [...this.hits.keys()]) this.live(key);
  }
}

// Drops hits older than the window, then answers the score of the hit that must leave before
// another fits (-1: there is room). One script, so two processes never read a half-updated set.
const RETRY_AFTER_SCRIPT = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
local n = redis.call('ZCARD', KEYS[1])
local limit = tonumber(ARGV[2])
if n < limit then return -1 end
local hit = redis.call('ZRANGE', KEYS[1], n - limit, n - limit, 'WITHSCORES')
return hit[2]
`;

/** The same window as a Redis sorted set per key (score: the time of the hit), shared by every process. */
class RedisWindow implements SlidingWindow {
  constructor(
    private readonly redis: RedisConnections,
    private readonly name: string,
    private readonly windowMs: number,
    private readonly now: () => number,
  ) {}

  // Emails and addresses are hashed: Redis holds no member's email.
  private key(key: string): string {
    return `${this.redis.prefix}${this.name}:${createHash('sha256').update(key).digest('base64url')}`;
  }

  async retryAfter(key: string, limit: number): Promise<number | null> {
    const now = this.now();
    const oldest = Number(await this.redis.commands.eval(RETRY_AFTER_SCRIPT, 1, this.key(key), now - this.windowMs, limit));
    return oldest < 0 ? null : secondsUntilFree(oldest, this.windowMs, now);
  }

  async add(key: string): Promise<void> {
    await this.redis.commands.multi().zadd(this.key(key), this.now(), randomUUID()).pexpire(this.key(key), this.windowMs).exec();
  }

  async clear(key: string): Promise<void> {
    await this.redis.commands.del(this.key(key));
  }
}

/**
 * With `redis`, the limits are counted in Redis across processes; without, in this process.
 * `purpose` keeps the counts of different limits apart (sign-in, password reset requests).
 */
export function createLoginRateLimiter(options: LoginRateLimitOptions, now: () => Date, redis?: RedisConnections | null, purpose = 'login'): LoginRateLimiter {
  const clock = () => now().getTime();
  const window = (name: string): SlidingWindow => (redis ? new RedisWindow(redis, `${purpose}:${name}`, options.windowMs, clock) : new MemoryWindow(options.windowMs, clock));
  const emails = window('email');
  const ips = window('ip');
  return {
    async check(email, ip) {
      const [byIp, byEmail] = await Promise.all([ips.retryAfter(ip, options.perIpHard ?? options.perIp * 10), emails.retryAfter(email, options.perEmail)]);
      if (byIp === null && byEmail === null) return null;
      return Math.max(byIp ?? 0, byEmail ?? 0);
    },
    addressWait: (ip) => ips.retryAfter(ip, options.perIp),
    recordAttempt: (ip) => ips.add(ip),
    recordFailure: (email) => emails.add(email),
    clearFailures: (email) => emails.clear(email),
  };
}

/** Counts every request under a key (not only failures), for limits on how often something may be sent. */
export interface HitLimiter {
  /** Counts this hit unless `limit` hits are in the window already; then the seconds to wait (and it is not counted). */
  take(key: string, limit: number): Promise<number | null>;
}

/** The same sliding windows as sign-in's, in this process or (with `redis`) across processes. */
export function createHitLimiter(windowMs: number, now: () => Date, redis: RedisConnections | null, purpose: string): HitLimiter {
  const clock = () => now().getTime();
  const window: SlidingWindow = redis ? new RedisWindow(redis, purpose, windowMs, clock) : new MemoryWindow(windowMs, clock);
  return {
    async take(key, limit) {
      const wait = await window.retryAfter(key, limit);
      if (wait !== null) return wait;
      await window.add(key);
      return null;
    },
  };
}
