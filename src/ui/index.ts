// Shared UI components. Each folder also has its own index for narrower imports.
export * from './avatar/index';
export * from './dropdown/index';
export * from './empty-state/index';
export * from './error-boundary/index';
export * from './icon/index';
export * from './modal/index';
export * from './page-header/index';
export * from './progress/index';
export * from './spinner/index';
export * from './tabs/index';
export * from './toasts/index';
export { cx } from './cx';
