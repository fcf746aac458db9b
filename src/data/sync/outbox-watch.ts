// What the page watches of the outbox from its first paint: its events (a command committed, a flush
// settled, a replay answered unexpectedly) and how many writes wait. The queue (outbox.ts) and the
// replay (replay.ts) tell it; neither needs to load for a screen to listen.
import { db } from '../db';
import type { FlushResult } from './replay';

export interface OutboxListener {
  /** A transaction that enqueued something has committed. */
  committed?: () => void;
  /** A flush finished in this context. */
  settled?: (result: FlushResult) => void;
  /**
   * A replay was answered in a way the app does not expect (unexpectedReplayAnswer): an error
   * report is made of it. The entry itself is retried as ever.
   */
  replayFailed?: (error: unknown, op: string) => void;
}

const listeners = new Set<OutboxListener>();

export function subscribeOutbox(listener: OutboxListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The queue (outbox.ts) tells the listeners. */
export function emitCommitted(): void {
  for (const listener of listeners) safely(() => listener.committed?.());
}

/** The replay (replay.ts) tells the listeners. */
export function emitReplayFailed(error: unknown, op: string): void {
  for (const listener of listeners) safely(() => listener.replayFailed?.(error, op));
}

/** The replay (replay.ts) tells the listeners. */
export function emitSettled(result: FlushResult): void {
  for (const listener of listeners) safely(() => listener.settled?.(result));
}

function safely(fn: () => void): void {
  try {
    fn();
  } catch {
    // A failing listener must not break the queue.
  }
}

/** Writes waiting to be sent (the sign-out asks first when there are). */
export async function pendingCount(): Promise<number> {
  return db.outbox.count();
}
