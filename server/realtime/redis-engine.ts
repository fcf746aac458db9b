import type { RedisConnections } from '../redis/index';
import { logger } from '../observability/log';

// Faye's clients kept in Redis, so that any process can answer any of a client's messages: behind
// a balancer without stickiness the handshake, the WebSocket and each long-poll may land on
// different processes (docs/decisions.md, "Realtime behind any balancer"). This is a Faye engine
// (the interface faye's own in-memory engine implements): Faye still speaks Bayeux and keeps each
// open connection in the process that holds it; who exists, who listens to what, and what waits
// to be delivered live here.
//
// Under `${prefix}faye:`
//   clients               sorted set: client id -> last seen (ms); gone after 2 x timeout unseen
//   client:{id}:channels  set: the client's subscriptions
//   channel:{name}        set: the clients subscribed to the channel
//   client:{id}:queue     list: messages waiting for the client's connection (expire as the client)
// and two pub/sub channels: `wake` (a client has messages: the process holding its connection
// delivers them) and `close` (a client was destroyed: the process holding it closes it).

/** The part of faye's Engine.Proxy an engine calls back. */
export interface FayeEngineHost {
  readonly timeout: number;
  generateId(): string;
  hasConnection(clientId: string): boolean;
  /** False when this process no longer holds the client's connection. */
  deliver(clientId: string, messages: unknown[]): boolean;
  trigger(event: string, ...args: unknown[]): void;
}

interface PublishedMessage {
  channel: string;
  clientId?: string;
  data?: unknown;
}

/** The patterns a subscription may use that match `channel`: /n/abc is matched by /n/*, /n/** and /**. */
export function wildcardsOf(channel: string): string[] {
  const segments = channel.split('/').slice(1);
  const wildcards = [`/${[...segments.slice(0, -1), '*'].join('/')}`];
  for (let i = segments.length - 1; i >= 0; i -= 1) wildcards.push(`/${[...segments.slice(0, i), '**'].join('/')}`);
  return wildcards;
}

type Callback<T extends unknown[] = []> = (this: unknown, ...args: T) => void;

// Destroying and subscribing check and change several keys at once, so a client destroyed on one
// process while it subscribes on another leaves no subscription behind.
const DESTROY = `
if redis.call('ZREM', KEYS[1], ARGV[1]) == 0 then return 0 end
for _, channel in ipairs(redis.call('SMEMBERS', KEYS[2])) do
  redis.call('SREM', ARGV[2] .. channel, ARGV[1])
end
redis.call('DEL', KEYS[2], KEYS[3])
return 1`;
const SUBSCRIBE = `
if not redis.call('ZSCORE', KEYS[1], ARGV[1]) then return -1 end
redis.call('SADD', KEYS[3], ARGV[1])
return redis.call('SADD', KEYS[2], ARGV[2])`;

export class RedisFayeEngine {
  private readonly ns: string;
  private readonly wakeChannel: string;
  private readonly closeChannel: string;
  private readonly gcTimer: ReturnType<typeof setInterval>;
  /** Publishes are stored one after another, so a client gets one process's messages in order. */
  private publishing: Promise<void> = Promise.resolve();
  private readonly inFlight = new Set<Promise<unknown>>();
  /** Each client's take of its queue under way in this process (emptyQueue). */
  private readonly draining = new Map<string, Promise<void>>();
  private reportedFailure = false;
  readonly ready: Promise<void>;

  constructor(
    private readonly host: FayeEngineHost,
    private readonly redis: RedisConnections,
  ) {
    this.ns = `${redis.prefix}faye:`;
    this.wakeChannel = `${this.ns}wake`;
    this.closeChannel = `${this.ns}close`;
    const subscriber = redis.subscriber();
    subscriber.on('message', this.onMessage);
    this.ready = subscriber.subscribe(this.wakeChannel, this.closeChannel).then(() => undefined);
    // Every process collects; the one whose ZREM removes a client is the one that destroys it.
    this.gcTimer = setInterval(() => void this.gc(), Math.max(1, host.timeout) * 1000);
    this.gcTimer.unref();
  }

