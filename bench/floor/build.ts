// Builds the floor page once per bench run, into dist/bench-floor beside the app's build (after it:
// the app's worker does not list it). The repeat visit and Lighthouse both measure it.
import { build } from 'vite';

let built: Promise<unknown> | undefined;

export function buildFloor(): Promise<unknown> {
  built ??= build({ configFile: 'bench/floor/vite.config.ts', logLevel: 'warn' });
  return built;
}

/** The floor page, served from the app's origin. */
export const FLOOR = '/bench-floor/index.html';
