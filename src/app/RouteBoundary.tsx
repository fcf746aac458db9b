// An error boundary per route (and one around the whole app): a screen that throws while rendering
// shows the translated error screen with Reload and Go to the timetable, never a blank page, and
// the error goes to the error reports (issue 29). A new path tries the screen again.
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { ErrorBoundary } from '../ui/error-boundary/index';
import { captureError } from '../features/reports/early';

export function RouteBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKey={pathname} onError={(error, info) => captureError('render', error, { componentStack: info.componentStack ?? undefined })}>
      {children}
    </ErrorBoundary>
  );
}
