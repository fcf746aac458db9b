import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { REALTIME_PATH } from '../realtime/faye';
import { errorBody } from './errors';
import { originOf, sameOrigin } from './request-info';
import { SECURITY_HEADERS } from './security-headers';

// Faye answers /realtime itself, before Hono sees the request. This wraps the Node server's
// listeners so those answers get the same security headers, and so a page from another
// site can neither poll nor open a WebSocket with the member's cookies.

function firstHeader(request: IncomingMessage, name: string): string | undefined {
  const v = request.headers[name];
  return (Array.isArray(v) ? v[0] : v)?.split(',')[0]?.trim() || undefined;
}

function isCrossOrigin(request: IncomingMessage, trustProxy: boolean): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  const encrypted = (request.socket as { encrypted?: boolean }).encrypted === true;
  const proto = (trustProxy && firstHeader(request, 'x-forwarded-proto')) || (encrypted ? 'https' : 'http');
  const host = (trustProxy && firstHeader(request, 'x-forwarded-host')) || firstHeader(request, 'host');
  return !sameOrigin(origin, originOf(proto, host));
}

function isRealtimePath(url: string | undefined): boolean {
  const pathname = (url ?? '').split('?')[0] ?? '';
  return pathname === REALTIME_PATH || pathname.startsWith(`${REALTIME_PATH}/`) || pathname.startsWith(`${REALTIME_PATH}.`);
}

/** How long an idle keep-alive connection stays open: longer than clients and balancers keep theirs. */
const KEEP_ALIVE_MS = 65_000;
const REALTIME_BODY_LIMIT = 64 * 1024;

// An early answer (a 413 from the announced size, a refusal before the body was read) says
// Connection: close, and Node closes the socket as soon as the answer is written. With the body
// still arriving the kernel answers it with a reset, and a client still sending (or one that reads
// only once it has sent, as many do) loses the answer: a network error, which an app retries for
// ever. So such a socket lingers: our side is shut after the answer and the rest of the body is
// read and thrown away until the client stops sending, within bounds of time, idleness and bytes.
const LINGER_MAX_MS = 10_000;
const LINGER_IDLE_MS = 2000;
const LINGER_MAX_BYTES = 64 * 1024 * 1024;

function lingerWhileBodyArrives(req: IncomingMessage): void {
  const socket = req.socket;
  let lingering = false;
  // Node's server (and @hono/node-server's drain) close a socket with destroySoon().
  socket.destroySoon = function destroySoon(this: Socket): void {
    if (lingering) return;
    if (req.complete) {
      Socket.prototype.destroySoon.call(this);
      return;
    }
    lingering = true;
    // The body keeps flowing into the request, which nobody reads any more: it is discarded there
    // (a 'data' listener on the socket would take it from Node's parser mid-stream).
    const startBytes = this.bytesRead;
    let lastBytes = startBytes;
    let lastChange = Date.now();
    const clear = () => {
      clearTimeout(timer);
      clearInterval(meter);
    };
    const stop = () => {
      clear();
      this.destroy();
    };
    const timer = setTimeout(stop, LINGER_MAX_MS);
    const meter = setInterval(() => {
      if (this.bytesRead !== lastBytes) [lastBytes, lastChange] = [this.bytesRead, Date.now()];
      if (Date.now() - lastChange > LINGER_IDLE_MS) stop();
    }, 100);
    timer.unref();
    meter.unref();
    this.once('close', clear);
    // The client has sent everything (or given up): nothing unread is left to cause a reset.
    this.once('end', stop);
    req.removeAllListeners('data');
    // The byte bound is checked as the body arrives: on loopback a tenth of a second carries 50 MB.
    req.on('data', () => {
      if (this.bytesRead - startBytes > LINGER_MAX_BYTES) stop();
    });
    req.resume();
    this.end();
  };
}

function tooLarge(res: ServerResponse): void {
  // The rest of the body may still be coming: close after the answer (see lingerWhileBodyArrives).
  res.writeHead(413, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', Connection: 'close' });
  res.end(JSON.stringify(errorBody('payload_too_large', 'The request body is too large.')));
}

/**
 * Call after Faye's attach(). Realtime sockets are collected so shutdown can cut them at once; the
 * WebSockets among them also in `websockets` (counted by /metrics), until they close.
 */
export function guardServer(server: Server, trustProxy: boolean, realtimeSockets: Set<Socket>, websockets = new Set<Socket>()): void {
  // Node closes a connection idle for 5 s; a client (a phone, a balancer, a proxy) that sends its
  // next request on it just then loses it with ECONNRESET. Clients keep connections for up to a
  // minute (balancers 60 s), so the server waits longer than they do; shutdown closes idle ones.
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1000;
  const requestListeners = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
    lingerWhileBodyArrives(req);
    if (isRealtimePath(req.url)) {
      // Only while this poll is open: a keep-alive socket may carry an API request next, which
      // shutdown must let finish.
      const socket = req.socket;
      realtimeSockets.add(socket);
      res.once('close', () => realtimeSockets.delete(socket));
      // JSON-P polling (GET ?message=) is the one transport a foreign page could embed.
      const jsonp = req.method === 'GET' && /[?&]message=/.test(req.url ?? '');
      if (jsonp || isCrossOrigin(req, trustProxy)) {
        res.writeHead(403, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
        res.end(JSON.stringify(errorBody('forbidden_origin', 'Requests from other sites are not allowed.')));
        return;
      }
      // Faye reads a POST body whole, without a limit; Bayeux messages are small.
      if (Number(req.headers['content-length'] ?? 0) > REALTIME_BODY_LIMIT) {
        tooLarge(res);
        return;
      }
      let received = 0;
      req.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (received > REALTIME_BODY_LIMIT && !res.headersSent) {
          tooLarge(res);
          // Faye gets no more of this body, nor its end (it would answer on the closed response).
          req.removeAllListeners('data');
          req.removeAllListeners('end');
          req.resume();
        }
      });
    }
    for (const listener of requestListeners) listener.call(server, req, res);
  });

  const upgradeListeners = server.listeners('upgrade') as ((req: IncomingMessage, socket: Socket, head: Buffer) => void)[];
  server.removeAllListeners('upgrade');
  server.on('upgrade', (req: IncomingMessage, socket: Socket, head: Buffer) => {
    if (!isRealtimePath(req.url) || isCrossOrigin(req, trustProxy)) {
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    realtimeSockets.add(socket);
    websockets.add(socket);
    socket.once('close', () => websockets.delete(socket));
    for (const listener of upgradeListeners) listener.call(server, req, socket, head);
  });
}
