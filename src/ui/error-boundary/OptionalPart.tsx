import { Suspense, type ReactNode } from 'react';
import { ErrorBoundary } from './ErrorBoundary';

/**
 * A part of the page whose code loads on demand (React.lazy): nothing in its place while it loads,
 * and left out, never the page with it, when its code cannot be fetched (offline before the service
 * worker kept it).
 */
export function OptionalPart({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary fallback={null}>
      <Suspense fallback={null}>{children}</Suspense>
    </ErrorBoundary>
  );
}
