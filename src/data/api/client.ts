// The one place that talks HTTP to /api/v1. Screens never reach this module; src/data/sync and
// src/data/auth do, and write what they get into Dexie.
import { parseRetryAfter } from '../../domain/outbox';
import type { infer as Infer, ZodMiniType } from 'zod/mini';
import { ApiError, ContractError, NetworkError } from './errors';
import type { ApiErrorBody } from '../../../core/contract/types';
import { now } from '../clock';
import { apiConfig, contractModule, type ContractSchemas } from './config';
import { contractIssues, type ContractIssue } from './contract-check';

export const APP_ID = 'member-pwa';
const DEFAULT_TIMEOUT_MS = 15_000;

export interface ApiScope {
  facilityGuid: string | null;
  clubId: number | null;
}

/** The scope of a call made for one facility (its organisation follows from it on the server). */
export function facilityScope(facilityGuid: string): ApiScope {
  return { facilityGuid, clubId: null };
}

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

export interface RequestOptions {
  body?: unknown;
  query?: Record<string, QueryValue>;
  idempotencyKey?: string;
  signal?: AbortSignal;
  timeoutMs?: number;
  /**
   * The facility or club the call is for, chosen by the caller when its work starts (a pull from
   * the auth row it read, a replayed write from its entry), so a facility switch meanwhile cannot
   * change it. null for member-wide calls: no scope headers.
   */
  scope: ApiScope | null;
  /** Login and logout: a 401 there is an answer, not an expired session. */
  skipUnauthorizedHandler?: boolean;
  /** A bearer token instead of the member's cookie (the front desk's calls): sent without cookies. */
  bearer?: string;
}

type Schemas = ContractSchemas;
/** A contract schema, by its export name in core/contract, whose answers are T. */
export type SchemaName<T> = { [K in keyof Schemas]: Infer<Schemas[K]> extends T ? K : never }[keyof Schemas];

export interface ReadRequestOptions<T> extends RequestOptions {
  /**
   * The contract schema the answer is checked against; a mismatch throws ContractError. Named,
   * not imported, so that zod and the schemas load with the first answer, not with the page.
   */
  schema?: SchemaName<T>;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
    else params.append(key, String(value));
  }
  const qs = params.toString();
  return `${apiConfig().baseUrl}${path}${qs ? `?${qs}` : ''}`;
}

function buildHeaders(options: RequestOptions): Headers {
  const headers = new Headers({ Accept: 'application/json', 'X-App-Id': APP_ID });
  if (options.body !== undefined) headers.set('Content-Type', 'application/json');
  if (options.idempotencyKey) headers.set('Idempotency-Key', options.idempotencyKey);
  if (options.scope?.facilityGuid) headers.set('X-Facility-Id', options.scope.facilityGuid);
  if (options.scope?.clubId != null) headers.set('X-Club-Id', String(options.scope.clubId));
  if (options.bearer) headers.set('Authorization', `Bearer ${options.bearer}`);
  return headers;
}

function isOffline(): boolean {
  return (globalThis as { navigator?: { onLine?: boolean } }).navigator?.onLine === false;
}

async function errorBody(response: Response): Promise<ApiErrorBody> {
  const fallback: ApiErrorBody = { message: response.statusText || `HTTP ${response.status}`, code: `http_${response.status}` };
  let parsed: unknown;
  try {
    parsed = JSON.parse(await response.text());
  } catch {
    return fallback;
  }
  if (!parsed || typeof parsed !== 'object') return fallback;
  const raw = parsed as Partial<ApiErrorBody>;
  return {
    ...raw,
    message: typeof raw.message === 'string' && raw.message ? raw.message : fallback.message,
    code: typeof raw.code === 'string' && raw.code ? raw.code : fallback.code,
  };
}

/** Aborts on the caller's signal or after the timeout, remembering which one fired. */
function abortController(signal: AbortSignal | undefined, timeoutMs: number) {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onAbort = () => controller.abort(signal?.reason);
  if (signal?.aborted) controller.abort(signal.reason);
  else signal?.addEventListener('abort', onAbort, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    dispose: () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    },
  };
}

function networkError(error: unknown, timedOut: boolean, callerAborted: boolean): NetworkError {
  if (timedOut) return new NetworkError('timeout', 'The server did not answer in time', { cause: error });
  if (callerAborted) return new NetworkError('aborted', 'The request was cancelled', { cause: error });
  if (isOffline()) return new NetworkError('offline', 'No network connection', { cause: error });
  return new NetworkError('failed', 'Could not reach the server', { cause: error });
}

export async function apiRequest<T>(method: HttpMethod, path: string, options: ReadRequestOptions<T>): Promise<T> {
  const doFetch = apiConfig().fetch ?? globalThis.fetch.bind(globalThis);
  const abort = abortController(options.signal, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  let response: Response;
  let text: string;
  // The worker that checks the answer builds its contract while the answer is on its way.
  if (options.schema) apiConfig().contractCheck?.warm();
  try {
    response = await doFetch(buildUrl(path, options.query), {
      method,
      headers: buildHeaders(options),
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: options.bearer ? 'omit' : 'include',
      signal: abort.signal,
    });
    if (!response.ok) {
      const body = await errorBody(response);
      // A dated Retry-After becomes a delay that the outbox adds to engine time: measure it there too.
      const retryAfterMs = parseRetryAfter(response.headers.get('Retry-After'), now());
      throw new ApiError(response.status, body, retryAfterMs);
    }
    text = response.status === 204 ? '' : await response.text();
  } catch (error) {
    if (error instanceof ApiError) {
      if (error.status === 401 && !options.skipUnauthorizedHandler) await notifyUnauthorized();
      throw error;
    }
    throw networkError(error, abort.timedOut(), options.signal?.aborted === true);
  } finally {
    abort.dispose();
  }
  let parsed: unknown;
  if (text === '') parsed = undefined;
  else {
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new ApiError(response.status, { message: 'The server sent an unreadable answer', code: 'invalid_response' });
    }
  }
  if (options.schema) await checkContract(method, path, options.schema, text, parsed);
  return parsed as T;
}

// The answer is returned as sent, extra fields included: the schema only checks the fields the
// app relies on.
async function contractSchema(name: keyof Schemas): Promise<ZodMiniType> {
  return (await contractModule())[name] as ZodMiniType;
}

/** What the contract finds wrong with an answer: in the page's worker when it has one, else here. */
async function answerIssues(name: keyof Schemas, text: string, data: unknown): Promise<readonly ContractIssue[]> {
  const elsewhere = apiConfig().contractCheck;
  if (elsewhere) {
    try {
      return await elsewhere.check(name, text);
    } catch {
      // No worker to ask (not fetched offline, or it stopped): checked on this thread.
    }
  }
  return contractIssues(await contractSchema(name), data);
}

/** Whether a message that did not come through apiRequest (realtime, push) matches the contract. */
export async function matchesContract(name: keyof Schemas, data: unknown): Promise<boolean> {
  return (await answerIssues(name, JSON.stringify(data) ?? '', data)).length === 0;
}

async function checkContract(method: HttpMethod, path: string, schema: keyof Schemas, text: string, data: unknown): Promise<void> {
  const issues = await answerIssues(schema, text, data);
  if (issues.length > 0) throw new ContractError(`${method} ${path}`, issues);
}

async function notifyUnauthorized(): Promise<void> {
  try {
    await apiConfig().onUnauthorized?.();
  } catch {
    // Signing out locally must not hide the 401 from the caller.
  }
}
