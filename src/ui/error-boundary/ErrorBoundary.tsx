import { Component, type ErrorInfo, type ReactNode } from 'react';
import { BoundaryFallback } from './BoundaryFallback';

export interface ErrorBoundaryProps {
  children?: ReactNode;
  /** For error reporting; the user never sees the error itself. */
  onError?: (error: unknown, info: ErrorInfo) => void;
  /** When this value changes (e.g. the route path) a caught error is cleared and children retried. */
  resetKey?: unknown;
  /** Replaces the default friendly message. */
  fallback?: ReactNode;
}

interface State {
  failed: boolean;
}

export class ErrorBoundary extends Component<ErrorBoundaryProps, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    this.props.onError?.(error, info);
  }

  override componentDidUpdate(prev: ErrorBoundaryProps): void {
    if (this.state.failed && !Object.is(prev.resetKey, this.props.resetKey)) this.setState({ failed: false });
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return this.props.fallback ?? <BoundaryFallback />;
  }
}
