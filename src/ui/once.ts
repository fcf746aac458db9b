// A module loaded on demand, once, and what starts such a load early. No React here: the data
// layer (the contract's schemas, also in the service worker) shares it; React.lazy over it is
// ./load-once.ts.

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
