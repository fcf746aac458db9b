// A module loaded on demand, once: shared by React.lazy and any early start of the same load.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * One load, shared by whoever starts it; a failed load may be tried again. Once loaded, its `then`
 * answers synchronously, so React.lazy renders the component without suspending: a fallback shown
 * even for a moment makes React hold the screen back for 300 ms (its Suspense throttle), and a
 * popup already loaded opens in the same frame as the tap.
 */
export function once<T>(load: () => Promise<T>): () => PromiseLike<T> {
  let loading: Promise<T> | undefined;
  let loaded: { value: T } | undefined;
  const start = () =>
    (loading ??= load().then(
      (value) => {
        loaded = { value };
        return value;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  return () => {
    if (!loaded) return start();
    const { value } = loaded;
    return {
      then<R1 = T, R2 = never>(onLoaded?: ((value: T) => R1 | PromiseLike<R1>) | null, onFailed?: ((reason: unknown) => R2 | PromiseLike<R2>) | null): PromiseLike<R1 | R2> {
        if (!onLoaded) return Promise.resolve(value as unknown as R1).then(undefined, onFailed);
        try {
          const result = onLoaded(value);
          return Promise.resolve(result);
        } catch (error) {
          return Promise.reject(error as Error).then(undefined, onFailed);
        }
      },
    };
  };
}

/** Starts a load without waiting for it; a failure is left to the render that needs it, which shows it. */
export function startLoad(load: () => PromiseLike<unknown>): void {
  void load().then(undefined, () => undefined);
}

/**
 * React.lazy over a once() load. Its type asks for a Promise, but it only calls `then`: the
 * synchronous one of a loaded module is what lets the component render without suspending.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own bound, which nothing narrower meets
export function lazyOnce<T extends ComponentType<any>>(load: () => PromiseLike<{ default: T }>): LazyExoticComponent<T> {
  return lazy(load as () => Promise<{ default: T }>);
}
