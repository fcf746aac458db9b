import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './context';
import { ApiError } from './errors';
import { ownOrigin, sameOrigin } from './request-info';

export const APP_ID = 'member-pwa';

// The X-App-Id header doubles as CSRF protection: a cross-site form or image cannot set a
// custom header, and a cross-site fetch that sets one needs a CORS preflight we never grant.
// An Origin from another site is refused outright as a second line.
export const requireAppId = createMiddleware<AppEnv>(async (c, next) => {
  if (c.req.header('x-app-id') !== APP_ID) {
    throw new ApiError(400, 'missing_app_id', `Requests must carry the header X-App-Id: ${APP_ID}.`);
  }
  const origin = c.req.header('origin');
  if (origin !== undefined && !sameOrigin(origin, ownOrigin(c))) {
    throw new ApiError(403, 'forbidden_origin', 'Requests from other sites are not allowed.');
  }
  await next();
});
