import { randomUUID } from 'node:crypto';
import { createMiddleware } from 'hono/factory';
import { routePath } from 'hono/route';
import type { AppEnv } from '../http/context';
import type { Logger } from './log';
import type { ServerMetrics } from './metrics';

// One log line and one metrics observation per request Hono answers (Faye's /realtime is answered
// before Hono and counted as connections instead, metrics.ts). The route is the template of the
// handler that answered (/api/v1/sessions/:id), never the concrete path: ids, emails in a query
// and tokens in a link stay out of the logs, and the metrics keep a bounded set of labels.

/** An X-Request-Id the app may choose: short, of characters that cannot forge a log line. */
const REQUEST_ID = /^[\w.:-]{1,128}$/;

export function requestIdOf(given: string | undefined): string {
  return given !== undefined && REQUEST_ID.test(given) ? given : randomUUID();
}

export function observeRequests(log: Logger, metrics: ServerMetrics) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const started = performance.now();
    const reqId = requestIdOf(c.req.header('x-request-id'));
    c.set('requestId', reqId);
    c.set('log', log.child({ reqId }));
    await next();
    try {
      c.res.headers.set('X-Request-Id', reqId);
    } catch {
      // A response with immutable headers (made by fetch): copied with the header added.
      c.res = new Response(c.res.body, c.res);
      c.res.headers.set('X-Request-Id', reqId);
    }
    const ms = Math.round((performance.now() - started) * 10) / 10;
    const { status } = c.res;
    const route = routePath(c) || 'unmatched';
    const replayed = c.res.headers.get('idempotent-replayed') === 'true';
    metrics.request({ method: c.req.method, route, status, seconds: ms / 1000, replayed });
    const line = { reqId, method: c.req.method, route, status, ms, ...(replayed && { replayed }) };
    if (status >= 500) log.warn(line, 'request');
    else log.info(line, 'request');
  });
}
