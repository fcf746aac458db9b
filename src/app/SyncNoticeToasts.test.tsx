import 'fake-indexeddb/auto';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { db } from '../data/db';
import { initTestI18n } from '../i18n/testing';
import { ToastHost, toast } from '../ui/toasts/index';
import { SyncNoticeToasts } from './SyncNoticeToasts';

afterEach(async () => {
  toast.clear();
  await db.notices.clear();
});

describe('SyncNoticeToasts', () => {
  it('shows a refusal replayed from the outbox in the member language, not the server English', async () => {
    // As the outbox stores it: the server's English sentence, its code and what was refused.
    await db.notices.add({
      op: 'booking.book',
      message: 'This class has been cancelled.',
      code: 'class_cancelled',
      refused: { action: 'actions.book', subject: { name: 'CrossFit', startsAt: '2026-11-28T09:00:00.000Z' } },
      createdAt: 1,
    });
    const i18n = initTestI18n('fr');
    render(
      <I18nextProvider i18n={i18n}>
        <ToastHost />
        <SyncNoticeToasts />
      </I18nextProvider>,
    );
    const french = i18n.t('errors.codes.class_cancelled');
    const alert = await screen.findByText((text) => text.includes(french));
    expect(alert.textContent).toContain(`${i18n.t('actions.book')} — CrossFit`);
    expect(screen.queryByText((text) => text.includes('This class has been cancelled.'))).toBeNull();
  });
});
