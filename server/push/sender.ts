import https from 'node:https';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import webpush from 'web-push';
import { endpointProblem, isLoopbackHttp, publicOnlyLookup, PushEndpointRefused, systemResolver, type Resolver } from './endpoint';

// Sending one Web Push message. The server only ever talks to the browser vendor's push
// service (FCM, Mozilla autopush, Apple …) at the subscription's endpoint; web-push encrypts
// the payload for the browser (RFC 8291, aes128gcm) and signs a VAPID JWT (RFC 8292).

export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export type PushUrgency = 'very-low' | 'low' | 'normal' | 'high';

export interface PushSendOptions {
  urgency?: PushUrgency;
  /** How long the push service keeps the message for an offline device. Default 1 day. */
  ttlSeconds?: number;
}

/**
 * Sends one message to one subscription and answers the push service's status code
 * (201 sent, 404/410 the subscription is gone, 429/5xx try later …). Throws only when there was
 * no answer at all (network error, timeout).
 */
export interface PushSender {
  send(subscription: PushTarget, payload: string, options?: PushSendOptions): Promise<{ statusCode: number }>;
}

export interface VapidDetails {
  subject: string;
  publicKey: string;
  privateKey: string;
}

export const DEFAULT_PUSH_TTL_SECONDS = 24 * 60 * 60;
const SEND_TIMEOUT_MS = 10_000;

/**
 * web-push always speaks HTTPS. Subscriptions on http://127.0.0.1 or http://localhost exist only
 * in tests and local demos (a stand-in push service, allowed by allowLoopbackHttp); for those the
 * "TLS" connection is a plain TCP one. web-push insists on an https.Agent, hence the subclass.
 */
class LoopbackPlainAgent extends https.Agent {
  override createConnection(options: https.RequestOptions): Duplex {
    return net.connect({ host: options.hostname ?? options.host ?? '127.0.0.1', port: Number(options.port) });
  }
}

function isWebPushError(error: unknown): error is webpush.WebPushError {
  return error instanceof webpush.WebPushError || (typeof error === 'object' && error !== null && typeof (error as { statusCode?: unknown }).statusCode === 'number');
}

export interface WebPushSenderOptions {
  /** Post to http://127.0.0.1 / localhost endpoints (tests and local demos only). Default false. */
  allowLoopbackHttp?: boolean;
  /** Host name resolution for the public-address check; tests inject their own. */
  resolve?: Resolver;
}

/**
 * The real sender: webpush.sendNotification with the server's VAPID key pair. Throws
 * PushEndpointRefused, without connecting, for an endpoint that is not https: on a public host.
 */
export function createWebPushSender(vapid: VapidDetails, senderOptions: WebPushSenderOptions = {}): PushSender {
  const allowLoopbackHttp = senderOptions.allowLoopbackHttp ?? false;
  const loopbackAgent = new LoopbackPlainAgent({ keepAlive: false });
  // Every https connection resolves through the public-address check.
  const publicAgent = new https.Agent({ keepAlive: false, lookup: publicOnlyLookup(senderOptions.resolve ?? systemResolver) as never });
  return {
    async send(subscription, payload, options = {}) {
      const url = new URL(subscription.endpoint);
      const problem = endpointProblem(url, allowLoopbackHttp);
      if (problem) throw new PushEndpointRefused(`${problem} (${url.host})`);
      const plainLoopback = allowLoopbackHttp && isLoopbackHttp(url);
      try {
        const result = await webpush.sendNotification(subscription, payload, {
          vapidDetails: vapid,
          TTL: options.ttlSeconds ?? DEFAULT_PUSH_TTL_SECONDS,
          urgency: options.urgency ?? 'normal',
          contentEncoding: 'aes128gcm',
          timeout: SEND_TIMEOUT_MS,
          agent: plainLoopback ? loopbackAgent : publicAgent,
        });
        return { statusCode: result.statusCode };
      } catch (error) {
        // A non-2xx answer is an answer: the caller decides (404/410 → forget the subscription).
        if (isWebPushError(error)) return { statusCode: error.statusCode };
        throw error;
      }
    },
  };
}
