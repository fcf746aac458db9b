// The outbox (DESIGN "Data layer rules" 1–4, 7, 8): commands queue intents here, in the
// transaction of their optimistic write; replay.ts sends them; outbox-watch.ts says what happened.
// The queue loads with the first command's code, the replay after the first screen with the sync
// triggers (app/boot.ts); only the watch is part of the first paint. The service worker imports all
// three, so they use globalThis and feature detection only — no window or document.
import Dexie, { type Table, type Transaction } from 'dexie';
import type { BackoffOptions } from '../../domain/outbox';
import type { ApiError } from '../api/errors';
import { db, type MemberTable, type OutboxEntry, type RefusedWhat } from '../db';
import { recountPending, reportingQuota } from './status';
import { now } from '../clock';
import { isPending, pendingKeys } from './touches';
import { emitCommitted, subscribeOutbox } from './outbox-watch';

/** Bumped when the shape of queued args changes; an app that meets a newer entry leaves it queued. */
export const OUTBOX_SCHEMA_VERSION = 1;

export interface OpContext {
  /**
   * Entries still queued behind this one that touch this row key, FIFO, e.g. to keep their
   * optimistic changes visible. Read off the touches index, never the whole queue.
   */
  laterTouching(key: string): Promise<OutboxEntry[]>;
}

export interface OpHandler<Args = Record<string, unknown>, Result = unknown> {
  send(args: Args, idempotencyKey: string): Promise<Result>;
  /** Runs inside a rw transaction over the member tables: replace the optimistic row with the answer. */
  onSuccess?(result: Result, args: Args, context: OpContext): Promise<void>;
  /** Runs inside a rw transaction over the member tables: undo the optimistic row. */
  onRejected?(args: Args, error: ApiError, context: OpContext): Promise<void>;
  /** Runs inside that transaction before the undo: what was refused, named in the notice. */
  describe?(args: Args): Promise<RefusedWhat | undefined>;
  /** After a refusal is rolled back: fetch what the entry touched, so the screen shows the server's truth. */
  refresh?(args: Args): Promise<unknown>;
  /**
   * After a success is written (outside its transaction, not awaited): fetch what the write changed
   * beyond the rows its answer carries (a booking uses a pass visit). Best effort.
   */
  afterSuccess?(result: Result, args: Args): Promise<unknown>;
  /**
   * onSuccess may change entries queued behind this one (a temporary id made real, a rebased
   * undo): the entry after it is then read again once its success is written, not sent from
   * the batch read before.
   */
  rewritesLater?: boolean;
  /**
   * With rewritesLater: the only row keys whose queued entries onSuccess reads and rewrites
   * (context.laterTouching is refused any other). The batch already read is then kept, and the
   * next entry sent while this success is written, unless an entry in it touches one of them: a
   * run of workouts logged offline, each with its own temporary id, is sent one after another
   * instead of each waiting for the one before to be written and the queue to be read again.
   */
  rewrites?(args: Args): readonly string[];
  /**
   * The member tables onSuccess and onRejected write; their transaction then spans only these
   * (and the outbox's own bookkeeping), so reads of other tables go on meanwhile. All by default.
   */
  tables?: readonly MemberTable[];
}

const handlers = new Map<string, OpHandler>();

export function registerOp<Args extends object, Result>(op: string, handler: OpHandler<Args, Result>): void {
  handlers.set(op, handler as unknown as OpHandler);
}

export function hasOp(op: string): boolean {
  return handlers.has(op);
}

/** The handler of an op, for the replay (replay.ts). */
export function opHandler(op: string): OpHandler | undefined {
  return handlers.get(op);
}

interface OutboxClock {
  now: () => number;
  random: () => number;
  backoff: Pick<BackoffOptions, 'baseMs' | 'capMs'>;
}

let clock: OutboxClock = { now: () => now(), random: Math.random, backoff: {} };

/** Time, jitter and backoff as configured, for the replay (replay.ts). */
export function outboxClock(): OutboxClock {
  return clock;
}

/** Tests pin time and jitter here. */
export function configureOutbox(options: Partial<Omit<OutboxClock, 'backoff'>> & Pick<BackoffOptions, 'baseMs' | 'capMs'>): void {
  const { baseMs, capMs, ...rest } = options;
  clock = { ...clock, ...rest, backoff: { ...clock.backoff, ...(baseMs !== undefined && { baseMs }), ...(capMs !== undefined && { capMs }) } };
}

/**
 * Resolves once no queued write touches this row (at once when none does), or after `capMs`: a
 * pull made then is not held back by the member's own write, nor undone by its answer.
 */
export async function whenNoneQueuedFor(key: string, capMs = 60_000): Promise<void> {
  if (!(await isPending(key))) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(cap);
      unsubscribe();
      resolve();
    };
    const cap = setTimeout(done, capMs);
    const unsubscribe = subscribeOutbox({ settled: () => void isPending(key).then((pending) => pending || done(), done) });
  });
}





function rootOf(tx: Transaction): Transaction {
  let root = tx;
  while (root.parent) root = root.parent;
  return root;
}

const hookedTransactions = new WeakSet<Transaction>();

/** randomUUID exists only in secure contexts; a page served over plain http on a LAN still works. */
export function newEntryId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Queue an intent. Must run inside the caller's rw transaction that includes db.outbox, so the
 * optimistic write and the entry commit together or not at all (rule 1).
 */
export async function enqueue(op: string, args: object, touches: string[] = []): Promise<OutboxEntry> {
  const tx = Dexie.currentTransaction as Transaction | null;
  if (!tx || tx.mode !== 'readwrite' || !tx.storeNames.includes('outbox')) {
    throw new Error(`enqueue('${op}') must run inside a rw transaction that includes db.outbox (use commandTransaction)`);
  }
  const entry: OutboxEntry = {
    id: newEntryId(),
    op,
    args: args as Record<string, unknown>,
    createdAt: clock.now(),
    attempts: 0,
    status: 'pending',
    schemaVersion: OUTBOX_SCHEMA_VERSION,
    touches,
  };
  entry.seq = await db.outbox.add(entry);
  const root = rootOf(tx);
  if (tx.storeNames.includes('meta')) await recountPending();
  if (!hookedTransactions.has(root)) {
    hookedTransactions.add(root);
    const needsRecount = !tx.storeNames.includes('meta');
    root.on('complete', () => {
      if (needsRecount) recountPending().catch(() => undefined);
      emitCommitted();
    });
  }
  return entry;
}

/** A command's transaction: its tables plus the outbox and the status row; a flush follows the commit. */
export function commandTransaction<T>(tables: Table[], fn: () => Promise<T>): Promise<T> {
  // A full disk fails the command (the caller says so) and shows in the sync status.
  return reportingQuota(() => db.transaction('rw', [...tables, db.outbox, db.meta], fn));
}

/** Rows that queued writes changed optimistically; a pull must not overwrite them (rule 5). */
export function pendingTouches(): Promise<Set<string>> {
  return pendingKeys();
}

