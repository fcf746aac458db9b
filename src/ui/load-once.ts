// A module loaded on demand, once: shared by React.lazy and any early start of the same load.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

// The loads themselves hold no React (the data layer and the service worker share them): ./once.ts.
export { once, startLoad } from './once';

/**
 * React.lazy over a once() load. Its type asks for a Promise, but it only calls `then`: the
 * synchronous one of a loaded module is what lets the component render without suspending.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own bound, which nothing narrower meets
export function lazyOnce<T extends ComponentType<any>>(load: () => PromiseLike<{ default: T }>): LazyExoticComponent<T> {
  return lazy(load as () => Promise<{ default: T }>);
}
