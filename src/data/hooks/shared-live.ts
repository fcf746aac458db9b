// One live query per key for the whole app, its latest answer kept for every component that asks.
// useLiveQuery starts each component at undefined and queries again: at start-up the shell, the
// page and their children each waited for their own read of the same auth row and facility, one
// render after another. Here a component that mounts after the first answer has it at once.
import { liveQuery, type Subscription } from 'dexie';
import { useCallback, useSyncExternalStore } from 'react';

interface Entry {
  /** Replaced on every answer, so React sees the change. */
  state: { value: unknown; error: unknown } | undefined;
  listeners: Set<() => void>;
  subscription: Subscription | null;
  release: ReturnType<typeof setTimeout> | undefined;
}

const entries = new Map<string, Entry>();
/** A screen that replaces another mounts after the old one let go: keep the answer that long. */
const KEEP_MS = 1_000;

function subscribeTo(key: string, query: () => Promise<unknown>, listener: () => void): () => void {
  let entry = entries.get(key);
  if (!entry) {
    entry = { state: undefined, listeners: new Set(), subscription: null, release: undefined };
    entries.set(key, entry);
  }
  const current = entry;
  clearTimeout(current.release);
  current.listeners.add(listener);
  current.subscription ??= liveQuery(query).subscribe({
    next: (value) => {
      current.state = { value, error: undefined };
      for (const notify of current.listeners) notify();
    },
    error: (error: unknown) => {
      current.state = { value: current.state?.value, error };
      for (const notify of current.listeners) notify();
    },
  });
  return () => {
    current.listeners.delete(listener);
    if (current.listeners.size > 0) return;
    current.release = setTimeout(() => {
      if (current.listeners.size > 0) return;
      current.subscription?.unsubscribe();
      if (entries.get(key) === current) entries.delete(key);
    }, KEEP_MS);
  };
}

/**
 * Starts a key's live query before any component asks (while the app's strings and screen load),
 * so the first render has its answer; resolves with that answer. Held `holdMs`, then released as
 * a component's would be.
 */
export function warmSharedQuery<T>(key: string, query: () => Promise<T>, holdMs = 5_000): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const settle = () => {
      const state = entries.get(key)?.state;
      if (!state) return;
      if (state.error !== undefined) reject(state.error);
      else resolve(state.value as T);
    };
    const release = subscribeTo(key, query, settle);
    setTimeout(release, holdMs);
    settle();
  });
}

/**
 * Like useLiveQuery, shared by key: the same key must always mean the same query. A null key
 * answers undefined without querying. Errors are thrown to the nearest error boundary, as there.
 */
export function useSharedLiveQuery<T>(key: string | null, query: () => Promise<T>): T | undefined {
  // The query is the key's: a new closure for the same key changes nothing.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const subscribe = useCallback((listener: () => void) => (key === null ? () => undefined : subscribeTo(key, query, listener)), [key]);
  const state = useSyncExternalStore(subscribe, () => (key === null ? undefined : entries.get(key)?.state), () => undefined);
  if (state?.error !== undefined) throw state.error;
  return state?.value as T | undefined;
}
