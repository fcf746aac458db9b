import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '../../core/contract/types';
import { ALEX, Browser, json, KAI, signedIn, startTestServer, type TestServer } from '../testing/helpers';
import { realtimeClient, waitUntil } from '../testing/notifications-helpers';

interface BayeuxReply {
  channel: string;
  successful?: boolean;
  clientId?: string;
  error?: string;
  data?: unknown;
  advice?: { reconnect?: string };
}

/** Speaks Bayeux long-polling directly, with the browser's cookies. */
async function bayeux(browser: Browser | null, url: string, messages: object[], headers: Record<string, string> = {}): Promise<{ status: number; replies: BayeuxReply[] }> {
  const cookie = browser ? [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ') : '';
  const res = await fetch(`${url}/realtime`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}), ...headers },
    body: JSON.stringify(messages),
  });
  return { status: res.status, replies: res.status === 200 ? ((await res.json()) as BayeuxReply[]) : [] };
}

/**
 * A held long-poll, as faye's client sends: it answers as soon as a message is there. (With Redis
 * the waiting messages are fetched after the poll opens, so one that may not wait can miss them;
 * Bayeux brings them with the next.)
 */
const HELD = { timeout: 2_000 };

async function handshake(browser: Browser | null, url: string): Promise<string> {
  const { replies } = await bayeux(browser, url, [{ channel: '/meta/handshake', version: '1.0', supportedConnectionTypes: ['long-polling'] }]);
  const clientId = replies[0]?.clientId;
  if (!clientId) throw new Error('handshake failed');
  return clientId;
}

