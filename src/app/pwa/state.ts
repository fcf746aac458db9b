// What the browser told us about installing and updating the app, as a tiny external store.
import { useSyncExternalStore } from 'react';

export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

interface PwaState {
  /** Set when a new version waits; calling it activates the new worker and reloads. */
  applyUpdate: (() => void) | null;
  installPrompt: BeforeInstallPromptEvent | null;
}

let state: PwaState = { applyUpdate: null, installPrompt: null };
const listeners = new Set<() => void>();

export function setPwaState(patch: Partial<PwaState>): void {
  state = { ...state, ...patch };
  listeners.forEach((l) => l());
}

export function usePwaState(): PwaState {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => state,
  );
}
