import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_TOASTS, preloadToastView, TOAST_EXIT_MS, ToastHost, toast, type ToastStatus } from './index';
import { t } from '../../../tests/support/components-i18n';

function advance(ms: number) {
  act(() => vi.advanceTimersByTime(ms));
}

const visible = () => toast.getSnapshot().filter((t) => !t.leaving);

describe('toasts', () => {
  // As the app does once its first screen is up: a toast then shows in the frame it is asked for.
  beforeAll(async () => {
    await preloadToastView();
  });
  beforeEach(() => {
    vi.useFakeTimers();
    render(<ToastHost />);
  });
  afterEach(() => {
    act(() => toast.clear());
    vi.useRealTimers();
  });

  it.each<[ToastStatus | undefined, number]>([
    ['success', 3000],
    ['info', 3000],
    ['warning', 3000],
    [undefined, 5000],
  ])('a %s toast hides after %i ms', (status, ms) => {
    act(() => void toast.show({ status, message: 'Booked' }));
    advance(ms - 1);
    expect(visible()).toHaveLength(1);
    advance(1);
    expect(visible()).toHaveLength(0);
    advance(TOAST_EXIT_MS);
    expect(screen.queryByText('Booked')).toBeNull();
  });

  it('a danger toast never hides by itself, is an alert and offers Dismiss', () => {
    act(() => void toast.show({ status: 'danger', message: 'Class is full' }));
    advance(60_000);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Class is full');
    fireEvent.click(screen.getByRole('button', { name: t('common.dismiss') }));
    advance(TOAST_EXIT_MS);
    expect(screen.queryByText('Class is full')).toBeNull();
  });

  it('an info toast offers Ok, which dismisses it', () => {
    act(() => void toast.show({ status: 'info', message: 'Saved offline' }));
    expect(screen.getByText('Saved offline').closest('[aria-live="polite"]')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: t('common.ok') }));
    expect(visible()).toHaveLength(0);
  });

  it('success and bare toasts have no default action, only a close button', () => {
    act(() => void toast.show({ status: 'success', message: 'Booked' }));
    expect(screen.queryByRole('button', { name: t('common.ok') })).toBeNull();
    expect(screen.queryByRole('button', { name: t('common.dismiss') })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: t('common.close') }));
    expect(visible()).toHaveLength(0);
  });

  it('runs a custom action, then dismisses and calls onClose once', () => {
    const onClick = vi.fn();
    const onClose = vi.fn();
    act(() => void toast.show({ status: 'warning', message: 'Removed', action: { label: 'Undo', onClick }, onClose }));
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(visible()).toHaveLength(0);
  });

  it('toast.dismiss(id) removes the toast; an explicit duration wins', () => {
    let id = '';
    act(() => {
      id = toast.show({ status: 'danger', message: 'Sticky', duration: 1000 });
    });
    advance(999);
    expect(visible()).toHaveLength(1);
    act(() => toast.dismiss(id));
    expect(visible()).toHaveLength(0);
  });

  it('pauses while hovered with a mouse and while focused', () => {
    act(() => void toast.show({ status: 'success', message: 'Booked' }));
    const el = screen.getByText('Booked').closest('.toast') as HTMLElement;
    advance(2000);
    fireEvent.pointerEnter(el, { pointerType: 'mouse' });
    advance(10_000);
    expect(visible()).toHaveLength(1);
    fireEvent.pointerLeave(el, { pointerType: 'mouse' });
    advance(999);
    expect(visible()).toHaveLength(1);
    fireEvent.focus(screen.getByRole('button', { name: t('common.close') }));
    advance(10_000);
    expect(visible()).toHaveLength(1);
    fireEvent.blur(screen.getByRole('button', { name: t('common.close') }));
    advance(1);
    expect(visible()).toHaveLength(0);
  });

  it('reusing an id replaces the toast instead of stacking', () => {
    act(() => {
      toast.show({ id: 'sync', status: 'info', message: 'Syncing' });
      toast.show({ id: 'sync', status: 'success', message: 'Synced' });
    });
    expect(visible()).toHaveLength(1);
    expect(screen.getByText('Synced')).toBeTruthy();
    expect(screen.queryByText('Syncing')).toBeNull();
  });

  it(`keeps at most ${MAX_TOASTS} ordinary toasts on screen, but never evicts errors`, () => {
    act(() => {
      toast.show({ status: 'danger', message: 'Error A' });
      for (let i = 0; i < MAX_TOASTS + 2; i++) toast.show({ status: 'success', message: `Done ${i}` });
      toast.show({ status: 'danger', message: 'Error B' });
    });
    expect(visible().map((t) => t.message)).toEqual(['Error A', 'Done 2', 'Done 3', 'Done 4', 'Done 5', 'Error B']);
  });
});
