import type { Redis, RedisOptions } from 'ioredis';
import { logger } from '../observability/log';

// Redis (REDIS_URL) holds what several server processes must share: realtime's clients and their
// messages (server/realtime/redis-engine.ts) and the login limits (server/http/rate-limit.ts).
// Without it each process keeps them in its own memory, which is right for one process.

/**
 * Every key and channel this server uses starts with the prefix (REDIS_PREFIX), so deployments
 * (or test servers) sharing one Redis never hear each other.
 */
export const DEFAULT_REDIS_PREFIX = 'member-pwa:';

export interface RedisConnections {
  prefix: string;
  /** Commands and PUBLISH. */
  commands: Redis;
  /** A connection in subscriber mode may run nothing else: a second one, made when first needed. */
  subscriber(): Redis;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

// ioredis is loaded only by a server given REDIS_URL.
type RedisClass = new (url: string, options: RedisOptions) => Redis;

function connect(RedisClient: RedisClass, url: string): Redis {
  const redis = new RedisClient(url, {
    // Commands fail fast while Redis is away instead of piling up: the callers degrade (a
    // refused login, a realtime message the app then pulls).
    maxRetriesPerRequest: 2,
    enableOfflineQueue: true,
    lazyConnect: false,
  });
  let reported = false;
  redis.on('error', (error: Error) => {
    // ioredis reconnects by itself; one line per outage, not one per retry.
    if (!reported) logger.error({ component: 'redis', reason: error.message }, 'Redis unreachable');
    reported = true;
  });
  redis.on('ready', () => {
    if (reported) logger.info({ component: 'redis' }, 'Redis connected again');
    reported = false;
  });
  return redis;
}

/** Connects and waits until Redis answers, so a wrong URL stops the server at start. */
export async function connectRedis(url: string, prefix = DEFAULT_REDIS_PREFIX): Promise<RedisConnections> {
  const { Redis: RedisClient } = await import('ioredis');
  const commands = connect(RedisClient, url);
  let subscriber: Redis | null = null;
  try {
    await commands.ping();
  } catch (error) {
    commands.disconnect();
    throw new Error(`Redis at ${new URL(url).host} did not answer: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  return {
    prefix,
    commands,
    subscriber: () => (subscriber ??= connect(RedisClient, url)),
    async ping() {
      try {
        return (await commands.ping()) === 'PONG';
      } catch {
        return false;
      }
    },
    async close() {
      await Promise.allSettled([commands.quit(), subscriber?.quit()]);
    },
  };
}
