// A load balancer without stickiness, for the tests that put several server processes behind one
// address: every HTTP request and every WebSocket upgrade goes to the next backend in turn.
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';

export interface RoundRobinProxy {
  url: string;
  /** Requests and upgrades sent to each backend, in the order of `backends`. */
  readonly requests: number[];
  readonly upgrades: number[];
  close(): Promise<void>;
}

export async function roundRobinProxy(backends: string[]): Promise<RoundRobinProxy> {
  const targets = backends.map((url) => new URL(url));
  const requests = targets.map(() => 0);
  const upgrades = targets.map(() => 0);
  let turn = 0;
  const next = () => {
    const index = turn % targets.length;
    turn += 1;
    return { index, target: targets[index]! };
  };
  const sockets = new Set<net.Socket>();

  const server = http.createServer((request, response) => {
    const { index, target } = next();
    requests[index]! += 1;
    const upstream = http.request(
      { host: target.hostname, port: target.port, method: request.method, path: request.url, headers: request.headers, agent: false },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    response.on('close', () => upstream.destroy());
    request.pipe(upstream);
  });

  // An upgrade is passed on as it came (request line, headers, what followed) and the two sockets
  // are joined: the backend answers the handshake itself.
  server.on('upgrade', (request: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    const { index, target } = next();
    upgrades[index]! += 1;
    const upstream = net.connect(Number(target.port), target.hostname, () => {
      const lines = [`${request.method} ${request.url} HTTP/${request.httpVersion}`];
      for (let i = 0; i < request.rawHeaders.length; i += 2) lines.push(`${request.rawHeaders[i]}: ${request.rawHeaders[i + 1]}`);
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    }
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.on('close', () => upstream.destroy());
  });
  server.on('connection', (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    upgrades,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
