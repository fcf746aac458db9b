import type { IncomingMessage, Server } from 'node:http';
import { createRequire } from 'node:module';
import type { Kysely } from 'kysely';
import { findSession, readCookie, SESSION_COOKIE } from '../features/auth/sessions';
import type { Database } from '../db/schema';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../http/json-body';
import type { RedisConnections } from '../redis/index';
import { RedisFayeEngine, type FayeEngineHost } from './redis-engine';

// Faye (Bayeux) at /realtime. Members only listen: the server publishes to /n/{member_short_id}
// (through its in-process client, or with Redis straight into the shared queues), and every
// publish arriving from outside is refused. A
// subscription is allowed only to the channels of the member whose session cookie came with it,
// and the session is checked again on every delivery (against the database, so a sign-out on any
// process counts): a client whose member signed out gets nothing more, and its next
// /meta/connect is refused with advice not to reconnect. With Redis, Faye's clients live there
// (redis-engine.ts), so any process answers any of a client's messages, behind any balancer.

export const REALTIME_PATH = '/realtime';

export function memberChannel(shortId: string): string {
  return `/n/${shortId}`;
}

// faye ships no type definitions; these describe the few parts used here.
interface FayeMessage {
  channel: string;
  subscription?: string | string[];
  clientId?: string;
  data?: unknown;
  error?: string;
}
interface FayeReply extends FayeMessage {
  successful?: boolean;
  advice?: Record<string, unknown>;
}
type FayeCallback = (message: FayeMessage) => void;
/** A WebSocket (or EventSource) as faye's server holds it: one JSON batch per send. */
interface FayeRawSocket {
  send(text: string): void;
  close(): void;
}
/** The Server an extension is added to. */
interface FayeServer {
  openSocket(clientId: string | null, socket: FayeRawSocket | null, request: IncomingMessage): void;
}
interface FayeExtension {
  /** Called once with the server the extension was added to. */
  added?(server: FayeServer): void;
  incoming?(message: FayeMessage, request: IncomingMessage | null, callback: FayeCallback): void;
  /** Every reply and delivered message, with the request that carries it (long-poll or WebSocket upgrade); null drops it. */
  outgoing?(message: FayeReply, request: IncomingMessage | null, callback: (message: FayeReply | null) => void): void;
}
interface FayeClient {
  publish(channel: string, data: unknown): PromiseLike<unknown>;
  disconnect(): void;
}
interface FayeEngineType {
  create(host: FayeEngineHost, options: object): unknown;
}
interface FayeNodeAdapter {
  attach(server: Server): void;
  addExtension(extension: FayeExtension): void;
  getClient(): FayeClient;
  close(): void;
}
interface FayeModule {
  NodeAdapter: new (options: { mount: string; timeout: number; ping?: number; engine?: { type: FayeEngineType } }) => FayeNodeAdapter;
}

const require = createRequire(import.meta.url);

/** The batch faye writes for a message an extension dropped. */
const DROPPED_BATCH = '[null]';

function withoutDropped(socket: FayeRawSocket): FayeRawSocket {
  return {
    send: (text) => {
      if (text !== DROPPED_BATCH) socket.send(text);
    },
    close: () => socket.close(),
  };
}

/** The error a /meta/connect gets when its cookie no longer names a live session. */
const SIGNED_OUT = '401::Signed out';

export interface Realtime {
  attach(server: Server): void;
  /** Sends a message to everyone subscribed to `channel` (e.g. memberChannel(shortId)), on every process. */
  publish(channel: string, message: unknown): Promise<void>;
  close(): Promise<void>;
}

