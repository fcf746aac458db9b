// @vitest-environment happy-dom
// The shared live query behind useAuth, useProfile, useFacility and useMember: one read per key for
// all components, and a component mounting later has the answer on its first render.
import { cleanup, act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../db';
import { useSharedLiveQuery } from './shared-live';
import { readMemberRows, useAuth, useFacility, useProfile } from './auth';
import { makeProfile, resetDb, signedInLocally } from '../../../tests/support/data-helpers';

// Hooks rendered here are unmounted after each test: a live query answering after the file ended
// would otherwise make React work in a torn-down environment.
afterEach(cleanup);

beforeEach(async () => {
  await resetDb();
});

describe('useSharedLiveQuery', () => {
  it('reads once for every component asking with the same key, and follows changes', async () => {
    await db.confirmations.put({ key: 'shared-test', at: 1 });
    const read = vi.fn(() => db.confirmations.get('shared-test'));
    const first = renderHook(() => useSharedLiveQuery('shared-test', read));
    await waitFor(() => expect(first.result.current).toEqual({ key: 'shared-test', at: 1 }));
    // Mounted after the first answer: no undefined first render, no second read.
    const renders: unknown[] = [];
    const second = renderHook(() => {
      const value = useSharedLiveQuery('shared-test', read);
      renders.push(value);
      return value;
    });
    expect(renders[0]).toEqual({ key: 'shared-test', at: 1 });
    expect(read).toHaveBeenCalledTimes(1);

    await act(() => db.confirmations.put({ key: 'shared-test', at: 2 }));
    await waitFor(() => expect(second.result.current).toEqual({ key: 'shared-test', at: 2 }));
    expect(first.result.current).toEqual({ key: 'shared-test', at: 2 });
    first.unmount();
    second.unmount();
  });

  it('answers undefined for a null key without reading', () => {
    const read = vi.fn(() => Promise.resolve(1));
    const { result } = renderHook(() => useSharedLiveQuery(null, read));
    expect(result.current).toBeUndefined();
    expect(read).not.toHaveBeenCalled();
  });
});

describe('the auth hooks on it', () => {
  it('give the signed-in member and their facility, and signed-out after the row goes', async () => {
    const profile = makeProfile(1);
    const auth = await signedInLocally(profile);
    await db.facilities.put({ guid: auth.facilityGuid, name: 'Wellington', time_zone: 'Pacific/Auckland' } as never);
    const { result } = renderHook(() => ({ auth: useAuth(), facility: useFacility() }));
    await waitFor(() => expect(result.current.facility?.guid).toBe(auth.facilityGuid));
    expect(result.current.auth?.status).toBe('authenticated');
    await act(() => db.meta.delete('auth'));
    await waitFor(() => expect(result.current.auth?.status).toBe('signed-out'));
  });

  it('read at start (readMemberRows), they are there on the first render: no render waits on one, then the next', async () => {
    const profile = makeProfile(1);
    const auth = await signedInLocally(profile);
    await db.facilities.put({ guid: auth.facilityGuid, name: 'Wellington', time_zone: 'Pacific/Auckland' } as never);
    // (Polled: the keys' queries may still hold the previous test's rows for a moment.)
    await waitFor(async () => expect((await readMemberRows())?.guid).toBe(auth.facilityGuid));
    const renders: unknown[] = [];
    renderHook(() => {
      const rows = { auth: useAuth()?.status, profile: useProfile()?.id, facility: useFacility()?.guid };
      renders.push(rows);
      return rows;
    });
    expect(renders[0]).toEqual({ auth: 'authenticated', profile: profile.id, facility: auth.facilityGuid });
  });

  it('signed out, readMemberRows answers no facility', async () => {
    await waitFor(async () => expect(await readMemberRows()).toBeUndefined());
  });
});
