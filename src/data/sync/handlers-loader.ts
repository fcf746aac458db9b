// Where the page's replay finds its handlers' code. The page registers every feature's handlers
// only once the replay meets an entry that needs them (app/boot.ts): most visits queue nothing,
// and that code, with what it imports, is some 130 KB of JavaScript. These few lines are part of
// the first load, so the loader is named before anything can flush; the service worker and the
// tests register every handler at once.

/** Imports and registers the handlers; run at the first queued entry no handler knows. */
let loader: (() => Promise<void>) | null = null;

export function loadHandlersWith(load: () => Promise<void>): void {
  loader = load;
}

/**
 * Runs the loader if it has not run: true once it has registered the handlers now, false when
 * there was nothing left to load (the op is then unknown to this app). Rejects when the code
 * could not be fetched; the loader is then kept for the next attempt.
 */
export async function loadHandlers(): Promise<boolean> {
  const load = loader;
  if (!load) return false;
  await load();
  if (loader === load) loader = null;
  return true;
}
