// The rest timer on this device (docs/decisions.md#rest-timer): the running timer and the presets
// per movement live in Dexie, so the timer survives re-renders, navigation and reloads; nothing
// goes to the server. The service worker is told the end time so it can notify while the page
// is hidden.
import { useLiveQuery } from 'dexie-react-hooks';
import { db, type StoredRestTimer } from '../../data/db';
import { registerMemberMemory } from '../../data/memory';
import {
  REST_DEFAULT_SECONDS, REST_TIMER_CANCEL_MESSAGE, REST_TIMER_MESSAGE, REST_TIMER_TAG, adjustRest, clampRestSeconds, startRest,
  type RestTimerCancel, type RestTimerSchedule,
} from '../../../core/rules/training/rest-timer';

const CURRENT = 'current';

export function useRestTimer(): StoredRestTimer | null | undefined {
  return useLiveQuery(async () => (await db.restTimers.get(CURRENT)) ?? null, []);
}

/** The movement's preset in seconds (90 s until the member changes it); undefined while loading. */
export function useRestPreset(movementId: number | null): number | undefined {
  return useLiveQuery(() => (movementId === null ? REST_DEFAULT_SECONDS : presetSeconds(movementId)), [movementId]);
}

/** A movement's stored preset, 90 s until the member changes it. */
async function presetSeconds(movementId: number): Promise<number> {
  return (await db.restPresets.get(movementId))?.seconds ?? REST_DEFAULT_SECONDS;
}

/**
 * −15 s / +15 s on a movement's preset while no timer runs. Read and written in one transaction:
 * taps faster than the screen's live query (the value it shows) each count.
 */
export async function adjustRestPreset(movementId: number, deltaSeconds: number): Promise<number> {
  return db.transaction('rw', db.restPresets, async () => {
    const seconds = clampRestSeconds((await presetSeconds(movementId)) + deltaSeconds);
    await db.restPresets.put({ movementId, seconds });
    return seconds;
  });
}

/** A set ticked done: a rest with the movement's preset, replacing any running one. */
export async function startRestTimer(movement: { id: number; name: string }, now = Date.now()): Promise<StoredRestTimer> {
  const seconds = await presetSeconds(movement.id);
  const timer: StoredRestTimer = { key: CURRENT, ...startRest(seconds, movement, now) };
  await db.restTimers.put(timer);
  return timer;
}

/** −15 s / +15 s on the running timer; the movement's preset follows. */
export async function adjustRestTimer(deltaSeconds: number, now = Date.now()): Promise<StoredRestTimer | null> {
  return db.transaction('rw', db.restTimers, db.restPresets, async () => {
    const timer = await db.restTimers.get(CURRENT);
    if (!timer) return null;
    const next: StoredRestTimer = { key: CURRENT, ...adjustRest(timer, deltaSeconds, now) };
    await db.restTimers.put(next);
    await db.restPresets.put({ movementId: next.movementId, seconds: next.seconds });
    return next;
  });
}

export async function clearRestTimer(): Promise<void> {
  await db.restTimers.delete(CURRENT);
}

function postToWorker(message: RestTimerSchedule | RestTimerCancel): void {
  const container = globalThis.navigator?.serviceWorker;
  // No worker (development, or an old browser): the page still alarms while it is on screen.
  if (!container) return;
  void container.ready.then((registration) => registration.active?.postMessage(message)).catch(() => undefined);
}

/** Asks the worker to notify at the timer's end unless a window shows the end itself. */
export function scheduleRestNotification(timer: StoredRestTimer, text: { title: string; body: string }, path: string): void {
  postToWorker({ type: REST_TIMER_MESSAGE, tag: REST_TIMER_TAG, endAt: timer.endAt, title: text.title, body: text.body, path });
}

export function cancelRestNotification(): void {
  postToWorker({ type: REST_TIMER_CANCEL_MESSAGE, tag: REST_TIMER_TAG });
}

// Signing out (or another member signing in) wipes the timer: the worker must not ring for it.
registerMemberMemory(cancelRestNotification);
