import { useSyncExternalStore } from 'react';
import { OptionalPart } from '../error-boundary/index';
import { lazyOnce, once } from '../load-once';
import { toast } from './toastStore';
import './toasts.css';

// A toast's own code loads with the first toast; the regions are there from the first paint.
const loadToastView = once(() => import('./ToastView'));
const ToastView = lazyOnce(loadToastView);

/** Loads a toast's code now (once loaded, toasts render in the same frame they are shown). */
export function preloadToastView(): PromiseLike<unknown> {
  return loadToastView();
}

/** Mount once near the root: toasts stack at the top centre of the screen, below the top bar. */
export function ToastHost() {
  const items = useSyncExternalStore(toast.subscribe, toast.getSnapshot, toast.getSnapshot);
  const alerts = items.filter((i) => i.status === 'danger');
  const others = items.filter((i) => i.status !== 'danger');
  // Both regions stay in the DOM so screen readers are already watching when a toast arrives.
  return (
    <div className="toast-host">
      <div className="toast-host__region">
        <OptionalPart>
          {alerts.map((item) => (
            <ToastView key={item.key} item={item} />
          ))}
        </OptionalPart>
      </div>
      <div className="toast-host__region" aria-live="polite">
        <OptionalPart>
          {others.map((item) => (
            <ToastView key={item.key} item={item} />
          ))}
        </OptionalPart>
      </div>
    </div>
  );
}
