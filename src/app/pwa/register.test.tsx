// When the service worker is registered (register.ts): after the first screen of member data; a
// first install not while a signed-out screen (the sign-in) holds it back; at 30 s whatever happens.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const registered: string[] = [];
vi.mock('workbox-window', () => ({
  Workbox: class {
    constructor(readonly url: string) {}
    addEventListener(): void {}
    register(): Promise<void> {
      registered.push(this.url);
      return Promise.resolve();
    }
  },
}));

type Modules = [typeof import('./register'), typeof import('./install-hold'), typeof import('../../ui/first-content')];

async function load(controlled: boolean): Promise<Modules> {
  // A page a worker already controls checks for a new version; one no worker controls installs.
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { controller: controlled ? {} : null, ready: new Promise(() => undefined) },
  });
  return Promise.all([import('./register'), import('./install-hold'), import('../../ui/first-content')]);
}

/** Lets timers, idle callbacks and the dynamic import run. */
async function wait(ms: number): Promise<void> {
  await vi.advanceTimersByTimeAsync(ms);
  await vi.dynamicImportSettled();
  await vi.advanceTimersByTimeAsync(0);
}

beforeEach(() => {
  vi.resetModules();
  vi.useFakeTimers();
  vi.stubEnv('DEV', false);
  vi.stubGlobal('requestIdleCallback', (callback: () => void) => setTimeout(callback, 10));
  registered.length = 0;
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('registering the service worker', () => {
  it('a first install waits while the sign-in holds it, and starts once the member signed in and sees their data', async () => {
    const [{ registerServiceWorker }, { holdFirstInstall }, { markFirstContent }] = await load(false);
    const release = holdFirstInstall();
    registerServiceWorker();
    // Well past the 3 s a screen without member data is given: the member is still typing.
    await wait(10_000);
    expect(registered).toEqual([]);
    release();
    await wait(100);
    expect(registered).toEqual([]);
    markFirstContent();
    await wait(100);
    expect(registered).toEqual(['/sw.js']);
  });

  it('a first install with nothing holding it starts after the first screen as before', async () => {
    const [{ registerServiceWorker }] = await load(false);
    registerServiceWorker();
    await wait(3_100);
    expect(registered).toEqual(['/sw.js']);
  });

  it('a page a worker controls checks for a new version whatever screen it shows', async () => {
    const [{ registerServiceWorker }, { holdFirstInstall }] = await load(true);
    holdFirstInstall();
    registerServiceWorker();
    await wait(3_100);
    expect(registered).toEqual(['/sw.js']);
  });

  it('a member who stays on the sign-in gets the worker 30 s after the start', async () => {
    const [{ registerServiceWorker }, { holdFirstInstall }] = await load(false);
    holdFirstInstall();
    registerServiceWorker();
    await wait(29_000);
    expect(registered).toEqual([]);
    await wait(1_100);
    expect(registered).toEqual(['/sw.js']);
  });
});
