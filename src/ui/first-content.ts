// The moment a screen shows the member's data. Work the first rows do not need (queued-write
// handlers, live notifications, the badge) waits for the first one after the page loads, so a cold
// start fetches less before them; the last known screen is saved after each (app/snapshot).
const MARK = 'member:first-content';
let markReady: () => void = () => undefined;
const ready = new Promise<void>((resolve) => {
  markReady = resolve;
});
const listeners = new Set<() => void>();

/** Called by a screen once it has painted member data (an empty list counts). */
export function markFirstContent(): void {
  if (!hasFirstContent()) performance.mark(MARK);
  markReady();
  for (const listener of listeners) listener();
}

/** Whether a screen of this page has shown the member's data yet. */
export function hasFirstContent(): boolean {
  return performance.getEntriesByName(MARK).length > 0;
}

/** Every later markFirstContent call, until the returned function is called. */
export function onFirstContent(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Resolves at the first content, or after `fallbackMs` when the first screen never marks it. */
export function afterFirstContent(fallbackMs = 3_000): Promise<void> {
  return Promise.race([ready, new Promise<void>((resolve) => setTimeout(resolve, fallbackMs))]);
}

/**
 * A task after this one: code loaded at the first content starts in a task of its own, not in the
 * one that painted the member's data (its imports append preload links, work a first tap waits behind).
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** The next moment the browser is idle, at most `timeoutMs` away (a short timer where there is no idle callback). */
export function whenIdle(timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: timeoutMs });
    else setTimeout(resolve, Math.min(timeoutMs, 50));
  });
}
