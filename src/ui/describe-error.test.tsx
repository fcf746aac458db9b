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

describe('describeError with the app translations', () => {
  it('translates a refusal made on the device instead of "unexpected error"', async () => {
    const { initTestI18n } = await import('../i18n/testing');
    const { LocalRefusal } = await import('../../core/errors');
    const { CommandRefused } = await import('../features/booking/commands');
    const i18n = initTestI18n('fr');
    const fr = i18n.t.bind(i18n) as TFunction;
    const unexpected = fr('errors.unexpected');
    // The profile commands' "Not signed in" and the booking commands' refusals.
    expect(describeError(new LocalRefusal('signed_out', 'Not signed in'), fr)).toBe('Connectez-vous pour continuer.');
    expect(describeError(new CommandRefused('signed_out'), fr)).toBe('Connectez-vous pour continuer.');
    expect(describeError(new CommandRefused('cancelled'), fr)).toBe(fr('errors.codes.class_cancelled'));
    expect(describeError(new LocalRefusal('not_found'), fr)).not.toBe(unexpected);
  });

  it('has a translation for every code of the vocabulary in all seven locales', async () => {
    const { TRANSLATIONS } = await import('../i18n/testing');
    const { ERROR_CODES } = await import('../../core/errors');
    const { SUPPORTED_LOCALES } = await import('../../core/locales');
    for (const locale of SUPPORTED_LOCALES) {
      const codes = (TRANSLATIONS[locale]?.shell as { errors: { codes: Record<string, string> } }).errors.codes;
      const missing = ERROR_CODES.filter((code) => !codes[code]);
      expect({ locale, missing }).toEqual({ locale, missing: [] });
    }
  });
});
