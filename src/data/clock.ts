// The engine's one clock: pulls, confirmations and queued entries read the time here, so tests
// can move time for all of them at once.
const systemNow = () => Date.now();
let current: () => number = systemNow;

export function now(): number {
  return current();
}

/** Tests pin or move time; null puts the system clock back. */
export function setClock(next: (() => number) | null): void {
  current = next ?? systemNow;
}
