// The outbox's replay (DESIGN "Data layer rules" 1–4, 7, 8): one flusher at a time across tabs
// and the service worker replays the queued intents FIFO with Idempotency-Key = entry id, writes
// each answer (or undoes a refusal and says why) and backs off when the network fails. Loaded after
// the first screen (app/boot.ts); the queue itself is outbox.ts.
import type { Table } from 'dexie';
import { backoffDelay, classifyError } from '../../domain/outbox';
import { ApiError, ContractError, NetworkError } from '../api/errors';
import { db, memberTableObjects, type OutboxEntry } from '../db';
import { getAuthState } from './auth-row';
import { getStatus, isQuotaError, patchStatus, recountPending, reportStorageFull, storageRecovered } from './status';
import { queuedTouching, stampConfirmed } from './touches';
import { withWebLock } from './lock';
import { opHandler, outboxClock, OUTBOX_SCHEMA_VERSION, type OpContext, type OpHandler } from './outbox';
import { loadHandlers } from './handlers-loader';
import { emitReplayFailed, emitSettled } from './outbox-watch';

export type FlushOutcome = 'idle' | 'retry' | 'blocked' | 'signed-out' | 'backoff' | 'stalled';

export interface FlushResult {
  outcome: FlushOutcome;
  sent: number;
  rejected: number;
  /** When the next attempt is due (retry/backoff); the triggers set a timer for it. */
  nextAttemptAt: number | null;
}

export interface FlushOptions {
  /** Retry now even if a backoff is running (app start, back online, background sync). */
  ignoreBackoff?: boolean;
}

/**
 * What a replay's failure says about the app or the server rather than the network or the member:
 * a 5xx the server did not announce (a 503 with Retry-After is planned), or an answer that does
 * not match the contract. Refusals (4xx) are the member's and are shown to them as notices.
 */
export function unexpectedReplayAnswer(error: unknown): boolean {
  if (error instanceof ContractError) return true;
  return error instanceof ApiError && error.status >= 500 && !(error.status === 503 && error.retryAfterMs !== undefined);
}

/** What settling an entry writes: the handler's tables, the outbox, the status row, the confirmations and notices. */
function settleTables(handler: OpHandler): Table[] {
  if (!handler.tables) return [...memberTableObjects(), db.meta];
  const names = new Set<string>([...handler.tables, 'outbox', 'confirmations', 'notices', 'pulls']);
  return [...[...names].map((name) => db.table(name)), db.meta];
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}

let running: Promise<FlushResult> | null = null;
let queued: { promise: Promise<FlushResult>; options: FlushOptions } | null = null;

/**
 * Replay the queue. One flusher at a time across tabs and the SW (Web Locks); within one context
 * overlapping calls share the running flush plus at most one follow-up, so an entry enqueued
 * during a flush is still sent.
 */
export function flushOutbox(options: FlushOptions = {}): Promise<FlushResult> {
  if (!running) return startFlush(options);
  if (queued) {
    queued.options.ignoreBackoff ||= options.ignoreBackoff;
    return queued.promise;
  }
  const followUp: FlushOptions = { ...options };
  const promise = running.catch(() => undefined).then(() => {
    queued = null;
    return startFlush(followUp);
  });
  queued = { promise, options: followUp };
  return promise;
}

function startFlush(options: FlushOptions): Promise<FlushResult> {
  const promise = withLock(() => drain(options))
    .catch(async (error: unknown): Promise<FlushResult> => {
      // Even the bookkeeping could not be written: the entries stay queued for a later flush.
      if (!isQuotaError(error)) throw error;
      await reportStorageFull();
      return { outcome: 'retry', sent: 0, rejected: 0, nextAttemptAt: null };
    })
    .then((result) => {
      emitSettled(result);
      return result;
    })
    .finally(() => {
      if (running === promise) running = null;
    });
  running = promise;
  return promise;
}

// No Web Locks (node tests, old browsers): the in-process running/queued chain serialises.
const withLock = <T>(fn: () => Promise<T>): Promise<T> => withWebLock('outbox', fn);

/** Entries read (and marked 'sending') at once: one transaction for many sends. */
export const REPLAY_BATCH = 50;

/** Successes written together, in queue order, in one transaction (a replay writes far less often). */
export const WRITE_GROUP = 10;

