// Realtime behind a load balancer without stickiness (issue 28): faye's client, made with the
// page's own options, talks through a round-robin proxy to real server processes (two on
// PostgreSQL + Redis, one on SQLite), so its handshake, its WebSocket and each of its long-polls
// may land on any of them. An idle connection must settle, and a notification made on either
// process must arrive.
import Faye from 'faye';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationRealtimeMessage, Profile } from '../../../core/contract/types';
import type { ServerOptions } from '../../../server/app';
import { ALEX, json, signedIn, testDatabase, type Browser } from '../../../server/testing/helpers';
import { cookieHeader, waitUntil } from '../../../server/testing/notifications-helpers';
import { roundRobinProxy, type RoundRobinProxy } from '../../../server/testing/round-robin-proxy';
import { spawnServer, type ServerProcess } from '../../../server/testing/spawn-server';
import { FAYE_CLIENT_OPTIONS, memberChannels, REALTIME_URL } from './realtime';

const SEVERAL = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);
const ADMIN_TOKEN = 'balancer-test-admin-token-0123456789';
/**
 * How long the connection is watched while nothing happens: longer than faye's retry interval (1 s)
 * three times over, so even a slow reconnect loop shows as more than one handshake.
 */
const IDLE_MS = 3_500;

interface Counted {
  client: InstanceType<typeof Faye.Client>;
  handshakes: () => number;
  received: NotificationRealtimeMessage[];
}

// The parts of faye's client this test uses beyond the page's (faye.d.ts).
interface FayeTestClient {
  addExtension(extension: { outgoing(message: { channel: string }, callback: (message: unknown) => void): void }): void;
  disable(feature: string): void;
}

describe(`realtime behind a round-robin balancer (${SEVERAL ? 'two processes on PostgreSQL and Redis' : 'one process on SQLite'})`, () => {
  const dir = mkdtempSync(join(tmpdir(), 'member-pwa-balancer-'));
  let database: Awaited<ReturnType<typeof testDatabase>>;
  let processes: ServerProcess[] = [];
  let proxy: RoundRobinProxy;
  let alex: Browser;
  let channels: string[];

  beforeAll(async () => {
    database = await testDatabase();
    const options: ServerOptions = {
      port: 0,
      databaseFile: join(dir, 'app.sqlite'),
      ...(database.url && { databaseUrl: database.url, databasePoolSize: 4 }),
      ...database.redis,
      distDir: join(dir, 'dist'),
      seedDemo: true,
      adminToken: ADMIN_TOKEN,
      loginRateLimit: { perIp: 10_000, perEmail: 1_000 },
    };
    // SQLite is one process; on PostgreSQL the first migrates while the second waits.
    processes = [await spawnServer(options)];
    if (SEVERAL) processes.push(await spawnServer(options));
    proxy = await roundRobinProxy(processes.map((p) => p.url));
    alex = await signedIn(proxy, ALEX);
    channels = memberChannels(await json<Profile>(await alex.get('/api/v1/profile')));
  }, 120_000);

  afterAll(async () => {
    await proxy?.close();
    await Promise.all(processes.map((p) => p.stop()));
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The page's client (its options, its channels), the cookie handed over as a browser sends it. */
  async function connect(longPollingOnly: boolean): Promise<Counted> {
    const client = new Faye.Client(`${proxy.url}${REALTIME_URL}`, FAYE_CLIENT_OPTIONS);
    client.setHeader('Cookie', cookieHeader(alex));
    let handshakes = 0;
    const extra = client as unknown as FayeTestClient;
    extra.addExtension({
      outgoing(message, callback) {
        if (message.channel === '/meta/handshake') handshakes += 1;
        callback(message);
      },
    });
    // A balancer that does not pass WebSockets on: faye falls back to long-polling.
    if (longPollingOnly) extra.disable('websocket');
    const received: NotificationRealtimeMessage[] = [];
    await Promise.all(channels.map((channel) => client.subscribe(channel, (data) => received.push(data as NotificationRealtimeMessage))));
    return { client, handshakes: () => handshakes, received };
  }

  async function notifyThrough(server: ServerProcess, message: string): Promise<void> {
    const res = await fetch(`${server.url}/admin/notifications`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${ADMIN_TOKEN}` },
      body: JSON.stringify({ email: ALEX, type: 'appointment', message, params: { appointment: { id: 1 } } }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
  }

  it.each([
    ['a WebSocket', false],
    ['long-polling only', true],
  ])('over %s, an idle connection handshakes once, and a notification made on any process arrives', async (_transport, longPollingOnly) => {
    const upgradesBefore = proxy.upgrades.reduce((a, b) => a + b, 0);
    const { client, handshakes, received } = await connect(longPollingOnly);
    try {
      await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
      const upgrades = proxy.upgrades.reduce((a, b) => a + b, 0) - upgradesBefore;
      // Before issue 28 was fixed, on two processes: 605 handshakes and 603 WebSockets in 6 s;
      // long-polling alone never got its subscription through (401::Unknown client).
      expect({ handshakes: handshakes(), upgrades }).toEqual({ handshakes: 1, upgrades: longPollingOnly ? 0 : 1 });

      for (const [i, server] of processes.entries()) {
        const text = `Through process ${i + 1} (${longPollingOnly ? 'long-polling' : 'WebSocket'})`;
        await notifyThrough(server, text);
        await waitUntil(async () => received.some((m) => m.event === 'created' && m.notification.message === text), 5_000, `"${text}" live`);
      }
      expect(handshakes()).toBe(1);
    } finally {
      client.disconnect();
    }
  }, 30_000);
});
