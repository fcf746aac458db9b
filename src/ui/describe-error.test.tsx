import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { describeError } from './describe-error';
import { ApiError, ContractError, NetworkError } from '../data/api/errors';

const t = ((key: string, options?: { defaultValue?: string }) => (key.startsWith('errors.codes.') ? (options?.defaultValue ?? '') : key)) as unknown as TFunction;

describe('describeError', () => {
  it('says the app needs an update when an answer breaks the contract', () => {
    expect(describeError(new ContractError('GET /profile', [{ path: 'accounts', message: 'Invalid input' }]), t)).toBe('sync.updateRequired');
  });

  it('keeps the other cases', () => {
    expect(describeError(new NetworkError('offline', 'No network connection'), t)).toBe('errors.network');
    expect(describeError(new ApiError(409, { code: 'something_new', message: 'The server says no.' }), t)).toBe('The server says no.');
    expect(describeError(new Error('boom'), t)).toBe('errors.unexpected');
  });
});
