// The Faye engine on Redis, driven as faye's Engine.Proxy drives it, with two engines on one Redis
// standing for two processes (npm run test:pg). The end-to-end proof behind a balancer is
// src/features/notifications/realtime.balancer.server.test.ts.
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { connectRedis, type RedisConnections } from '../redis/index';
import { waitUntil } from '../testing/notifications-helpers';
import { RedisFayeEngine, type FayeEngineHost } from './redis-engine';

/** A process's Engine.Proxy: which connections it holds, what it delivered, what it was told. */
class Host implements FayeEngineHost {
  readonly held = new Set<string>();
  /** Connections that close just before a delivery reaches them (a long-poll answered meanwhile). */
  readonly closing = new Set<string>();
  readonly delivered: { clientId: string; messages: unknown[] }[] = [];
  readonly events: unknown[][] = [];
  constructor(readonly timeout: number) {}
  generateId = () => randomUUID();
  hasConnection = (clientId: string) => this.held.has(clientId);
  deliver(clientId: string, messages: unknown[]): boolean {
    if (this.closing.delete(clientId)) this.held.delete(clientId);
    if (!this.held.has(clientId)) return false;
    this.delivered.push({ clientId, messages });
    return true;
  }
  trigger = (...event: unknown[]) => void this.events.push(event);
  data = () => this.delivered.flatMap((d) => d.messages.map((m) => (m as { data: unknown }).data));
}