describe('realtime (Faye at /realtime)', () => {
  let server: TestServer;
  let alex: Browser;
  let kai: Browser;
  let alexChannel: string;
  let kaiChannel: string;

  beforeAll(async () => {
    server = await startTestServer();
    alex = await signedIn(server, ALEX);
    kai = await signedIn(server, KAI);
    alexChannel = `/n/${(await json<Profile>(await alex.get('/api/v1/profile'))).accounts[0]?.member_short_id}`;
    kaiChannel = `/n/${(await json<Profile>(await kai.get('/api/v1/profile'))).accounts[0]?.member_short_id}`;
  });
  afterAll(() => server.close());

  it('lets a member subscribe to their own channels only', async () => {
    const clientId = await handshake(alex, server.url);
    const own = await bayeux(alex, server.url, [{ channel: '/meta/subscribe', clientId, subscription: alexChannel }]);
    expect(own.replies[0]).toMatchObject({ successful: true });
    const other = await bayeux(alex, server.url, [{ channel: '/meta/subscribe', clientId, subscription: kaiChannel }]);
    expect(other.replies[0]).toMatchObject({ successful: false, error: expect.stringMatching(/^403:/) as string });
    const wildcard = await bayeux(alex, server.url, [{ channel: '/meta/subscribe', clientId, subscription: '/n/*' }]);
    expect(wildcard.replies[0]).toMatchObject({ successful: false });

    const anonymousId = await handshake(null, server.url);
    const anonymous = await bayeux(null, server.url, [{ channel: '/meta/subscribe', clientId: anonymousId, subscription: alexChannel }]);
    expect(anonymous.replies[0]).toMatchObject({ successful: false });
  });

  it('refuses every publish from a client', async () => {
    const clientId = await handshake(alex, server.url);
    const { replies } = await bayeux(alex, server.url, [{ channel: alexChannel, clientId, data: { fake: true } }]);
    expect(replies[0]).toMatchObject({ successful: false, error: expect.stringMatching(/^403:/) as string });
  });

  it('delivers server publishes to the subscribed member', async () => {
    const clientId = await handshake(alex, server.url);
    await bayeux(alex, server.url, [{ channel: '/meta/subscribe', clientId, subscription: alexChannel }]);
    await server.running.publish(alexChannel, { type: 'waitlist', id: 1 });
    const { replies } = await bayeux(alex, server.url, [{ channel: '/meta/connect', clientId, connectionType: 'long-polling', advice: HELD }]);
    expect(replies.find((r) => r.channel === alexChannel)?.data).toEqual({ type: 'waitlist', id: 1 });
  });

  it('stops delivering once the member signed out: a waiting long-poll gets nothing, the next connect is refused for good', async () => {
    const member = await signedIn(server, ALEX);
    // The device keeps sending the cookie it had; the session behind it is gone.
    const device = { cookies: new Map(member.cookies) } as unknown as Browser;
    const clientId = await handshake(device, server.url);
    expect((await bayeux(device, server.url, [{ channel: '/meta/subscribe', clientId, subscription: alexChannel }])).replies[0]).toMatchObject({ successful: true });
    // A long-poll held open from before the sign-out …
    const waiting = bayeux(device, server.url, [{ channel: '/meta/connect', clientId, connectionType: 'long-polling', advice: { timeout: 1500 } }]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await member.logout()).status).toBe(204);
    await server.running.publish(alexChannel, { type: 'post', id: 'after sign-out' });
    const held = await waiting;
    expect(held.replies.filter((r) => r.channel === alexChannel)).toEqual([]);
    // … and the next connect is refused with advice to stop reconnecting.
    const next = await bayeux(device, server.url, [{ channel: '/meta/connect', clientId, connectionType: 'long-polling', advice: { timeout: 0 } }]);
    expect(next.replies.filter((r) => r.channel === alexChannel)).toEqual([]);
    expect(next.replies.find((r) => r.channel === '/meta/connect')).toMatchObject({ successful: false, advice: { reconnect: 'none' } });
    // Members still signed in keep receiving.
    const clientOfAlex = await handshake(alex, server.url);
    await bayeux(alex, server.url, [{ channel: '/meta/subscribe', clientId: clientOfAlex, subscription: alexChannel }]);
    await server.running.publish(alexChannel, { type: 'post', id: 'still here' });
    const live = await bayeux(alex, server.url, [{ channel: '/meta/connect', clientId: clientOfAlex, connectionType: 'long-polling', advice: HELD }]);
    expect(live.replies.find((r) => r.channel === alexChannel)?.data).toEqual({ type: 'post', id: 'still here' });
  });

  it("answers a real Faye client's publish or subscribe to another member's channel with an error, not silence (issue 28)", async () => {
    const client = realtimeClient(server, alex);
    try {
      // Over the WebSocket faye's client picks after its handshake, and within a second: silence
      // would leave the client waiting and sending the message again.
      const answer = (operation: PromiseLike<unknown>) =>
        Promise.race([
          Promise.resolve(operation).then(() => 'accepted', (error: { code?: number; message?: string }) => `${error.code}: ${error.message}`),
          new Promise((resolve) => setTimeout(() => resolve('no answer'), 1_000)),
        ]);
      expect(await answer(client.subscribe(alexChannel, () => undefined))).toBe('accepted');
      expect(await answer(client.publish(kaiChannel, { fake: true }))).toBe('403: Publishing is not allowed');
      expect(await answer(client.publish(alexChannel, { fake: true }))).toBe('403: Publishing is not allowed');
      expect(await answer(client.subscribe(kaiChannel, () => undefined))).toBe('403: Forbidden channel');
    } finally {
      client.disconnect();
    }
  });

  it('drops a delivery to a signed-out WebSocket without sending null, which faye\'s client cannot read (issue 28)', async () => {
    const member = await signedIn(server, ALEX);
    // The device keeps sending the cookie it had; the session behind it is gone.
    const device = { cookies: new Map(member.cookies) } as unknown as Browser;
    const client = realtimeClient(server, device);
    const received: unknown[] = [];
    const thrown: unknown[] = [];
    const onThrow = (error: unknown) => thrown.push(error);
    process.on('uncaughtException', onThrow);
    try {
      await client.subscribe(alexChannel, (message) => received.push(message));
      await server.running.publish(alexChannel, { type: 'post', id: 'before sign-out' });
      await waitUntil(async () => received.length === 1, 2_000, 'the delivery before sign-out');
      expect((await member.logout()).status).toBe(204);
      await server.running.publish(alexChannel, { type: 'post', id: 'after sign-out' });
      // The delivery is checked against the database; give it time to be dropped (or sent).
      await new Promise((resolve) => setTimeout(resolve, 500));
      // Before: the socket got the frame [null] and faye's client threw "Cannot read properties of null (reading 'successful')".
      expect(thrown.map(String)).toEqual([]);
      expect(received).toEqual([{ type: 'post', id: 'before sign-out' }]);
    } finally {
      process.off('uncaughtException', onThrow);
      client.disconnect();
    }
  });

  it('refuses deeply nested Bayeux messages without crashing (issue 11: 20,000 nested arrays in subscription took the process down)', async () => {
    const deep = `${'['.repeat(20_000)}"/n/x"${']'.repeat(20_000)}`;
    const clientId = await handshake(alex, server.url);
    const bodies = [
      `[{"channel":"/meta/subscribe","clientId":"${clientId}","subscription":${deep}}]`,
      `[{"channel":${deep},"clientId":"${clientId}"}]`,
      `[{"channel":"/meta/handshake","version":"1.0","supportedConnectionTypes":["long-polling"],"ext":${deep}}]`,
      `[${deep}]`,
    ];
    for (const body of bodies) {
      const res = await fetch(`${server.url}/realtime`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
      expect(res.status).toBe(200);
      const replies = (await res.json()) as BayeuxReply[];
      expect(replies[0]).toMatchObject({ successful: false });
    }
    expect((await alex.get('/api/v1/profile')).status).toBe(200);
  });

  it('refuses realtime bodies over 64 KB (Faye itself reads them whole, without a limit)', async () => {
    const big = JSON.stringify([{ channel: '/meta/handshake', version: '1.0', supportedConnectionTypes: ['long-polling'], ext: 'x'.repeat(200_000) }]);
    const res = await fetch(`${server.url}/realtime`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: big });
    expect(res.status).toBe(413);
    expect(res.headers.get('connection')).toBe('close');
    // Without a Content-Length (chunked), the body is cut off once it passes the limit.
    const chunked = await fetch(`${server.url}/realtime`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: new ReadableStream({ start(controller) { for (let i = 0; i < 20; i++) controller.enqueue(new TextEncoder().encode('x'.repeat(10_000))); controller.close(); } }),
      duplex: 'half',
    } as RequestInit).then((r) => r.status, () => 'cut');
    expect([413, 'cut']).toContain(chunked);
    expect((await bayeux(alex, server.url, [{ channel: '/meta/handshake', version: '1.0', supportedConnectionTypes: ['long-polling'] }])).status).toBe(200);
  });

  it('refuses cross-origin and JSON-P requests', async () => {
    const cross = await bayeux(alex, server.url, [{ channel: '/meta/handshake', version: '1.0', supportedConnectionTypes: ['long-polling'] }], { Origin: 'https://evil.example' });
    expect(cross.status).toBe(403);
    const sameOrigin = await bayeux(alex, server.url, [{ channel: '/meta/handshake', version: '1.0', supportedConnectionTypes: ['long-polling'] }], { Origin: server.url });
    expect(sameOrigin.status).toBe(200);
    const jsonp = await fetch(`${server.url}/realtime?message=${encodeURIComponent('[{"channel":"/meta/handshake"}]')}&jsonp=steal`);
    expect(jsonp.status).toBe(403);
  });
});
