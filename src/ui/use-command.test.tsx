// The one sequence screens run commands through: ask, show progress, then success or the failure
// in words.
import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmHost, confirmStore } from './modal/index';
import { progress } from './progress/index';
import { useCommand, type RunCommand } from './use-command';
import { NetworkError } from '../data/api/errors';
import { t } from '../../tests/support/components-i18n';

function setup(): RunCommand {
  render(<ConfirmHost />);
  return renderHook(() => useCommand()).result.current;
}

const question = { title: 'Delete lift?', body: 'It leaves your log.', confirmLabel: 'Delete', cancelLabel: 'Keep' };

afterEach(() => {
  act(() => {
    confirmStore.cancelAll();
    for (const r of confirmStore.getSnapshot()) confirmStore.remove(r.id);
    progress.hide();
  });
});

describe('useCommand', () => {
  it('runs nothing and shows nothing when the member cancels the question', async () => {
    const run = setup();
    const command = vi.fn(() => Promise.resolve());
    let result!: ReturnType<RunCommand>;
    act(() => { result = run(command, { confirm: question, loading: 'Deleting…', success: 'Deleted' }); });
    fireEvent.click(await screen.findByRole('button', { name: 'Keep' }));
    await expect(result).resolves.toEqual({ ok: false, cancelled: true });
    expect(command).not.toHaveBeenCalled();
    expect(progress.getSnapshot().phase).toBe('idle');
  });

  it('runs once after the member confirms, with loading then the success text', async () => {
    const run = setup();
    let finish!: (value: number) => void;
    const command = vi.fn(() => new Promise<number>((resolve) => { finish = resolve; }));
    let result!: ReturnType<RunCommand>;
    act(() => { result = run(command, { confirm: question, loading: 'Deleting…', success: (n: number) => `Deleted ${n}` }); });
    await act(async () => { fireEvent.click(await screen.findByRole('button', { name: 'Delete' })); });
    expect(command).toHaveBeenCalledTimes(1);
    expect(progress.getSnapshot()).toMatchObject({ phase: 'loading', text: 'Deleting…' });
    await act(async () => { finish(3); await result; });
    await expect(result).resolves.toEqual({ ok: true, value: 3 });
    expect(progress.getSnapshot()).toMatchObject({ phase: 'success', text: 'Deleted 3' });
  });

  it('shows a failure in words from describeError', async () => {
    const run = setup();
    const failure = new NetworkError('failed', 'fetch failed');
    const result = await act(() => run(() => Promise.reject(failure), { loading: 'Saving…', success: 'Saved' }));
    expect(result).toEqual({ ok: false, cancelled: false, error: failure });
    expect(progress.getSnapshot()).toMatchObject({ phase: 'error', text: t('errors.network') });
  });

  it("lets a screen word a failure itself, and falls back to describeError when it does not", async () => {
    const run = setup();
    await act(() => run(() => Promise.reject(new Error('refused')), { describe: () => 'Not today' }));
    expect(progress.getSnapshot().text).toBe('Not today');
    await act(() => run(() => Promise.reject(new Error('boom')), { describe: () => undefined }));
    expect(progress.getSnapshot().text).toBe(t('errors.unexpected'));
  });

  it('hides the box after a loading text with no success text, and leaves it alone with neither', async () => {
    const run = setup();
    await act(() => run(() => Promise.resolve(), { loading: 'Signing out…' }));
    expect(progress.getSnapshot().phase).toBe('idle');
    act(() => progress.start('Something else'));
    await act(() => run(() => Promise.resolve()));
    expect(progress.getSnapshot()).toMatchObject({ phase: 'loading', text: 'Something else' });
  });

  it('asks only when a deciding confirm returns a question', async () => {
    const run = setup();
    const command = vi.fn(() => Promise.resolve());
    await act(() => run(command, { confirm: () => Promise.resolve(null) }));
    expect(command).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
