// The reference server for the *.server tests, kept apart from helpers.ts so that the fake-API
// and hook tests do not load the server and SQLite.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { startServer, type RunningServer, type ServerOptions } from '../../server/app';
import { testDatabase } from '../../server/testing/helpers';
import { connectApi } from '../../src/data/auth';
import { createCookieFetch, type CookieFetch } from './cookie-fetch';
import { resetModules } from './data-helpers';

export type RequestMatch = (url: string, init?: RequestInit) => boolean;

/** The data layer's browser: its cookies, and a network a test can break. */
export interface LoopbackBrowser {
  jar: CookieFetch;
  /** Matching requests fail before they reach the server (offline). */
  unreachable: RequestMatch | null;
  /** The next matching request reaches the server but its answer is lost on the way back. */
  dropAnswer: RequestMatch | null;
}

/** What a file records of the traffic. */
export interface TrafficWatch {
  /** Each write (not a GET) that leaves the browser, with its path below /api/v1. */
  write?(method: string, path: string, init: RequestInit | undefined): void;
  /** Each answer, before it may be lost. */
  answer?(url: string, response: Response): void;
}

export const isWrite: RequestMatch = (_url, init) => (init?.method ?? 'GET') !== 'GET';

export interface RealServer {
  readonly server: RunningServer;
  readonly browser: LoopbackBrowser;
  /** Points the data layer at the server through a fresh browser: empty jar, network up. */
  connect(watch?: TrafficWatch): void;
}

/**
 * One server for the file on a free loopback port, with the demo data in a database of its own
 * (PostgreSQL under npm run test:pg, else a SQLite file in a temporary folder
 * `member-pwa-<name>-…`), started before the file's tests and removed after.
 * `options` add to or override the defaults.
 */
export function withRealServer(name: string, options: ServerOptions = {}): RealServer {
  let dir: string | undefined;
  let server: RunningServer | undefined;
  let database: Awaited<ReturnType<typeof testDatabase>> | undefined;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), `member-pwa-${name}-`));
    // On PostgreSQL under npm run test:pg (TEST_DATABASE_URL), else a SQLite file.
    database = await testDatabase();
    server = await startServer({
      port: 0,
      databaseFile: join(dir, 'test.sqlite'),
      ...(database.url && { databaseUrl: database.url, databasePoolSize: 4 }),
      ...database.redis,
      seedDemo: true,
      // The tests sign in again and again from one address.
      loginRateLimit: { perIp: 10_000, perEmail: 1_000 },
      // The tests' stand-in push endpoints are loopback http (refused outside tests).
      allowLoopbackPush: true,
      ...options,
    });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await database?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const browser: LoopbackBrowser = { jar: createCookieFetch(), unreachable: null, dropAnswer: null };
  const fixture: RealServer = {
    get server(): RunningServer {
      if (!server) throw new Error('The server starts in beforeAll: read it inside hooks and tests.');
      return server;
    },
    browser,
    connect(watch = {}) {
      browser.jar = createCookieFetch();
      browser.unreachable = null;
      browser.dropAnswer = null;
      const lossy: typeof fetch = async (input, init) => {
        if (browser.unreachable?.(String(input), init)) throw new TypeError('fetch failed: offline');
        const method = init?.method ?? 'GET';
        if (method !== 'GET') watch.write?.(method, new URL(String(input)).pathname.replace('/api/v1', ''), init);
        const response = await browser.jar.fetch(input, init);
        watch.answer?.(String(input), response);
        if (browser.dropAnswer?.(String(input), init)) {
          browser.dropAnswer = null;
          await response.arrayBuffer();
          throw new TypeError('fetch failed: connection reset');
        }
        return response;
      };
      const baseUrl = `${fixture.server.url}/api/v1`;
      resetModules(baseUrl, lossy);
      connectApi({ baseUrl, fetch: lossy });
    },
  };
  return fixture;
}
