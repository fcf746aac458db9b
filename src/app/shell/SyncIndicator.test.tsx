// The shell's sync indicator spells out a full disk (not only in a tooltip), even when online and
// nothing waits to be sent.
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SyncStatus } from '../../data/db';

const state = vi.hoisted(() => ({ storageFull: false, status: undefined as SyncStatus | undefined }));

vi.mock('../../data/hooks/sync', () => ({
  useSyncStatus: () => state.status,
  useStorageFull: () => state.storageFull,
}));
vi.mock('../../data/sync/replay', () => ({ flushOutbox: vi.fn() }));

const { SyncIndicator } = await import('./SyncIndicator');

const idle: SyncStatus = { key: 'status', pending: 0, online: true, blocked: null, lastError: null, lastSyncedAt: null, nextAttemptAt: null };

describe('SyncIndicator', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows nothing when online with nothing waiting', () => {
    state.status = idle;
    state.storageFull = false;
    const { container } = render(<SyncIndicator />);
    expect(container.textContent).toBe('');
  });

  it('offline with nothing waiting shows nothing: the top bar’s Offline chip says so, and the organisation keeps its room', () => {
    state.status = { ...idle, online: false };
    state.storageFull = false;
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(<SyncIndicator />);
    expect(screen.queryByTestId('sync-indicator')).toBeNull();
  });

  it('offline with changes waiting shows how many, and that the app is offline', () => {
    state.status = { ...idle, online: false, pending: 2 };
    state.storageFull = false;
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(<SyncIndicator />);
    expect(screen.getByTestId('sync-indicator').textContent).toBe('2');
    expect(screen.getByTestId('sync-indicator').getAttribute('aria-label')).toMatch(/Offline.*2 changes waiting to sync/);
  });

  it('says that storage is full, visibly and as an alert', () => {
    state.status = { ...idle, storageFull: true };
    state.storageFull = true;
    render(<SyncIndicator />);
    expect(screen.getByRole('alert').textContent).toBe('Storage is full: free up space or your changes cannot be saved');
    expect(screen.getByTestId('sync-indicator').getAttribute('aria-label')).toContain('Storage is full');
  });

  it('says the app needs an update when a pull did not match the contract', () => {
    state.status = { ...idle, updateRequired: 'profile' };
    state.storageFull = false;
    render(<SyncIndicator />);
    expect(screen.getByRole('alert').textContent).toMatch(/read new data from the gym\. Reload to update/);
  });
});
