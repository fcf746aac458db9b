// GET /healthz: 200 while the database (and Redis, when configured) answer, 503 once one does not
// (a load balancer then stops sending this process requests).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedis } from '../tests/support/services';
import { startTestServer, type TestServer } from './testing/helpers';

describe('GET /healthz', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());
  const redis = () => (server.database.redisUrl ? { redis: 'ok' } : {});

  it('says ok while the database answers, never cached', async () => {
    const res = await fetch(`${server.url}/healthz`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ status: 'ok', database: 'ok', ...redis() });
  });

  it('answers 503 when the database cannot be reached', async () => {
    await server.running.db.destroy();
    const res = await fetch(`${server.url}/healthz`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: 'unavailable', database: 'unreachable', ...redis() });
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('GET /healthz with Redis', () => {
  it('answers 503 once Redis is gone, naming it', async () => {
    const own = await startRedis();
    const server = await startTestServer({ redisUrl: own.url, redisPrefix: 'health:' });
    try {
      expect(await (await fetch(`${server.url}/healthz`)).json()).toEqual({ status: 'ok', database: 'ok', redis: 'ok' });
      own.stop();
      const res = await fetch(`${server.url}/healthz`);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ status: 'unavailable', database: 'ok', redis: 'unreachable' });
    } finally {
      await server.close();
      own.stop();
    }
  }, 30_000);
});
