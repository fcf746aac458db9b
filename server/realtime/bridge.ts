import type { RedisConnections } from '../redis/index';

// Realtime across processes: a member's Faye connection lives on whichever process the load
// balancer chose, and the event may happen on another. Each publish goes to one Redis pub/sub
// channel; every process (the publisher too) hands what arrives to its own Faye, which delivers
// to the members connected there. Faye stays the protocol the app speaks. Redis keeps the order of
// one publisher's messages, and each process passes them to Faye in that order.

export const realtimeRedisChannel = (redis: RedisConnections) => `${redis.prefix}realtime`;

export type LocalPublish = (channel: string, message: unknown) => Promise<void>;

export interface RealtimeBridge {
  publish: LocalPublish;
  close(): Promise<void>;
}

export async function bridgeThroughRedis(redis: RedisConnections, local: LocalPublish): Promise<RealtimeBridge> {
  const subscriber = redis.subscriber();
  const REALTIME_REDIS_CHANNEL = realtimeRedisChannel(redis);
  let delivering: Promise<unknown> = Promise.resolve();
  const onMessage = (redisChannel: string, raw: string) => {
    if (redisChannel !== REALTIME_REDIS_CHANNEL) return;
    let parsed: { channel?: unknown; message?: unknown };
    try {
      parsed = JSON.parse(raw) as typeof parsed;
    } catch {
      return;
    }
    const { channel, message } = parsed;
    if (typeof channel !== 'string') return;
    delivering = delivering.then(() => local(channel, message)).catch((error: unknown) => console.error('[realtime] local delivery failed:', error));
  };
  subscriber.on('message', onMessage);
  await subscriber.subscribe(REALTIME_REDIS_CHANNEL);
  return {
    async publish(channel, message) {
      await redis.commands.publish(REALTIME_REDIS_CHANNEL, JSON.stringify({ channel, message }));
    },
    async close() {
      subscriber.off('message', onMessage);
      await subscriber.unsubscribe(REALTIME_REDIS_CHANNEL).catch(() => undefined);
      await delivering;
    },
  };
}
