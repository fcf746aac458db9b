import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfirmHost, confirm, confirmStore } from './index';
import { t } from '../../../tests/support/components-i18n';

function finishClosing() {
  const dialog = document.querySelector('.modal');
  if (dialog) fireEvent.animationEnd(dialog);
}

describe('confirm()', () => {
  afterEach(() => {
    act(() => confirmStore.cancelAll());
    finishClosing();
  });

  it('resolves true when confirmed, with the given labels, and focuses the safe choice', async () => {
    render(<ConfirmHost />);
    let answer!: Promise<boolean>;
    act(() => {
      answer = confirm({
        title: 'Confirm late cancel',
        body: 'Cancelling now counts as a visit.',
        confirmLabel: 'Yes, late cancel my booking',
        cancelLabel: 'No, keep my booking',
        danger: true,
      });
    });
    // The dialog's chunk loads on the first request.
    const dialog = await screen.findByRole('alertdialog', { name: 'Confirm late cancel' });
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    const keep = screen.getByRole('button', { name: 'No, keep my booking' });
    expect(document.activeElement).toBe(keep);
    const yes = screen.getByRole('button', { name: 'Yes, late cancel my booking' });
    expect(yes.className).toContain('btn--danger');
    fireEvent.click(yes);
    await expect(answer).resolves.toBe(true);
    finishClosing();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('resolves false on cancel and on Escape', async () => {
    render(<ConfirmHost />);
    let first!: Promise<boolean>;
    let second!: Promise<boolean>;
    act(() => {
      first = confirm({ title: 'First', body: 'One' });
      second = confirm({ title: 'Second', body: 'Two' });
    });
    expect(await screen.findByRole('button', { name: t('common.ok') })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: t('common.cancel') }));
    await expect(first).resolves.toBe(false);
    finishClosing();
    // The queued request shows after the first has gone.
    expect(await screen.findByRole('alertdialog', { name: 'Second' })).toBeTruthy();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    await expect(second).resolves.toBe(false);
  });
});
