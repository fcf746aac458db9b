/** The progress box hides 750 ms after success and 3 s after an error (see docs/rules.md#shell). */
export const PROGRESS_SUCCESS_MS = 750;
export const PROGRESS_ERROR_MS = 3000;

export type ProgressPhase = 'idle' | 'loading' | 'success' | 'error';

/** Translation keys shown when an error carries no message of its own. */
export type ProgressFallbackKey = 'errors.unexpected' | 'errors.network';

export interface ProgressState {
  phase: ProgressPhase;
  text: string | undefined;
  fallbackKey: ProgressFallbackKey;
}

type Listener = () => void;

const IDLE: ProgressState = { phase: 'idle', text: undefined, fallbackKey: 'errors.unexpected' };

let state: ProgressState = IDLE;
let hideTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<Listener>();

function set(next: ProgressState, hideAfterMs?: number) {
  clearTimeout(hideTimer);
  hideTimer = hideAfterMs === undefined ? undefined : setTimeout(() => set(IDLE), hideAfterMs);
  state = next;
  for (const l of listeners) l();
}

// One box for the whole app: a newer call always replaces what it shows.
export const progress = {
  /** Shows the loading text until success/error/hide. */
  start(text: string): void {
    set({ phase: 'loading', text, fallbackKey: 'errors.unexpected' });
  },
  /** Shows the success text briefly; without text the box just hides. */
  success(text?: string): void {
    if (text) set({ phase: 'success', text, fallbackKey: 'errors.unexpected' }, PROGRESS_SUCCESS_MS);
    else set(IDLE);
  },
  /** Shows the error in red for 3 s; without a message the fallback key is shown. */
  error(message?: string, fallbackKey: ProgressFallbackKey = 'errors.unexpected'): void {
    set({ phase: 'error', text: message || undefined, fallbackKey }, PROGRESS_ERROR_MS);
  },
  hide(): void {
    set(IDLE);
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot(): ProgressState {
    return state;
  },
};
