// How this context talks to the API: the base URL, fetch, what a 401 does, where the contract's
// schemas come from and where answers are checked. Set once at start (data/auth.ts#connectApi,
// the service worker); the client (./client.ts) reads it with each call and loads only when the
// first call is made.
import type { ZodMiniType } from 'zod/mini';
import type * as Contract from '../../../core/contract/index';
import { once } from '../../ui/once';
import type { ContractCheck } from './contract-check';

/** core/contract's schemas, by their export names. */
export type ContractSchemas = { [K in keyof typeof Contract as (typeof Contract)[K] extends ZodMiniType ? K : never]: (typeof Contract)[K] };

export interface ApiConfig {
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Called on any 401 except a failed login; awaited before the ApiError is thrown. */
  onUnauthorized?: () => void | Promise<void>;
  /** How this context loads core/contract's schemas (see configureContract). */
  contract?: () => Promise<typeof Contract>;
  /**
   * Where answers are checked: the page's worker, so zod's work is never a task on its main thread
   * (decisions.md#contract-worker). Unset, or when it cannot answer, the contract is loaded and
   * the answer checked here.
   */
  contractCheck?: ContractCheck;
}

let config: Required<Pick<ApiConfig, 'baseUrl'>> & Omit<ApiConfig, 'baseUrl'> = { baseUrl: '/api/v1' };

/** Sets what the calls use; unset fields keep theirs. */
export function configureApi(options: ApiConfig): void {
  const { contract: loader, ...rest } = options;
  config = { ...config, ...rest, baseUrl: options.baseUrl ?? config.baseUrl };
  if (loader) configureContract(loader);
}

/** What the calls use now. */
export function apiConfig(): typeof config {
  return config;
}

let contract: (() => PromiseLike<typeof Contract>) | undefined;

/**
 * How this context reaches core/contract's schemas. The page loads them lazily (they are not part
 * of the first paint); the service worker, a classic script that may hold no lazy import, passes
 * the module it bundles. Nothing is checked, and nothing stored, before this is called.
 */
export function configureContract(loader: () => Promise<typeof Contract>): void {
  contract = once(loader);
}

/** core/contract's schemas, loaded once (configureContract says how); a load that failed is tried again at the next call. */
export function contractModule(): PromiseLike<typeof Contract> {
  if (!contract) throw new Error('configureContract() was not called in this context');
  return contract();
}
