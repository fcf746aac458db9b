// Shared UI components. Each folder also has its own index for narrower imports.
export * from './avatar';
export * from './dropdown';
export * from './empty-state';
export * from './error-boundary';
export * from './icon';
export * from './modal';
export * from './page-header';
export * from './progress';
export * from './spinner';
export * from './tabs';
export * from './toasts';
export { cx } from './cx';