  private readonly onMessage = (channel: string, clientId: string) => {
    if (channel === this.wakeChannel) this.emptyQueue(clientId);
    else if (channel === this.closeChannel) this.host.trigger('close', clientId);
  };

  private key = {
    clients: () => `${this.ns}clients`,
    channels: (clientId: string) => `${this.ns}client:${clientId}:channels`,
    queue: (clientId: string) => `${this.ns}client:${clientId}:queue`,
    channel: (name: string) => `${this.ns}channel:${name}`,
  };

  /** A client unseen this long is gone (as in faye's memory engine). */
  private get lifetimeMs(): number {
    return 2 * this.host.timeout * 1000;
  }

  /** Keeps count of Redis work under way, so closing can wait for it (idle()). */
  private track<T>(work: Promise<T>): void {
    const settled: Promise<unknown> = work.then(
      () => this.inFlight.delete(settled),
      () => this.inFlight.delete(settled),
    );
    this.inFlight.add(settled);
  }

  private failed(what: string, error: unknown): void {
    // Redis away: one line per outage (server/redis/index.ts reports the connection itself).
    if (!this.reportedFailure) logger.error({ component: 'realtime', what, reason: error instanceof Error ? error.message : String(error) }, 'realtime through Redis failed');
    this.reportedFailure = true;
  }

  private succeeded(): void {
    this.reportedFailure = false;
  }

  createClient(callback: Callback<[string]>, context?: unknown): void {
    const clientId = this.host.generateId();
    this.track(this.redis.commands.zadd(this.key.clients(), 'NX', Date.now(), clientId).then(
      (added) => {
        this.succeeded();
        if (Number(added) === 0) return this.createClient(callback, context);
        this.host.trigger('handshake', clientId);
        callback.call(context, clientId);
      },
      // No answer: the client gives up after its timeout and handshakes again, so a Redis outage
      // costs one attempt a minute per client instead of a loop.
      (error: unknown) => this.failed('a handshake', error),
    ));
  }

  destroyClient(clientId: string, callback?: Callback, context?: unknown): void {
    this.track(this.redis.commands
      .eval(DESTROY, 3, this.key.clients(), this.key.channels(clientId), this.key.queue(clientId), clientId, this.key.channel(''))
      .then(async (removed) => {
        if (Number(removed) === 1) {
          this.host.trigger('disconnect', clientId);
          await this.redis.commands.publish(this.closeChannel, clientId);
        }
      })
      .catch((error: unknown) => this.failed('removing a client', error))
      .finally(() => callback?.call(context)));
  }

  clientExists(clientId: string, callback: Callback<[boolean]>, context?: unknown): void {
    this.track(this.redis.commands.zscore(this.key.clients(), clientId).then(
      (score) => callback.call(context, score !== null),
      // Unknown: the client handshakes again (which waits for Redis, see createClient).
      (error: unknown) => {
        this.failed('looking a client up', error);
        callback.call(context, false);
      },
    ));
  }

  ping(clientId: string): void {
    // XX: a client already collected is not brought back without its subscriptions.
    this.track(this.redis.commands.zadd(this.key.clients(), 'XX', Date.now(), clientId).catch((error: unknown) => this.failed('a ping', error)));
  }

  subscribe(clientId: string, channel: string, callback?: Callback<[boolean]>, context?: unknown): void {
    this.track(this.redis.commands
      .eval(SUBSCRIBE, 3, this.key.clients(), this.key.channels(clientId), this.key.channel(channel), clientId, channel)
      .then((added) => {
        if (Number(added) === 1) this.host.trigger('subscribe', clientId, channel);
        callback?.call(context, Number(added) >= 0);
      })
      .catch((error: unknown) => {
        this.failed('a subscription', error);
        callback?.call(context, false);
      }));
  }