/** With `redis`, Faye's clients are shared by every process on it (redis-engine.ts); without, this one's. */
export async function createRealtime(db: Kysely<Database>, now: () => Date, redis: RedisConnections | null = null): Promise<Realtime> {
  const faye = require('faye') as FayeModule;
  let engine: RedisFayeEngine | null = null;
  const shared = redis && { type: { create: (host: FayeEngineHost) => (engine = new RedisFayeEngine(host, redis)) } };
  const bayeux = new faye.NodeAdapter({ mount: REALTIME_PATH, timeout: 45, ping: 25, ...(shared && { engine: shared }) });
  // faye makes its engine as the adapter is made.
  const redisEngine = engine as RedisFayeEngine | null;
  await redisEngine?.ready;
  let client: FayeClient | null = null;

  async function allowedChannels(request: IncomingMessage): Promise<Set<string>> {
    const session = await findSession(db, readCookie(request.headers.cookie, SESSION_COOKIE), now());
    if (!session) return new Set();
    const rows = await db.selectFrom('accounts').select('short_id').where('profile_id', '=', session.profileId).execute();
    return new Set(rows.map((r) => memberChannel(r.short_id)));
  }

  // Deliveries on one WebSocket are checked one after another, so they keep their order.
  const deliveries = new WeakMap<IncomingMessage, Promise<unknown>>();

  bayeux.addExtension({
    added(server) {
      // A message the outgoing extension drops (null) is left out of a reply batch, but faye
      // sends one pushed on a WebSocket as the frame `[null]`, which its own client cannot read
      // (it throws in its socket handler). Such a frame is not sent at all.
      const openSocket = server.openSocket.bind(server);
      server.openSocket = (clientId, socket, request) => openSocket(clientId, socket && withoutDropped(socket), request);
    },
    incoming(message, request, callback) {
      // request is null only for the server's own in-process client.
      if (request === null) return callback(message);
      // Faye echoes parts of a message (subscription) and writes its answer with a recursive
      // JSON.stringify: a deeply nested message would crash the process. Such a message is
      // answered as an error, carrying nothing of what was sent.
      if (typeof message !== 'object' || message === null || typeof message.channel !== 'string' || nestsDeeperThan(message, MAX_JSON_DEPTH)) {
        return callback({ channel: '/meta/invalid', error: '400::Invalid message' });
      }
      if (!message.channel.startsWith('/meta/')) {
        message.error = `403:${message.channel}:Publishing is not allowed`;
        return callback(message);
      }
      if (message.channel === '/meta/connect') {
        findSession(db, readCookie(request.headers.cookie, SESSION_COOKIE), now())
          .then((session) => {
            if (!session) message.error = SIGNED_OUT;
            callback(message);
          })
          .catch(() => {
            message.error = '500::Session check failed';
            callback(message);
          });
        return;
      }
      if (message.channel !== '/meta/subscribe') return callback(message);
      const wanted = ([] as string[]).concat(message.subscription ?? []);
      allowedChannels(request)
        .then((allowed) => {
          const refused = wanted.find((channel) => !allowed.has(channel));
          if (refused !== undefined || wanted.length === 0) message.error = `403:${refused ?? ''}:Forbidden channel`;
          callback(message);
        })
        .catch(() => {
          message.error = '500::Subscription check failed';
          callback(message);
        });
    },
    outgoing(message, request, callback) {
      if (request === null) return callback(message);
      // A signed-out client stops instead of handshaking again and again.
      if (message.channel === '/meta/connect' && message.error === SIGNED_OUT) {
        message.advice = { ...message.advice, reconnect: 'none' };
        return callback(message);
      }
      // Replies (a refused publish to a member channel among them) always go back: silence would
      // leave the client waiting and sending again.
      if (!message.channel.startsWith('/n/') || message.successful !== undefined) return callback(message);
      // A delivery: only while the cookie that came with this connection is a live session of
      // the channel's member; otherwise it is dropped (null).
      const check = (deliveries.get(request) ?? Promise.resolve())
        .then(() => allowedChannels(request))
        .then(
          (allowed) => callback(allowed.has(message.channel) ? message : null),
          () => callback(null),
        );
      deliveries.set(request, check);
    },
  });

  return {
    attach: (server) => bayeux.attach(server),
    async publish(channel, message) {
      // With Redis, straight into every subscriber's queue, whichever process holds its connection.
      if (redisEngine) return redisEngine.send(channel, message);
      client ??= bayeux.getClient();
      await client.publish(channel, message);
    },
    async close() {
      client?.disconnect();
      await redisEngine?.idle();
      bayeux.close();
    },
  };
}
