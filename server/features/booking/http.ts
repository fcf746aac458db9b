import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import type { FacilityRow } from '../../db/schema';
import type { AppContext, AppEnv } from '../../http/context';
import { ApiError } from '../../http/errors';
import { validationError } from '../../http/validate';
import { parseJsonText } from '../../http/json-body';
import type { RuleBreach } from './rules';
import { sweepBeforeRead, sweepExpiredOffers } from './offers';

/** Lapsed offers are settled before any class or visit is written, and (within a second) read. */
export const sweepOffers = createMiddleware<AppEnv>(async (c, next) => {
  const method = c.req.method;
  if (method === 'GET' || method === 'HEAD') await sweepBeforeRead(c.get('deps'));
  else await sweepExpiredOffers(c.get('deps'));
  await next();
});

export function conflict(breach: RuleBreach): ApiError {
  return new ApiError(409, breach.code, breach.message);
}

/** A positive integer id from the path, or NaN (which finds nothing, so answers 404). */
export function pathId(c: AppContext): number {
  const raw = c.req.param('id') ?? '';
  return /^\d{1,15}$/.test(raw) ? Number(raw) : Number.NaN;
}

export function facilityRequiredError(): ApiError {
  return new ApiError(400, 'facility_required', 'Choose a facility first (X-Facility-Id header).');
}

/** The facility named by X-Facility-Id, already checked against the member's accounts. */
export function requireFacility(c: AppContext): FacilityRow {
  const facility = c.get('scope').facility;
  if (!facility) throw facilityRequiredError();
  return facility;
}

/** The organisation of X-Facility-Id (or X-Club-Id). */
export function requireOrgId(c: AppContext): number {
  const account = c.get('scope').account;
  if (!account) throw new ApiError(400, 'facility_required', 'Choose a facility first (X-Facility-Id or X-Club-Id header).');
  return account.org_id;
}

/** Parses an optional JSON body: empty means {}; broken JSON is 400, a wrong shape 422. */
export async function readOptionalJson<T extends z.core.$ZodType>(c: AppContext, schema: T): Promise<z.output<T>> {
  const text = await c.req.text();
  let raw: unknown = {};
  if (text.trim() !== '') raw = parseJsonText(text);
  const result = z.safeParse(schema, raw);
  if (result.success) return result.data;
  throw validationError(result.error);
}

/** Query parameters validated with zod; 422 with the first problem spelled out. */
export function readQuery<T extends z.ZodType>(c: AppContext, schema: T): z.output<T> {
  const result = schema.safeParse(c.req.query());
  if (result.success) return result.data;
  throw validationError(result.error);
}