/** An entry the server has answered, its success not yet written on the device. */
interface Answered {
  entry: OutboxEntry;
  handler: OpHandler;
  answer: unknown;
}

/** Successes whose local write is still running while the next entries are on the network. */
interface Settling {
  first: OutboxEntry;
  written: Promise<{ written: number; vanished: boolean }>;
}

async function drain(options: FlushOptions): Promise<FlushResult> {
  const result: FlushResult = { outcome: 'idle', sent: 0, rejected: 0, nextAttemptAt: null };
  // We hold the lock, so nobody is sending: a 'sending' entry was left by a flusher that died.
  await releaseSending();

  const auth = await getAuthState();
  if (auth.status !== 'authenticated') return { ...result, outcome: 'signed-out' };
  const status = await getStatus();
  if (status.blocked) return { ...result, outcome: 'blocked' };
  if (!options.ignoreBackoff && status.nextAttemptAt !== null && status.nextAttemptAt > outboxClock().now()) {
    return { ...result, outcome: 'backoff', nextAttemptAt: status.nextAttemptAt };
  }
  let batch: OutboxEntry[] = [];
  let answered: Answered[] = [];
  let settling: Settling | null = null;
  type Stop = Pick<FlushResult, 'outcome' | 'nextAttemptAt'> | null;
  /** Waits for the successes being written; a stop when they could not be (the flush ends). */
  const settle = async (): Promise<Stop> => {
    if (!settling) return null;
    const { first, written } = settling;
    settling = null;
    try {
      const done = await written;
      result.sent += done.written;
      // An entry vanished (a sign-out wiped the device): what was read with it is gone too.
      if (done.vanished) batch = [];
      return null;
    } catch (error) {
      // The server applied them but the local write failed; a replay with the same keys is harmless.
      if (isQuotaError(error)) await reportStorageFull();
      return retryLater(first, error);
    }
  };
  /** Starts writing the answered successes, once the group before them is written. */
  const writeAnswered = async (): Promise<Stop> => {
    const stopped = await settle();
    if (stopped || answered.length === 0) return stopped;
    const group = answered;
    answered = [];
    settling = { first: group[0]!.entry, written: succeedEntries(group) };
    return null;
  };
  /** Everything answered so far is written (before a refusal, a stop or the next read). */
  const writeAll = async (): Promise<Stop> => (await writeAnswered()) ?? settle();
  try {
    for (;;) {
      if (batch.length === 0) {
        const stopped = await writeAll();
        if (stopped) return { ...result, ...stopped };
        batch = await takeBatch();
      }
      const entry = batch.shift();
      if (!entry || entry.seq === undefined) {
        await recountPending({ nextAttemptAt: null, ...(result.sent > 0 && { lastError: null, lastSyncedAt: outboxClock().now(), online: true }) });
        if (result.sent > 0) await storageRecovered();
        return result;
      }
      const handler = opHandler(entry.op);
      if (!handler || entry.schemaVersion > OUTBOX_SCHEMA_VERSION) {
        const stopped = await writeAll();
        if (stopped) return { ...result, ...stopped };
        if (!handler) {
          // The page's handlers load with the first entry that needs them: read it again then.
          let loaded: boolean;
          try {
            loaded = await loadHandlers();
          } catch (error) {
            return { ...result, ...(await retryLater(entry, error)) };
          }
          if (loaded) {
            batch = [];
            continue;
          }
        }
        // FIFO: later entries may depend on this one, so the queue waits for an app that knows it.
        const message = `Cannot send "${entry.op}" (schema ${entry.schemaVersion}): this version of the app does not know it`;
        await db.transaction('rw', db.outbox, db.meta, async () => {
          await db.outbox.update(entry.seq!, { status: 'pending', lastError: message });
          await recountPending({ lastError: message, nextAttemptAt: null });
        });
        return { ...result, outcome: 'stalled' };
      }

      // Earlier successes are being written while this entry is on the network.
      let answer: unknown;
      try {
        answer = await handler.send(entry.args, entry.id);
      } catch (error) {
        if (unexpectedReplayAnswer(error)) emitReplayFailed(error, entry.op);
        const stopped = await writeAll();
        if (stopped) return { ...result, ...stopped };
        const outcome = classifyError(error);
        if (outcome === 'reject' && error instanceof ApiError) {
          await rejectEntry(entry, handler, error);
          result.rejected += 1;
          // The undo may have changed or dropped entries behind it: read them again.
          batch = [];
          continue;
        }
        if (outcome === 'auth') {
          await db.transaction('rw', db.outbox, db.meta, async () => {
            await db.outbox.update(entry.seq!, { status: 'pending', lastError: describe(error) });
            await recountPending({ blocked: 'auth', nextAttemptAt: null, online: true });
          });
          return { ...result, outcome: 'blocked' };
        }
        return { ...result, ...(await retryLater(entry, error)) };
      }
      // Successes are written in queue order, a group at a time; one that rewrites the entries
      // behind it is written before they are read again.
      answered.push({ entry, handler, answer });
      const rewrites = rewritesBatch(handler, entry, batch);
      if (answered.length >= WRITE_GROUP || rewrites || batch.length === 0) {
        const stopped = await writeAnswered();
        if (stopped) return { ...result, ...stopped };
        if (rewrites) batch = [];
      }
    }
  } finally {
    // Entries read but not sent go back to 'pending', so commands may merge into them again.
    await releaseSending().catch(() => undefined);
  }
}

