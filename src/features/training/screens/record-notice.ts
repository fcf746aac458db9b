// A personal record just saved, told on the lift screen the save lands on. Kept here rather than
// in router state: the address changes again when the new lift's temporary id becomes the real one.
import { useSyncExternalStore } from 'react';

let notice: string | null = null;
let clearTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function set(next: string | null): void {
  clearTimeout(clearTimer);
  notice = next;
  listeners.forEach((listener) => listener());
}

export const recordNotice = {
  announce: (text: string) => set(text),
  clear: () => set(null),
  clearSoon: () => {
    clearTimeout(clearTimer);
    clearTimer = setTimeout(() => set(null), 0);
  },
  keep: () => clearTimeout(clearTimer),
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useRecordNotice(): string | null {
  return useSyncExternalStore(subscribe, () => notice, () => null);
}
