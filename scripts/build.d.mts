// Types for scripts/build.mjs (plain JavaScript so `npm start` needs no compiler).
export const root: string;
export const SERVER_OUT: string;
export function ensureBuilt(options?: { force?: boolean }): Promise<boolean>;
