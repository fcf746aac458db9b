import { progress, type ProgressFallbackKey } from './progressStore';

export type ProgressResult<T> = { ok: true; value: T } | { ok: false; error: unknown };

export interface RunWithProgressOptions {
  /** Shown while `fn` runs, e.g. "Cancelling…". */
  loading: string;
  /** Shown for 750 ms when `fn` succeeds, e.g. "Cancelled"; omit to just hide. */
  success?: string;
  /** Replaces the error's own message. */
  error?: string;
}

/** The server's message when the error has one (ApiError and plain error bodies carry `.message`). */
export function errorMessage(error: unknown): string | undefined {
  if (typeof error === 'string') return error.trim() || undefined;
  if (typeof error === 'object' && error !== null && 'message' in error) {
    const { message } = error as { message: unknown };
    if (typeof message === 'string' && message.trim()) return message;
  }
  return undefined;
}

function fallbackFor(error: unknown): ProgressFallbackKey {
  const name = typeof error === 'object' && error !== null && 'name' in error ? (error as { name: unknown }).name : undefined;
  return name === 'NetworkError' ? 'errors.network' : 'errors.unexpected';
}

/**
 * Runs `fn` behind the progress box: loading text, then the success text or the error's message.
 * Never throws; the result says how it went so the caller can follow up.
 */
export async function runWithProgress<T>(
  fn: () => Promise<T> | T,
  options: RunWithProgressOptions,
): Promise<ProgressResult<T>> {
  progress.start(options.loading);
  try {
    const value = await fn();
    progress.success(options.success);
    return { ok: true, value };
  } catch (error) {
    // A network failure's own message is developer text; show the friendly translation instead.
    const fallbackKey = fallbackFor(error);
    const message = options.error ?? (fallbackKey === 'errors.network' ? undefined : errorMessage(error));
    progress.error(message, fallbackKey);
    return { ok: false, error };
  }
}
