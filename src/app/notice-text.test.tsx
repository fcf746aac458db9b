import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { initTestI18n } from '../i18n/testing';
import { noticeText } from './notice-text';

const refusedBook = {
  op: 'booking.book',
  message: 'This class has been cancelled.',
  code: 'class_cancelled',
  refused: { action: 'actions.book', subject: { name: 'CrossFit', startsAt: '2026-11-28T09:00:00.000Z' } },
  createdAt: 0,
};

describe('noticeText', () => {
  it('names the action, the class and the translated reason in the member language (French)', () => {
    const i18n = initTestI18n('fr');
    const text = noticeText(refusedBook, i18n.t.bind(i18n) as TFunction, 'fr');
    expect(text).toContain(i18n.t('actions.book'));
    expect(text).toContain('CrossFit');
    expect(text).toContain(i18n.t('errors.codes.class_cancelled'));
    expect(i18n.t('errors.codes.class_cancelled')).not.toBe('This class has been cancelled.');
    expect(text).not.toContain('This class has been cancelled.');
  });

  it('reads "Book — CrossFit, <day time>: This class has been cancelled." in English', () => {
    const i18n = initTestI18n('en-US');
    const text = noticeText(refusedBook, i18n.t.bind(i18n) as TFunction, 'en-US');
    expect(text).toMatch(/^Book — CrossFit, \S+ .*: This class has been cancelled\.$/);
  });

  it('keeps the server sentence for a code this app does not know', () => {
    const i18n = initTestI18n('fr');
    expect(noticeText({ ...refusedBook, code: 'brand_new', refused: undefined }, i18n.t.bind(i18n) as TFunction, 'fr')).toBe('This class has been cancelled.');
  });
});
