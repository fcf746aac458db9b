// The moment the first screen shows the member's data. Work the first rows do not need (queued-write
// handlers, live notifications, the badge) waits for it, so a cold start fetches less before them.
let markReady: () => void = () => undefined;
const ready = new Promise<void>((resolve) => {
  markReady = resolve;
});

/** Called by a screen once it has painted member data (an empty list counts). Idempotent. */
export function markFirstContent(): void {
  markReady();
}

/** Resolves at the first content, or after `fallbackMs` when the first screen never marks it. */
export function afterFirstContent(fallbackMs = 3_000): Promise<void> {
  return Promise.race([ready, new Promise<void>((resolve) => setTimeout(resolve, fallbackMs))]);
}
