import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { useTranslation } from './use-translation';

/** An instance whose feature strings arrive only when the test answers (as a fetch would). */
async function instanceWithLateStrings() {
  const pending: { ns: string; answer: ReadCallback }[] = [];
  const backend: BackendModule = {
    type: 'backend',
    init: () => undefined,
    read: (language, namespace, callback) => {
      if (namespace === 'shell') callback(null, { app: { name: language === 'fr-FR' ? 'Membre' : 'Member' } });
      else pending.push({ ns: namespace, answer: callback });
    },
  };
  const instance = i18next.createInstance();
  await instance.use(backend).init({ lng: 'en-US', load: 'currentOnly', ns: ['shell'], defaultNS: 'shell', fallbackNS: 'shell', fallbackLng: false, interpolation: { escapeValue: false } });
  return { instance, pending };
}

describe('useTranslation (the app’s)', () => {
  it('gives every component of a namespace the same t, a new one in a new language', async () => {
    const { instance } = await instanceWithLateStrings();
    const seen: unknown[] = [];
    function Name() {
      const { t } = useTranslation();
      seen.push(t);
      return <p>{t('app.name' as never)}</p>;
    }
    render(
      <I18nextProvider i18n={instance}>
        <Name />
        <Name />
      </I18nextProvider>,
    );
    expect(screen.getAllByText('Member')).toHaveLength(2);
    expect(seen[0]).toBe(seen[1]);

    await act(() => instance.changeLanguage('fr-FR'));
    expect(screen.getAllByText('Membre')).toHaveLength(2);
    expect(seen.at(-1)).not.toBe(seen[0]);
  });

  it('asks for strings its namespace does not have yet, and shows them when they arrive', async () => {
    const { instance, pending } = await instanceWithLateStrings();
    function Title() {
      const { t } = useTranslation('booking');
      return <h1>{t('classes.today' as never)}</h1>;
    }
    render(
      <I18nextProvider i18n={instance}>
        <Title />
      </I18nextProvider>,
    );
    // Until then, the key (as react-i18next shows it), never a blank.
    expect(screen.getByRole('heading').textContent).toBe('classes.today');
    expect(pending.map((p) => p.ns)).toEqual(['booking']);

    await act(async () => pending[0]!.answer(null, { classes: { today: 'Today' } }));
    expect(screen.getByRole('heading').textContent).toBe('Today');
  });
});
