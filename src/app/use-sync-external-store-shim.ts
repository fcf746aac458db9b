// What `use-sync-external-store/shim` gives on React 18+ (react-i18next imports it): React's own
// hook. vite.config.ts aliases the shim here, so the shell does not carry its fallback for React 17.
export { useSyncExternalStore } from 'react';
