import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiErrorBody } from '../../core/contract/types';
import type { ServerErrorCode } from '../../core/errors';
import { WriteContention } from '../db/index';
import type { Deps } from './context';

// Every error leaves the API as JSON `{message, code, errors?}`: English message for people,
// stable code for the app to translate. Stack traces stay in the server log.

export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ServerErrorCode,
    message: string,
    readonly errors?: ApiErrorBody['errors'],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function errorBody(code: ServerErrorCode, message: string, errors?: ApiErrorBody['errors']): ApiErrorBody {
  return errors ? { message, code, errors } : { message, code };
}

export function unauthenticated(): ApiError {
  return new ApiError(401, 'unauthenticated', 'Please sign in to continue.');
}

export function notFound(what = 'The requested resource'): ApiError {
  return new ApiError(404, 'not_found', `${what} was not found.`);
}

/**
 * 413 from the announced size, before the body is read: the rest of the body may still be on
 * its way, so the connection closes after the answer instead of being reused (a pooled client's
 * next request would otherwise be read as the end of this body and then cut off).
 */
export function payloadTooLarge(c: Context): Response {
  return c.json(errorBody('payload_too_large', 'The request body is too large.'), 413, { Connection: 'close' });
}

export function handleError(err: Error, c: Context): Response {
  if (err instanceof ApiError) {
    return c.json(errorBody(err.code, err.message, err.errors), err.status, err.headers);
  }
  if (err instanceof WriteContention) {
    // Many writes on the same rows at once (PostgreSQL): the app's outbox sends it again.
    console.warn(`[api] ${c.req.method} ${c.req.path}: ${err.message}`);
    return c.json(errorBody('server_busy', 'Many members are booking right now. Please try again in a moment.'), 503, { 'Retry-After': '1' });
  }
  if (err instanceof HTTPException) {
    const status = err.status;
    if (status === 413) return payloadTooLarge(c);
    if (status < 500) return c.json(errorBody('bad_request', 'The request could not be understood.'), status);
  }
  console.error(`[api] ${c.req.method} ${c.req.path} failed:`, err);
  // Kept with the devices' reports for staff (kind 'server'), by route template, never the concrete path.
  (c.get('deps') as Deps | undefined)?.reports.serverError(err, c.req.routePath);
  return c.json(errorBody('internal_error', 'Something went wrong on our side. Please try again.'), 500);
}
