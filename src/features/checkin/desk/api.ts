// The front desk's calls (/api/v1/desk, server/features/checkin): a bearer token instead of a
// member's cookie, so the member API client (its session handling, its facility headers) is not
// used; X-App-Id as every API call (the server's CSRF defence). Answers are checked against the
// contract's schemas.
import * as z from 'zod/mini';
import { ApiError, NetworkError } from '../../../data/api/errors';
import { deskCheckinResult, deskFacilities, deskRoster, deskSignedIn, type DeskCheckinResult, type DeskFacilities, type DeskRoster, type DeskSignedIn } from '../../../../core/contract/checkin';

const BASE = '/api/v1/desk';
const APP_ID = 'member-pwa';
const TIMEOUT_MS = 15_000;

async function call<T>(method: string, path: string, token: string, schema: z.ZodMiniType<T> | null, body?: unknown, idempotencyKey?: string): Promise<T> {
  const headers: Record<string, string> = { 'X-App-Id': APP_ID, Authorization: `Bearer ${token}`, Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
  let response: Response;
  try {
    response = await fetch(BASE + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), credentials: 'omit', signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    throw new NetworkError(error instanceof DOMException && error.name === 'TimeoutError' ? 'timeout' : 'offline', 'The studio could not be reached.', { cause: error });
  }
  const text = await response.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!response.ok) {
    const error = data as { code?: unknown; message?: unknown } | null;
    throw new ApiError(response.status, { code: typeof error?.code === 'string' ? error.code : 'http_error', message: typeof error?.message === 'string' ? error.message : response.statusText });
  }
  return schema ? z.parse(schema, data) : (data as T);
}

/** With the admin token: the facilities a desk can be set up for. */
export function listDeskFacilities(adminToken: string): Promise<DeskFacilities> {
  return call('GET', '/facilities', adminToken, deskFacilities);
}

/** With the admin token, once: a desk token for one facility (the admin token is not kept). */
export function signInDesk(adminToken: string, facilityId: number): Promise<DeskSignedIn> {
  return call('POST', '/sign-in', adminToken, deskSignedIn, { facility_id: facilityId });
}

export function signOutDesk(token: string): Promise<unknown> {
  return call('POST', '/sign-out', token, null);
}

export function fetchRoster(token: string): Promise<DeskRoster> {
  return call('GET', '/roster', token, deskRoster);
}

export function sendCheckin(token: string, key: string, body: ({ code: string } | { digits: string }) & { scanned_at: string }): Promise<DeskCheckinResult> {
  return call('POST', '/checkins', token, deskCheckinResult, body, key);
}
