// Turns any thrown value into a sentence for the red progress toast: a known code (from the
// server or a refusal on the device) gets our translated wording, otherwise the server's own
// message; never a stack trace.
import type { TFunction } from 'i18next';
import type { ErrorParams } from '../../core/errors';
import { ApiError, ContractError, NetworkError } from '../data/api/errors';

/**
 * The translated sentence for a code of the vocabulary (core/errors.ts; each has one, a test holds
 * them to it), or '' when none exists. A code is one snake_case word, so it names one key of
 * errors.codes and nothing beside it; the vocabulary's list itself stays off the first load.
 */
export function describeCode(code: string, t: TFunction, params?: ErrorParams): string {
  if (!/^[a-z][a-z0-9_]{0,63}$/.test(code)) return '';
  // An empty default would come back as the key itself: a code without words is told by this mark.
  const text = t(`errors.codes.${code as 'rate_limited'}`, { defaultValue: UNKNOWN, ...params });
  return text === UNKNOWN ? '' : text;
}

const UNKNOWN = '\u0000';

export function describeError(error: unknown, t: TFunction): string {
  if (error instanceof NetworkError) return t('errors.network');
  // The server's answer is newer than this app: only an update helps.
  if (error instanceof ContractError) return t('sync.updateRequired');
  if (error instanceof ApiError) {
    return describeCode(error.code, t) || error.message || t('errors.unexpected');
  }
  // A refusal made on the device (LocalRefusal, CommandRefused) carries a code of the same vocabulary.
  if (error instanceof Error && 'code' in error && typeof error.code === 'string') {
    const params = 'params' in error ? (error.params as ErrorParams | undefined) : undefined;
    const known = describeCode(error.code, t, params);
    if (known) return known;
  }
  return t('errors.unexpected');
}