  unsubscribe(clientId: string, channel: string, callback?: Callback<[boolean]>, context?: unknown): void {
    this.track(this.redis.commands
      .multi()
      .srem(this.key.channels(clientId), channel)
      .srem(this.key.channel(channel), clientId)
      .exec()
      .then((results) => {
        if (Number(results?.[0]?.[1]) === 1) this.host.trigger('unsubscribe', clientId, channel);
        callback?.call(context, true);
      })
      .catch((error: unknown) => {
        this.failed('an unsubscription', error);
        callback?.call(context, false);
      }));
  }

  /** A publish through faye (`channels`: the message's channel and the wildcards matching it). */
  publish(message: PublishedMessage, channels: string[]): void {
    this.store(message, channels).catch((error: unknown) => this.failed('a publish', error));
    this.host.trigger('publish', message.clientId, message.channel, message.data);
  }

  /**
   * The server's own publish, straight into Redis rather than through an in-process faye client
   * (whose handshake would wait for Redis as anyone's does): resolves once every subscriber's
   * queue has it, rejects when Redis failed.
   */
  send(channel: string, data: unknown): Promise<void> {
    return this.store({ channel, data }, [channel, ...wildcardsOf(channel)]);
  }

  /** Queues the message for every subscriber, after the publishes before it. */
  private store(message: PublishedMessage, channels: string[]): Promise<void> {
    const json = JSON.stringify(message);
    const stored = this.publishing.then(async () => {
      const clients = await this.redis.commands.sunion(...channels.map((channel) => this.key.channel(channel)));
      if (clients.length === 0) return;
      const store = this.redis.commands.multi();
      for (const clientId of clients) {
        store.rpush(this.key.queue(clientId), json).pexpire(this.key.queue(clientId), this.lifetimeMs).publish(this.wakeChannel, clientId);
      }
      await store.exec();
      this.succeeded();
    });
    this.publishing = stored.catch(() => undefined);
    return stored;
  }

  /** Resolves once no Redis work is under way (before the connections close). */
  async idle(): Promise<void> {
    await this.publishing;
    while (this.inFlight.size > 0) await Promise.all(this.inFlight);
  }

  /** Hands the client's waiting messages to its connection, if this process holds it. */
  emptyQueue(clientId: string): void {
    if (!this.host.hasConnection(clientId)) return;
    // One take at a time per client: a take whose connection closed puts its messages back ahead
    // of the queue, and a second take made meanwhile would put its later ones back ahead of them.
    const drained = (this.draining.get(clientId) ?? Promise.resolve()).then(() => this.drain(clientId));
    this.draining.set(clientId, drained);
    this.track(drained.finally(() => {
      if (this.draining.get(clientId) === drained) this.draining.delete(clientId);
    }));
  }

  private async drain(clientId: string): Promise<void> {
    // The connection may have closed while an earlier take was delivered: the next one empties it.
    if (!this.host.hasConnection(clientId)) return;
    const queue = this.key.queue(clientId);
    try {
      const results = await this.redis.commands.multi().lrange(queue, 0, -1).del(queue).exec();
      const raw = (results?.[0]?.[1] ?? []) as string[];
      if (raw.length === 0) return;
      const messages = raw.map((json) => JSON.parse(json) as unknown);
      // The connection closed meanwhile (a long-poll answered): they wait for the next one.
      if (!this.host.deliver(clientId, messages)) {
        await this.redis.commands.multi().lpush(queue, ...raw.reverse()).pexpire(queue, this.lifetimeMs).exec();
      }
    } catch (error) {
      this.failed('a delivery', error);
    }
  }

  private async gc(): Promise<void> {
    try {
      const stale = await this.redis.commands.zrangebyscore(this.key.clients(), '-inf', Date.now() - this.lifetimeMs, 'LIMIT', 0, 500);
      for (const clientId of stale) await new Promise<void>((resolve) => this.destroyClient(clientId, resolve));
    } catch (error) {
      this.failed('collecting clients', error);
    }
  }

  disconnect(): void {
    clearInterval(this.gcTimer);
    const subscriber = this.redis.subscriber();
    subscriber.off('message', this.onMessage);
    void subscriber.unsubscribe(this.wakeChannel, this.closeChannel).catch(() => undefined);
  }
}
