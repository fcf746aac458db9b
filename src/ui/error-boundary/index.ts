export { ErrorBoundary } from './ErrorBoundary';
export { OptionalPart } from './OptionalPart';