/** Entries marked 'sending' that nobody is sending any more become 'pending' again. */
function releaseSending(): Promise<number> {
  return db.outbox.where('status').equals('sending').modify({ status: 'pending' });
}

/**
 * The next entries, marked 'sending' in the same transaction that reads them (up to the first one
 * this app does not know, included unmarked): a command that merges into a queued entry sees
 * either 'pending' args that are yet to be read, or 'sending' and queues a follow-up instead.
 */
function takeBatch(): Promise<OutboxEntry[]> {
  return db.transaction('rw', db.outbox, async () => {
    const entries = await db.outbox.orderBy('seq').limit(REPLAY_BATCH).toArray();
    const unknown = entries.findIndex((entry) => !opHandler(entry.op) || entry.schemaVersion > OUTBOX_SCHEMA_VERSION);
    const batch = unknown === -1 ? entries : entries.slice(0, unknown + 1);
    const sendable = unknown === -1 ? batch : batch.slice(0, -1);
    if (sendable.length > 0) await db.outbox.bulkPut(sendable.map((entry) => ({ ...entry, status: 'sending' as const })));
    return batch.map((entry, i) => (i < sendable.length ? { ...entry, status: 'sending' as const } : entry));
  });
}

async function retryLater(entry: OutboxEntry, error: unknown): Promise<Pick<FlushResult, 'outcome' | 'nextAttemptAt'>> {
  const attempts = entry.attempts + 1;
  const retryAfterMs = error instanceof ApiError ? error.retryAfterMs : undefined;
  const nextAttemptAt = outboxClock().now() + backoffDelay(attempts, { ...outboxClock().backoff, retryAfterMs, random: outboxClock().random });
  const message = describe(error);
  const offline = error instanceof NetworkError && (error.kind === 'offline' || error.kind === 'failed');
  await db.transaction('rw', db.outbox, db.meta, async () => {
    if (await db.outbox.get(entry.seq!)) await db.outbox.update(entry.seq!, { status: 'pending', attempts, lastError: message });
    await recountPending({ nextAttemptAt, lastError: message, online: !offline });
  });
  return { outcome: 'retry', nextAttemptAt };
}

/**
 * Whether this success may rewrite an entry of the batch already read: all of them may, for a
 * handler that does not say which rows it rewrites by (OpHandler.rewrites).
 */
function rewritesBatch(handler: OpHandler, entry: OutboxEntry, batch: readonly OutboxEntry[]): boolean {
  if (!handler.rewritesLater) return false;
  const keys = rewriteKeys(handler, entry.args);
  return keys === null || batch.some((later) => later.touches.some((key) => keys.has(key)));
}

/** The rows a rewriting handler named for these args; null when it names none (or rewrites nothing). */
function rewriteKeys(handler: OpHandler, args: Record<string, unknown>): ReadonlySet<string> | null {
  return handler.rewritesLater && handler.rewrites ? new Set(handler.rewrites(args)) : null;
}

/**
 * The entries behind `seq` that touch a row, FIFO, for a handler settling that entry. A success
 * whose handler names the rows it rewrites by (`allowed`) is held to them: the batch was kept on
 * that word. A refusal reads the batch again anyway.
 */
