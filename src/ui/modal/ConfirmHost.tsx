import { lazy, Suspense, useSyncExternalStore } from 'react';
import { confirmStore } from './confirmStore';

// The dialog and the Modal it is made of load on the first request (precached, so offline too).
const ConfirmDialog = lazy(() => import('./ConfirmDialog'));

/** Mount once near the root; renders the dialogs asked for with confirm() (useCommand asks through it). */
export function ConfirmHost() {
  const queue = useSyncExternalStore(confirmStore.subscribe, confirmStore.getSnapshot, confirmStore.getSnapshot);
  const current = queue[0];
  return current ? (
    <Suspense fallback={null}>
      <ConfirmDialog key={current.id} request={current} />
    </Suspense>
  ) : null;
}

