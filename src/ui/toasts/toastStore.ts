import type { ReactNode } from 'react';
import { prefersReducedMotion } from '../motion/reducedMotion';

export type ToastStatus = 'success' | 'info' | 'warning' | 'danger';

export interface ToastAction {
  label: string;
  /** Runs before the toast is dismissed. */
  onClick?: () => void;
}

export interface ToastOptions {
  /** Reusing an id replaces that toast (avoids stacking the same message). */
  id?: string;
  status?: ToastStatus;
  message: ReactNode;
  /** Omit for the default (Dismiss on danger, Ok on info); null for none. */
  action?: ToastAction | null;
  /** Milliseconds before it hides; null never hides. Defaults: see docs/rules.md#shell. */
  duration?: number | null;
  /** Called once when the toast is dismissed (close button, action, timeout or toast.dismiss). */
  onClose?: () => void;
}

export interface ToastRecord {
  id: string;
  /** Changes when a toast is replaced under the same id, so its view restarts. */
  key: number;
  status: ToastStatus | undefined;
  message: ReactNode;
  action: ToastAction | null | undefined;
  duration: number | null;
  onClose: (() => void) | undefined;
  /** Playing its exit animation; removed shortly after. */
  leaving: boolean;
}

/** Success, info and warning 3 s; a toast without a status 5 s; errors stay. */
export const TOAST_DURATION_MS = { success: 3000, info: 3000, warning: 3000, bare: 5000 } as const;
/** Length of the exit animation in toasts.css. */
export const TOAST_EXIT_MS = 160;
/** Older non-error toasts are dismissed beyond this many, so a burst never covers the screen. */
export const MAX_TOASTS = 4;

export function defaultDuration(status: ToastStatus | undefined): number | null {
  if (status === 'danger') return null;
  return status ? TOAST_DURATION_MS[status] : TOAST_DURATION_MS.bare;
}

type Listener = () => void;

let toasts: readonly ToastRecord[] = [];
const listeners = new Set<Listener>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();
let nextId = 1;
let nextKey = 1;

function emit() {
  for (const l of listeners) l();
}

function remove(id: string) {
  const timer = removalTimers.get(id);
  if (timer !== undefined) clearTimeout(timer);
  removalTimers.delete(id);
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

function dismiss(id: string) {
  const target = toasts.find((t) => t.id === id);
  if (!target || target.leaving) return;
  target.onClose?.();
  if (prefersReducedMotion()) {
    remove(id);
    return;
  }
  toasts = toasts.map((t) => (t.id === id ? { ...t, leaving: true } : t));
  removalTimers.set(
    id,
    setTimeout(() => remove(id), TOAST_EXIT_MS),
  );
  emit();
}

function show(options: ToastOptions): string {
  const id = options.id ?? `toast-${nextId++}`;
  const record: ToastRecord = {
    id,
    key: nextKey++,
    status: options.status,
    message: options.message,
    action: options.action,
    duration: options.duration === undefined ? defaultDuration(options.status) : options.duration,
    onClose: options.onClose,
    leaving: false,
  };
  const timer = removalTimers.get(id);
  if (timer !== undefined) clearTimeout(timer);
  removalTimers.delete(id);
  toasts = toasts.some((t) => t.id === id)
    ? toasts.map((t) => (t.id === id ? record : t))
    : [...toasts, record];
  emit();
  // Errors are never evicted: they wait for the member, and onClose may mean "handled".
  const evictable = toasts.filter((t) => !t.leaving && t.status !== 'danger');
  for (const old of evictable.slice(0, Math.max(0, evictable.length - MAX_TOASTS))) dismiss(old.id);
  return id;
}

type ShortcutOptions = Omit<ToastOptions, 'message' | 'status'>;

export const toast = {
  show,
  success: (message: ReactNode, options?: ShortcutOptions) => show({ ...options, message, status: 'success' }),
  info: (message: ReactNode, options?: ShortcutOptions) => show({ ...options, message, status: 'info' }),
  warning: (message: ReactNode, options?: ShortcutOptions) => show({ ...options, message, status: 'warning' }),
  danger: (message: ReactNode, options?: ShortcutOptions) => show({ ...options, message, status: 'danger' }),
  dismiss,
  /** Removes every toast at once, without animation and without calling onClose. */
  clear(): void {
    for (const timer of removalTimers.values()) clearTimeout(timer);
    removalTimers.clear();
    toasts = [];
    emit();
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot(): readonly ToastRecord[] {
    return toasts;
  },
};
