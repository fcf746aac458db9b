import { createRequire } from 'node:module';
import type { AppNotification, NotificationList, NotificationRealtimeMessage, Profile } from '../../core/contract/types';
import type { PushSender, PushSendOptions, PushTarget } from '../push/sender';
import { json, type Browser, type TestServer } from './helpers';

// Shared by the notification, push and admin tests: a real Faye client, a fake push sender,
// admin calls and polling.

interface FayeSubscription extends PromiseLike<unknown> {
  cancel(): void;
}
type FayePublication = PromiseLike<unknown>;
interface FayeClient {
  setHeader(name: string, value: string): void;
  subscribe(channel: string, onMessage: (message: unknown) => void): FayeSubscription;
  publish(channel: string, data: unknown): FayePublication;
  disconnect(): void;
}
interface FayeModule {
  Client: new (endpoint: string, options?: { timeout?: number; retry?: number }) => FayeClient;
}

const require = createRequire(import.meta.url);
const faye = require('faye') as FayeModule;

export function cookieHeader(browser: Browser): string {
  return [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
}

/** A real Faye (Bayeux) Node client at `${url}/realtime`, carrying the browser's session cookie. */
export function realtimeClient(server: Pick<TestServer, 'url'>, browser: Browser | null): FayeClient {
  const client = new faye.Client(`${server.url}/realtime`, { timeout: 10, retry: 1 });
  if (browser) client.setHeader('Cookie', cookieHeader(browser));
  return client;
}

export interface Inbox {
  messages: NotificationRealtimeMessage[];
  /** Resolves with the first message (already received or arriving within `ms`) that matches. */
  next(match: (m: NotificationRealtimeMessage) => boolean, ms?: number): Promise<NotificationRealtimeMessage>;
}

export async function subscribe(client: FayeClient, channel: string): Promise<Inbox> {
  const messages: NotificationRealtimeMessage[] = [];
  const waiters = new Set<() => void>();
  await client.subscribe(channel, (m) => {
    messages.push(m as NotificationRealtimeMessage);
    for (const wake of waiters) wake();
  });
  return {
    messages,
    next(match, ms = 2000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(match);
          if (!found) return false;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching realtime message within ${ms} ms; got ${JSON.stringify(messages)}`));
        }, ms);
        if (!check()) waiters.add(check);
      });
    },
  };
}

/** The member's channel in an organisation: /n/{member_short_id}. */
export async function channelOf(browser: Browser, orgId = 1): Promise<string> {
  const profile = await json<Profile>(await browser.get('/api/v1/profile'));
  const account = profile.accounts.find((a) => a.org.id === orgId);
  if (!account) throw new Error(`no account in org ${orgId}`);
  return `/n/${account.member_short_id}`;
}

export async function listNotifications(browser: Browser, headers: Record<string, string> = {}): Promise<AppNotification[]> {
  const res = await browser.get('/api/v1/notifications', { headers });
  if (res.status !== 200) throw new Error(`GET /notifications answered ${res.status}`);
  return (await json<NotificationList>(res)).data;
}

export interface SentPush {
  subscription: PushTarget;
  payload: string;
  options: PushSendOptions | undefined;
}

/** A push sender that records every message and answers per endpoint (default 201). */
export class FakePushSender implements PushSender {
  readonly sent: SentPush[] = [];
  readonly answers = new Map<string, number | 'throw' | (() => Promise<number>)>();

  async send(subscription: PushTarget, payload: string, options?: PushSendOptions): Promise<{ statusCode: number }> {
    this.sent.push({ subscription, payload, options });
    const answer = this.answers.get(subscription.endpoint) ?? 201;
    if (answer === 'throw') throw new Error('network down');
    return { statusCode: typeof answer === 'function' ? await answer() : answer };
  }
}

export function admin(server: TestServer, path: string, body?: unknown, token: string | null = server.running.adminToken): Promise<Response> {
  return fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token === null ? {} : { Authorization: `Bearer ${token}` }) },
    body: JSON.stringify(body ?? {}),
  });
}

export async function waitUntil<T>(probe: () => Promise<T | undefined | null | false>, ms = 2000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
