// A programmable loopback HTTP server: each test says how to answer and reads back exactly
// which requests arrived (e.g. to prove an entry was sent once).
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

export interface FakeReply {
  status?: number;
  body?: unknown;
  /** Sent as-is instead of JSON, e.g. an HTML error page. */
  raw?: string;
  headers?: Record<string, string>;
  delayMs?: number;
}

export type FakeHandler = (request: RecordedRequest) => FakeReply | Promise<FakeReply>;

export interface FakeApi {
  url: string;
  baseUrl: string;
  requests: RecordedRequest[];
  handle(handler: FakeHandler): void;
  close(): Promise<void>;
}

export async function startFakeApi(): Promise<FakeApi> {
  let handler: FakeHandler = () => ({ status: 404, body: { message: 'No handler', code: 'not_found' } });
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        path: (req.url ?? '/').replace(/^\/api\/v1/, ''),
        headers: req.headers,
        body: text ? (JSON.parse(text) as unknown) : undefined,
      };
      requests.push(recorded);
      void Promise.resolve(handler(recorded)).then(async (reply) => {
        if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
        const status = reply.status ?? 200;
        const headers: Record<string, string> = { ...reply.headers };
        let payload = '';
        if (reply.raw !== undefined) payload = reply.raw;
        else if (reply.body !== undefined && status !== 204) {
          payload = JSON.stringify(reply.body);
          headers['Content-Type'] = 'application/json';
        }
        res.writeHead(status, headers);
        res.end(payload);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    baseUrl: `${url}/api/v1`,
    requests,
    handle: (next) => {
      handler = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
