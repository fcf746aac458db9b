import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { logger } from './log';
import { METRICS_CONTENT_TYPE } from './metrics';

// METRICS_PORT: GET /metrics without a token, on an address of its own (127.0.0.1 unless
// METRICS_HOST says otherwise), for a Prometheus on the same machine or a private network. Under
// WORKERS=N the primary process serves it with the sum over all processes (cluster-primary.ts);
// one process serves its own (server/app.ts). Nothing else is answered there.

export interface MetricsPort {
  url: string;
  close(): Promise<void>;
}

export async function serveMetrics(host: string, port: number, text: () => Promise<string>): Promise<MetricsPort> {
  const server = http.createServer((req, res) => {
    const pathname = (req.url ?? '').split('?')[0];
    if (pathname !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    text().then(
      (body) => {
        res.writeHead(200, { 'Content-Type': METRICS_CONTENT_TYPE, 'Cache-Control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : body);
      },
      (error: unknown) => {
        logger.error({ err: error, component: 'metrics' }, 'metrics could not be gathered');
        res.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Metrics unavailable');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${bound}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
