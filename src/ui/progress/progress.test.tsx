import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  PROGRESS_ERROR_MS,
  PROGRESS_SUCCESS_MS,
  ProgressToastHost,
  errorMessage,
  progress,
  runWithProgress,
} from './index';
import { t } from '../../../tests/support/components-i18n';

function advance(ms: number) {
  act(() => vi.advanceTimersByTime(ms));
}

describe('progress toast', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    render(<ProgressToastHost />);
  });
  afterEach(() => {
    act(() => progress.hide());
    vi.useRealTimers();
  });

  it('shows loading text until told otherwise', () => {
    act(() => progress.start('Cancelling…'));
    advance(60_000);
    expect(screen.getByRole('status').textContent).toBe('Cancelling…');
  });

  it('hides 750 ms after success', () => {
    act(() => {
      progress.start('Cancelling…');
      progress.success('Cancelled');
    });
    expect(screen.getByRole('status').textContent).toBe('Cancelled');
    advance(PROGRESS_SUCCESS_MS - 1);
    expect(screen.getByRole('status').textContent).toBe('Cancelled');
    advance(1);
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('shows an error as an alert in red and hides it after 3 s', () => {
    act(() => progress.error('Class is full'));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Class is full');
    expect(alert.querySelector('.progress-toast--error')).toBeTruthy();
    advance(PROGRESS_ERROR_MS - 1);
    expect(screen.getByRole('alert').textContent).toBe('Class is full');
    advance(1);
    expect(screen.getByRole('alert').textContent).toBe('');
  });

  it('a new start cancels the pending hide', () => {
    act(() => progress.success('Booked'));
    advance(500);
    act(() => progress.start('Booking…'));
    advance(PROGRESS_SUCCESS_MS);
    expect(screen.getByRole('status').textContent).toBe('Booking…');
  });

  it('runWithProgress shows loading then success', async () => {
    let finish!: (v: number) => void;
    let result!: ReturnType<typeof runWithProgress<number>>;
    act(() => {
      result = runWithProgress(() => new Promise<number>((r) => (finish = r)), { loading: 'Booking…', success: 'Booked' });
    });
    expect(screen.getByRole('status').textContent).toBe('Booking…');
    await act(async () => finish(7));
    await expect(result).resolves.toEqual({ ok: true, value: 7 });
    expect(screen.getByRole('status').textContent).toBe('Booked');
    advance(PROGRESS_SUCCESS_MS);
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it("runWithProgress shows the error's message", async () => {
    const failure = { message: 'Booking has closed', code: 'booking_closed' };
    let out: Awaited<ReturnType<typeof runWithProgress>> | undefined;
    await act(async () => {
      out = await runWithProgress(() => Promise.reject(failure), { loading: 'Booking…', success: 'Booked' });
    });
    expect(out).toEqual({ ok: false, error: failure });
    expect(screen.getByRole('alert').textContent).toBe('Booking has closed');
    advance(PROGRESS_ERROR_MS);
    expect(screen.getByRole('alert').textContent).toBe('');
  });

  it('falls back to errors.unexpected without a message, and errors.network for network failures', async () => {
    await act(async () => {
      await runWithProgress(() => Promise.reject(new Error('')), { loading: 'Saving…' });
    });
    expect(screen.getByRole('alert').textContent).toBe(t('errors.unexpected'));
    const offline = Object.assign(new Error('fetch failed'), { name: 'NetworkError' });
    await act(async () => {
      await runWithProgress(() => Promise.reject(offline), { loading: 'Saving…' });
    });
    expect(screen.getByRole('alert').textContent).toBe(t('errors.network'));
  });

  it('errorMessage reads strings and .message', () => {
    expect(errorMessage('Nope')).toBe('Nope');
    expect(errorMessage(new Error('Full'))).toBe('Full');
    expect(errorMessage({ message: '  ' })).toBeUndefined();
    expect(errorMessage(null)).toBeUndefined();
    expect(errorMessage(42)).toBeUndefined();
  });
});
