// Two kinds of failure, because the outbox and the pulls treat them differently: the server
// answered (ApiError, carrying its body) or it could not be reached (NetworkError).
import type { ApiErrorBody } from '../../../core/contract/types';
import type { ContractIssue } from './contract-check';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly body: ApiErrorBody;
  /** From Retry-After (429, 503), already converted to milliseconds from now. */
  readonly retryAfterMs: number | undefined;

  constructor(status: number, body: ApiErrorBody, retryAfterMs?: number) {
    super(body.message);
    this.status = status;
    this.code = body.code;
    this.body = body;
    this.retryAfterMs = retryAfterMs;
  }
}

/**
 * The server answered with a shape this version of the app does not understand (it is likely
 * older than the server). Nothing from that answer may be stored.
 */
export class ContractError extends Error {
  override readonly name = 'ContractError';
  readonly request: string;
  readonly issues: readonly ContractIssue[];

  constructor(request: string, issues: readonly ContractIssue[]) {
    const first = issues[0];
    super(`${request}: the answer does not match the contract${first ? ` (${first.path || 'body'}: ${first.message})` : ''}`);
    this.request = request;
    this.issues = issues;
  }
}

export function isContractError(error: unknown): error is ContractError {
  return error instanceof ContractError;
}

export type NetworkErrorKind = 'offline' | 'failed' | 'timeout' | 'aborted';

export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  readonly kind: NetworkErrorKind;

  constructor(kind: NetworkErrorKind, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.kind = kind;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export function isNetworkError(error: unknown): error is NetworkError {
  return error instanceof NetworkError;
}
