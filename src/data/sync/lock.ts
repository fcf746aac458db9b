// One holder at a time across the tabs and the service worker (Web Locks). Where there are none
// (node tests, old browsers) the caller's own chaining serialises within its context.
export function withWebLock<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
  if (typeof locks?.request === 'function') return locks.request(name, () => fn());
  return fn();
}
