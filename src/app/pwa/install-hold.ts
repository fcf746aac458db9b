// The service worker's first install fetches and stores the whole precache (the shell, every
// screen and the translations: some 260 files) on the page's network and processor. While a
// signed-out screen shows, the member's next step is signing in, which that work would slow, so a
// first install waits until no such screen holds it (docs/decisions.md#first-install).
let holds = 0;
const waiting: (() => void)[] = [];

/** Holds the first install back until the returned function is called (a signed-out screen's lifetime). */
export function holdFirstInstall(): () => void {
  holds += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holds -= 1;
    if (holds === 0) for (const resolve of waiting.splice(0)) resolve();
  };
}

/** Resolves once nothing holds the first install back. */
export function whenInstallMayStart(): Promise<void> {
  return holds === 0 ? Promise.resolve() : new Promise((resolve) => waiting.push(resolve));
}
