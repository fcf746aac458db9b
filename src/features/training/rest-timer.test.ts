// The rest timer on the device: the running timer and the presets per movement in Dexie.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearMemberMemory } from '../../data/memory';
import { REST_TIMER_CANCEL_MESSAGE, REST_TIMER_TAG } from '../../../core/rules/training/rest-timer';
import { db, memberTableObjects } from '../../data/db';
import { resetDb } from '../../../tests/support/data-helpers';
import { adjustRestPreset, adjustRestTimer, clearRestTimer, startRestTimer } from './rest-timer';

const SQUAT = { id: 7, name: 'Back Squat' };
const NOW = Date.UTC(2026, 10, 25, 9, 0, 0);

beforeEach(resetDb);

describe('rest timer on the device', () => {
  it('starts with 90 s until the movement has a preset, then with the preset', async () => {
    expect(await startRestTimer(SQUAT, NOW)).toEqual({ key: 'current', endAt: NOW + 90_000, seconds: 90, movementId: 7, movementName: 'Back Squat' });
    expect(await adjustRestPreset(7, -200)).toBe(15);
    expect((await startRestTimer(SQUAT, NOW)).endAt).toBe(NOW + 15_000);
    expect(await db.restTimers.count()).toBe(1);
  });

  it('counts every tap on the preset, however fast (each reads what the last one wrote)', async () => {
    await Promise.all(Array.from({ length: 5 }, () => adjustRestPreset(7, -15)));
    expect(await db.restPresets.get(7)).toEqual({ movementId: 7, seconds: 15 });
  });

  it('−15 s / +15 s move the stored end and become the movement’s preset', async () => {
    await startRestTimer(SQUAT, NOW);
    await adjustRestTimer(-15, NOW + 10_000);
    expect(await db.restTimers.get('current')).toMatchObject({ endAt: NOW + 75_000, seconds: 75 });
    expect(await db.restPresets.get(7)).toEqual({ movementId: 7, seconds: 75 });
    expect((await startRestTimer(SQUAT, NOW + 100_000)).endAt).toBe(NOW + 175_000);
  });

  it('does nothing to adjust without a running timer, and is cleared on skip and on sign-out', async () => {
    expect(await adjustRestTimer(15, NOW)).toBeNull();
    await startRestTimer(SQUAT, NOW);
    await clearRestTimer();
    expect(await db.restTimers.count()).toBe(0);
    expect(memberTableObjects().map((t) => t.name)).toEqual(expect.arrayContaining(['restPresets', 'restTimers']));
  });

  describe('the worker', () => {
    afterEach(() => vi.unstubAllGlobals());

    it('is told to drop a scheduled notification when the member signs out', async () => {
      const posted: unknown[] = [];
      vi.stubGlobal('navigator', { serviceWorker: { ready: Promise.resolve({ active: { postMessage: (m: unknown) => posted.push(m) } }) } });
      clearMemberMemory();
      await vi.waitFor(() => expect(posted).toEqual([{ type: REST_TIMER_CANCEL_MESSAGE, tag: REST_TIMER_TAG }]));
    });
  });
});