function laterThan(seq: number, allowed: ReadonlySet<string> | null = null): OpContext {
  return {
    laterTouching: (key) => {
      if (allowed && !allowed.has(key)) return Promise.reject(new Error(`laterTouching("${key}"): not among the rows this op rewrites by`));
      return queuedTouching(key).then((entries) => entries.filter((entry) => entry.seq! > seq));
    },
  };
}

const RECOUNT_EVERY_MS = 250;
let lastRecountAt = 0;

/**
 * Writes answered successes in one transaction, in queue order; an entry that vanished meanwhile
 * (a sign-out wiped the device) is skipped: its answer belongs to nobody here now.
 */
async function succeedEntries(group: Answered[]): Promise<{ written: number; vanished: boolean }> {
  const tables = new Map<string, Table>();
  for (const { handler } of group) for (const table of settleTables(handler)) tables.set(table.name, table);
  const followUps: (() => Promise<unknown>)[] = [];
  const done = await db.transaction('rw', [...tables.values()], async () => {
    let written = 0;
    let vanished = false;
    for (const { entry, handler, answer } of group) {
      const current = await db.outbox.get(entry.seq!);
      if (current?.id !== entry.id) {
        vanished = true;
        continue;
      }
      await db.outbox.delete(entry.seq!);
      await handler.onSuccess?.(answer, entry.args, laterThan(entry.seq!, rewriteKeys(handler, entry.args)));
      const { afterSuccess } = handler;
      if (afterSuccess) followUps.push(() => afterSuccess(answer, entry.args));
      // A pull answered before this write must not put the rows back as they were.
      await stampConfirmed(current.touches);
      written += 1;
    }
    // The "waiting to sync" count follows a long replay a few times a second, not after every
    // write (each recount re-renders what shows it); the end of the flush recounts anyway.
    if (written > 0 && outboxClock().now() - lastRecountAt >= RECOUNT_EVERY_MS) {
      lastRecountAt = outboxClock().now();
      await recountPending({ online: true });
    }
    return { written, vanished };
  });
  for (const followUp of followUps) void followUp().catch(() => undefined);
  return done;
}

async function rejectEntry(entry: OutboxEntry, handler: OpHandler, error: ApiError): Promise<void> {
  const message = error.body.message || error.message;
  const drop = async (undo: boolean) => {
    const current = await db.outbox.get(entry.seq!);
    if (current?.id !== entry.id) return;
    await db.outbox.delete(entry.seq!);
    const refused = await handler.describe?.(entry.args);
    if (undo) await handler.onRejected?.(entry.args, error, laterThan(entry.seq!));
    // Nothing is silently discarded: the member sees why the write did not happen, in their language.
    const params = error.body.params;
    await db.notices.add({ op: entry.op, message, code: error.code, ...(params && { params }), ...(refused && { refused }), createdAt: outboxClock().now() });
    await recountPending({ lastError: message, online: true });
  };
  try {
    await db.transaction('rw', settleTables(handler), () => drop(true));
  } catch {
    // The undo itself failed: still drop the entry and tell the member, and mark every pull
    // stale so the next refresh replaces whatever optimistic state is left.
    await db.transaction('rw', [...memberTableObjects(), db.meta], async () => {
      await drop(false);
      await db.pulls.clear();
    });
  }
  // The refusal says the device's copy is out of date (e.g. the class was cancelled): fetch it now,
  // so the member does not see Book on a cancelled class until the next refresh. Best effort.
  try {
    await handler.refresh?.(entry.args);
  } catch {
    // Offline or refused again: the stale marks make the next refresh fetch it.
  }
}

/**
 * For the service worker's 'sync' event: rejects while writes still wait for a retry, which is
 * what makes the browser schedule another sync later.
 */
export async function flushForSyncEvent(): Promise<FlushResult> {
  const result = await flushOutbox({ ignoreBackoff: true });
  if (result.outcome === 'retry') throw new RetryLaterError('The outbox could not be sent yet; retry later');
  return result;
}

/** A 'sync' event's work asking the browser for another sync: part of the protocol, not a failure. */
export class RetryLaterError extends Error {
  override readonly name = 'RetryLaterError';
}

/** After signing in again as the same member: unblock the queue and send what waited. */
export async function resumeAfterSignIn(): Promise<FlushResult> {
  await patchStatus({ blocked: null, nextAttemptAt: null });
  return flushOutbox({ ignoreBackoff: true });
}
