// Turns any thrown value into a sentence for the red progress toast: a known server code
// gets our translated wording, otherwise the server's own message; never a stack trace.
import type { TFunction } from 'i18next';
import { ApiError, ContractError, NetworkError } from '../data/api/errors';

export function describeError(error: unknown, t: TFunction): string {
  if (error instanceof NetworkError) return t('errors.network');
  // The server's answer is newer than this app: only an update helps.
  if (error instanceof ContractError) return t('sync.updateRequired');
  if (error instanceof ApiError) {
    const key = `errors.codes.${error.code}`;
    const known = t(key, { defaultValue: '' });
    if (known) return known;
    return error.message || t('errors.unexpected');
  }
  return t('errors.unexpected');
}