describe.runIf(process.env.TEST_REDIS_URL)('realtime clients shared through Redis (redis-engine.ts)', () => {
  const opened: { engine: RedisFayeEngine; redis: RedisConnections }[] = [];

  async function processes(timeout = 45): Promise<[RedisFayeEngine, Host, RedisFayeEngine, Host]> {
    const prefix = `test-engine-${randomUUID()}:`;
    const made = await Promise.all(
      [0, 1].map(async () => {
        const redis = await connectRedis(process.env.TEST_REDIS_URL ?? '', prefix);
        const host = new Host(timeout);
        const engine = new RedisFayeEngine(host, redis);
        await engine.ready;
        opened.push({ engine, redis });
        return [engine, host] as const;
      }),
    );
    return [...made[0]!, ...made[1]!];
  }

  const call = <T>(fn: (done: (value: T) => void) => void) => new Promise<T>((resolve) => fn(resolve));

  afterEach(async () => {
    for (const { engine, redis } of opened.splice(0)) {
      engine.disconnect();
      await engine.idle();
      await redis.close();
    }
  });

  it('a client made on one process is known, subscribed and delivered to on the other, in order', async () => {
    const [a, hostA, b] = await processes();
    const clientId = await call<string>((done) => a.createClient(done));
    expect(await call<boolean>((done) => b.clientExists(clientId, done))).toBe(true);
    expect(await call<boolean>((done) => b.clientExists('nobody', done))).toBe(false);
    await call((done) => b.subscribe(clientId, '/n/abc', done));
    // A holds the connection; B publishes.
    hostA.held.add(clientId);
    // The server's own publishes, all at once, and one through faye (which expands the wildcards).
    await Promise.all([1, 2, 3, 4].map((i) => b.send('/n/abc', i)));
    b.publish({ channel: '/n/abc', data: 5 }, ['/**', '/n/abc', '/n/*', '/n/**']);
    await waitUntil(async () => hostA.data().length === 5, 2_000, 'five deliveries on A');
    expect(hostA.data()).toEqual([1, 2, 3, 4, 5]);
    // Another channel's message is not for it; a pattern's subscriber gets it.
    const watcher = await call<string>((done) => b.createClient(done));
    await call((done) => b.subscribe(watcher, '/n/*', done));
    hostA.held.add(watcher);
    await b.send('/n/other', 'not yours');
    await waitUntil(async () => hostA.delivered.some((d) => d.clientId === watcher), 2_000, 'the pattern subscriber');
    expect(hostA.data()).toEqual([1, 2, 3, 4, 5, 'not yours']);
    expect(hostA.delivered.filter((d) => d.clientId === clientId).flatMap((d) => d.messages)).toHaveLength(5);
  });

  it('keeps the messages of a connection that closed before they reached it for the next one, in order', async () => {
    const [a, hostA, b, hostB] = await processes();
    const sent = Array.from({ length: 12 }, (_, i) => `message ${i + 1}`);
    const clientId = await call<string>((done) => a.createClient(done));
    await call((done) => a.subscribe(clientId, '/n/abc', done));
    hostA.held.add(clientId);
    hostA.closing.add(clientId);
    // Each message wakes A, which takes the queue while its connection closes under the first
    // delivery: what it took goes back, ahead of what came meanwhile, in the order it was sent.
    await Promise.all(sent.map((data) => b.send('/n/abc', data)));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(hostA.delivered).toEqual([]);
    // The client's next poll lands on B, which empties the queue as faye does on connect.
    hostB.held.add(clientId);
    b.emptyQueue(clientId);
    await waitUntil(async () => hostB.data().length === sent.length, 2_000, 'the kept messages on B');
    expect(hostB.data()).toEqual(sent);
  });

  it('two takes of one queue on one process, the first failing, leave it in the order sent', async () => {
    const [a, hostA] = await processes();
    const { redis } = opened[0]!;
    const clientId = await call<string>((done) => a.createClient(done));
    await call((done) => a.subscribe(clientId, '/n/abc', done));
    await a.send('/n/abc', 'first');
    hostA.held.add(clientId);
    hostA.closing.add(clientId);
    // On one connection Redis runs these in the order given: a take of 'first', 'second' arriving
    // (as a publish stores it), a second take (its wake) before the first's answer is back.
    a.emptyQueue(clientId);
    void redis.commands.rpush(`${redis.prefix}faye:client:${clientId}:queue`, JSON.stringify({ channel: '/n/abc', data: 'second' }));
    a.emptyQueue(clientId);
    await a.idle();
    hostA.held.add(clientId);
    a.emptyQueue(clientId);
    await waitUntil(async () => hostA.data().length === 2, 2_000, 'both messages on the next connection');
    expect(hostA.data()).toEqual(['first', 'second']);
  });

  it('a client removed on one process is closed where its connection is, and hears nothing more', async () => {
    const [a, hostA, b] = await processes();
    const clientId = await call<string>((done) => a.createClient(done));
    await call((done) => a.subscribe(clientId, '/n/abc', done));
    hostA.held.add(clientId);
    await call((done) => b.destroyClient(clientId, () => done(undefined)));
    await waitUntil(async () => hostA.events.some(([event, id]) => event === 'close' && id === clientId), 2_000, 'close on A');
    expect(await call<boolean>((done) => a.clientExists(clientId, done))).toBe(false);
    // A client that is gone is not subscribed again (a subscribe racing the removal).
    expect(await call<boolean>((done) => b.subscribe(clientId, '/n/abc', done))).toBe(false);
    await b.send('/n/abc', 'too late');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(hostA.delivered).toEqual([]);
  });

  it('collects a client unseen for twice the timeout, on whichever process looks first; a pinged one stays', async () => {
    // A 0.5 s timeout: gone after 1 s unseen, looked for every second.
    const [a, , b] = await processes(0.5);
    const [idle, alive] = await Promise.all([call<string>((done) => a.createClient(done)), call<string>((done) => a.createClient(done))]);
    await call((done) => b.subscribe(idle, '/n/abc', done));
    const pinging = setInterval(() => b.ping(alive), 200);
    try {
      await waitUntil(async () => !(await call<boolean>((done) => a.clientExists(idle, done))), 4_000, 'the idle client collected');
      expect(await call<boolean>((done) => b.clientExists(alive, done))).toBe(true);
    } finally {
      clearInterval(pinging);
    }
  });
});
