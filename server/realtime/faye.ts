import type { IncomingMessage, Server } from 'node:http';
import { createRequire } from 'node:module';
import type { Kysely } from 'kysely';
import { findSession, readCookie, SESSION_COOKIE } from '../features/auth/sessions';
import type { Database } from '../db/schema';

// Faye (Bayeux) at /realtime. Members only listen: the server publishes to /n/{member_short_id}
// through its in-process client, and every publish arriving from outside is refused. A
// subscription is allowed only to the channels of the member whose session cookie came with it.

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
type FayeCallback = (message: FayeMessage) => void;
interface FayeExtension {
  incoming?(message: FayeMessage, request: IncomingMessage | null, callback: FayeCallback): void;
}
interface FayeClient {
  publish(channel: string, data: unknown): PromiseLike<unknown>;
  disconnect(): void;
}
interface FayeNodeAdapter {
  attach(server: Server): void;
  addExtension(extension: FayeExtension): void;
  getClient(): FayeClient;
  close(): void;
}
interface FayeModule {
  NodeAdapter: new (options: { mount: string; timeout: number; ping?: number }) => FayeNodeAdapter;
}

const require = createRequire(import.meta.url);

export interface Realtime {
  attach(server: Server): void;
  /** Sends a message to everyone subscribed to `channel` (e.g. memberChannel(shortId)). */
  publish(channel: string, message: unknown): Promise<void>;
  close(): void;
}

export function createRealtime(db: Kysely<Database>, now: () => Date): Realtime {
  const faye = require('faye') as FayeModule;
  const bayeux = new faye.NodeAdapter({ mount: REALTIME_PATH, timeout: 45, ping: 25 });
  let client: FayeClient | null = null;

  async function allowedChannels(request: IncomingMessage): Promise<Set<string>> {
    const session = await findSession(db, readCookie(request.headers.cookie, SESSION_COOKIE), now());
    if (!session) return new Set();
    const rows = await db.selectFrom('accounts').select('short_id').where('profile_id', '=', session.profileId).execute();
    return new Set(rows.map((r) => memberChannel(r.short_id)));
  }

  bayeux.addExtension({
    incoming(message, request, callback) {
      // request is null only for the server's own in-process client.
      if (request === null) return callback(message);
      if (!message.channel.startsWith('/meta/')) {
        message.error = `403:${message.channel}:Publishing is not allowed`;
        return callback(message);
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
  });

  return {
    attach: (server) => bayeux.attach(server),
    async publish(channel, message) {
      client ??= bayeux.getClient();
      await client.publish(channel, message);
    },
    close() {
      client?.disconnect();
      bayeux.close();
    },
  };
}
