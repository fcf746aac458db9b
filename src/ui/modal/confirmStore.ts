import type { ReactNode } from 'react';

export interface ConfirmOptions {
  title: string;
  body: ReactNode;
  /** Defaults to common.ok. */
  confirmLabel?: string;
  /** Defaults to common.cancel. */
  cancelLabel?: string;
  /** Style the confirm button as destructive. */
  danger?: boolean;
}

export interface ConfirmRequest extends ConfirmOptions {
  id: number;
  answered: boolean;
}

type Listener = () => void;

// Requests are shown one at a time by <ConfirmHost/>, oldest first.
let queue: readonly ConfirmRequest[] = [];
const resolvers = new Map<number, (value: boolean) => void>();
const listeners = new Set<Listener>();
let nextId = 1;

function emit() {
  for (const l of listeners) l();
}

export const confirmStore = {
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot(): readonly ConfirmRequest[] {
    return queue;
  },
  /** Resolve a request; it stays in the queue until its dialog has finished closing. */
  answer(id: number, value: boolean): void {
    const resolve = resolvers.get(id);
    if (!resolve) return;
    resolvers.delete(id);
    queue = queue.map((r) => (r.id === id ? { ...r, answered: true } : r));
    emit();
    resolve(value);
  },
  remove(id: number): void {
    queue = queue.filter((r) => r.id !== id);
    emit();
  },
  /** Answers every pending request with false (e.g. on logout). */
  cancelAll(): void {
    for (const r of queue) if (!r.answered) confirmStore.answer(r.id, false);
  },
};

/** Asks the user; resolves true on confirm, false on cancel, Escape or close. */
export function confirm(options: ConfirmOptions): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const id = nextId++;
    resolvers.set(id, resolve);
    queue = [...queue, { ...options, id, answered: false }];
    emit();
  });
}
