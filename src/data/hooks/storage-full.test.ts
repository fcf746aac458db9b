// @vitest-environment happy-dom
// useStorageFull follows the status row (another tab or the service worker hit the quota) and the
// in-memory flag (the row itself could not be written).
import { cleanup, act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { patchStatus, reportStorageFull, storageRecovered } from '../sync/status';
import { useStorageFull } from './sync';
import { resetDb } from '../../../tests/support/data-helpers';

// Hooks rendered here are unmounted after each test: a live query answering after the file ended
// would otherwise make React work in a torn-down environment.
afterEach(cleanup);

beforeEach(async () => {
  await storageRecovered();
  await resetDb();
});

describe('useStorageFull', () => {
  it('is true while the status row says so', async () => {
    const { result } = renderHook(() => useStorageFull());
    expect(result.current).toBe(false);
    await act(() => patchStatus({ storageFull: true }));
    await waitFor(() => expect(result.current).toBe(true));
    await act(() => patchStatus({ storageFull: false }));
    await waitFor(() => expect(result.current).toBe(false));
  });

  it('is true at once from memory when a write failed here, and false again after a write succeeds', async () => {
    const { result } = renderHook(() => useStorageFull());
    await act(() => reportStorageFull());
    expect(result.current).toBe(true);
    await act(() => storageRecovered());
    await waitFor(() => expect(result.current).toBe(false));
  });
});
