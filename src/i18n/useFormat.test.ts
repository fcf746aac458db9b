import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDateLocale } from './dateLocales';
import { initTestI18n } from './testing';
import { useFormat } from './useFormat';

const INSTANT = '2026-11-23T18:30:00Z';

function Probe({ zone }: { zone?: string }) {
  const f = useFormat(zone);
  return createElement('p', null, `${f.locale}|${f.timeZone}|${f.time(INSTANT)}|${f.dayHeader(INSTANT)}|${f.currency(12.5, 'EUR')}`);
}

function render(locale: string, zone?: string): string {
  const i18n = initTestI18n(locale);
  const html = renderToString(createElement(I18nextProvider, { i18n }, createElement(Probe, { zone })));
  return html.replace(/<\/?p>/g, '').replace(/\s/g, ' ');
}

describe('useFormat', () => {
  beforeAll(async () => {
    await loadDateLocale('fr');
  });

  it('binds the helpers to the current i18n language and the given zone', () => {
    expect(render('en-US', 'Pacific/Auckland')).toBe('en-US|Pacific/Auckland|7:30 AM|Tuesday, November 24th|€12.50');
    expect(render('fr-FR', 'Pacific/Auckland')).toBe('fr|Pacific/Auckland|07:30|Mardi 24 novembre|12,50 €');
  });

  it('uses the device zone when none is given', () => {
    expect(render('en-US').split('|')[1]).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });
});
