// This build's release (vite.config.ts defines __APP_RELEASE__). The Vitest projects do not get the
// definition today (vitest.config.ts's `define` does not reach test code), hence the fallback.
export const RELEASE: string = typeof __APP_RELEASE__ === 'string' ? __APP_RELEASE__ : '0.0.0+unknown';
