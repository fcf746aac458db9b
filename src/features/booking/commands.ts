// Booking intents (see docs/rules.md#booking): book, drop in, join or leave the waitlist, cancel, late cancel, and
// answer an offered place. Each is checked on the device first (CommandRefused), then the class
// row and the visit change at once and the intent waits in the outbox, in ONE transaction.
//
// Temporary ids: a visit made on the device gets a unique negative id until the server answers.
// Actions on a visit store that id; when the creating entry succeeds, its onSuccess rewrites the
// entries queued behind it to the real id (args.visitId and their `visits:{id}` touch) in the
// same transaction, so at send time the id read back from Dexie is real. A negative id at send
// time means the creating entry was refused: the action is refused locally too (a notice says so),
// unless the refusal said the member already holds that visit on the server (booked on another
// device, or by a first copy of the same request): then the action is the member's wish about
// that visit (a cancel must not be lost), so it asks the server for the visit and acts on it.
//
// Rollback with later entries: every entry stores the rows it replaced (`before`). When an entry
// settles, the rows become the server's answer (success) or the entry's `before` (rejection), and
// the entries still queued for the same class are replayed over that base with the pure rules of
// src/domain/booking-optimistic — each gets the rebased rows as its new `before`, and an action that
// no longer applies (e.g. a cancel of a booking that was refused) changes nothing. The member
// always sees server truth plus the intents still waiting, never a stale guess.
//
// The service worker imports this module: no window or document here.
import { facilityScope } from '../../data/api/client';
import { bookSession, cancelVisit, confirmVisit, declineVisit, dropIn as postDropIn, getSession, joinWaitlist as postWaitlist, lateCancelVisit } from "./api";
import { type WriteOptions } from "../../data/api/account";
import { ApiError } from '../../data/api/errors';
import type { Visit } from '../../../core/contract/types';
import { LocalRefusal, type ErrorCode } from '../../../core/errors';
import { db, type OutboxEntry, type StoredSession, type StoredVisit } from '../../data/db';
import {
  applyBookingAction, bookingRefusal, createsVisit, heldDespiteRefusal, optimisticVisit, sessionOfVisit, type BookingAction, type RefusalReason,
} from '../../domain/booking-optimistic';
import { getAuthState } from '../../data/sync/auth-row';
import { commandTransaction, enqueue, registerOp, type OpContext } from '../../data/sync/outbox';
import { markBookingsStale, orgIdOf, pullBookings, pullSession } from './pull';
import { pullConcessions } from '../account/public-sync';
import { inTransaction, newTempId } from '../../data/transaction';
import { touchKey } from '../../data/sync/touches';

export type { BookingAction, RefusalReason } from '../../domain/booking-optimistic';

/** Why the device refused a booking action before queueing it; `reason` is a translation key suffix. */
export type CommandRefusedReason = RefusalReason | 'signed_out' | 'unknown_session';

// The booking blocks are named for the button they hide; the vocabulary names them as the server does.
const CODE_OF_REASON: Record<CommandRefusedReason, ErrorCode> = {
  booked: 'already_booked', pending: 'offer_pending', waitlisted: 'already_waitlisted', cancelled: 'class_cancelled',
  finished: 'class_finished', in_progress: 'class_started', closed: 'booking_closed', not_open: 'booking_not_open', full: 'class_full',
  no_dropin_space: 'no_dropin_space', waitlist_unavailable: 'waitlist_unavailable', not_cancelable: 'not_cancelable',
  not_removable: 'not_removable', not_pending: 'not_pending', offer_expired: 'offer_expired',
  late_cancel_required: 'late_cancel_required', late_cancel_not_needed: 'late_cancel_not_needed',
  signed_out: 'signed_out', unknown_session: 'unknown_session',
};

export class CommandRefused extends LocalRefusal {
  override name = 'CommandRefused';
  readonly reason: CommandRefusedReason;

  constructor(reason: CommandRefusedReason, message = `Refused: ${reason}`) {
    super(CODE_OF_REASON[reason], message);
    this.reason = reason;
  }
}

export const BOOKING_OPS: Record<BookingAction, string> = {
  book: 'booking.book',
  dropin: 'booking.dropin',
  waitlist: 'booking.waitlist',
  cancel: 'booking.cancel',
  latecancel: 'booking.latecancel',
  remove: 'booking.remove',
  confirm: 'booking.confirm',
  decline: 'booking.decline',
};

const ACTION_OF_OP = new Map(Object.entries(BOOKING_OPS).map(([action, op]) => [op, action as BookingAction]));

export function isBookingOp(op: string): boolean {
  return ACTION_OF_OP.has(op);
}

/** The class row and the member's visit row, as one action found or left them. */
export interface BookingRows {
  session: StoredSession;
  visit: StoredVisit | null;
}

export interface BookingArgs {
  action: BookingAction;
  sessionId: number;
  /** The class's facility: the write is sent in its scope, whatever is selected at replay. */
  facilityGuid: string;
  /** The visit this action creates (temporary, negative) or acts on (may be temporary until resolved). */
  visitId: number;
  /** When the member acted (ISO); stamps the optimistic visit. */
  at: string;
  /** The rows before this action, to undo it exactly. */
  before: BookingRows;
  /**
   * The entry that made `visitId` (temporary) was refused because the member already holds that
   * visit on the server, in this state: this action acts on the server's visit instead.
   */
  held?: 'booked' | 'waitlisted';
}

let clock: () => Date = () => new Date();

/** Tests pin the time the local rules are checked at. */
export function configureBookingClock(now: () => Date): void {
  clock = now;
}

export function storedVisit(visit: Visit): StoredVisit {
  return { ...visit, session_id: visit.session.id };
}

/** Rows after `args` acted on `rows`; unchanged when the action does not apply to them. */
function applyArgs(args: BookingArgs, rows: BookingRows): BookingRows {
  const session = applyBookingAction(rows.session, args.action, { visitId: args.visitId, now: new Date(args.at) });
  if (!session) return rows;
  const previous = createsVisit(args.action) ? null : rows.visit;
  const visit = optimisticVisit(previous, session, args.at);
  return { session, visit: visit ? storedVisit(visit) : null };
}

async function writeRows(rows: BookingRows, drop: Iterable<number>): Promise<void> {
  await db.sessions.put(rows.session);
  if (rows.visit) await db.visits.put(rows.visit);
  const keep = rows.visit?.id;
  const stale = [...drop].filter((id) => id !== keep);
  if (stale.length > 0) await db.visits.bulkDelete(stale);
}

/** The args of `action` on a class row, with its optimistic rows written (inside a command transaction). */
async function writeOptimistic(action: BookingAction, session: StoredSession, now: Date): Promise<BookingArgs> {
  const visitId = createsVisit(action) ? newTempId() : session.visit!.id;
  const beforeVisit = session.visit ? ((await db.visits.get(session.visit.id)) ?? null) : null;
  const args: BookingArgs = {
    action,
    sessionId: session.id,
    facilityGuid: session.facility_guid,
    visitId,
    at: now.toISOString(),
    before: { session, visit: beforeVisit },
  };
  await inTransaction(writeRows(applyArgs(args, args.before), []));
  return args;
}

async function act(action: BookingAction, sessionId: number): Promise<void> {
  const now = clock();
  await commandTransaction([db.sessions, db.visits], async () => {
    const auth = await inTransaction(getAuthState());
    if (auth.status !== 'authenticated') throw new CommandRefused('signed_out');
    const session = await db.sessions.get(sessionId);
    if (!session) throw new CommandRefused('unknown_session');
    const reason = bookingRefusal(action, session, now);
    if (reason) throw new CommandRefused(reason);
    const args = await writeOptimistic(action, session, now);
    await inTransaction(enqueue(BOOKING_OPS[action], args, bookingTouches(args)));
  });
}

/** The rows a booking's entry changed optimistically: its class and its visit. */
export function bookingTouches(args: Pick<BookingArgs, 'sessionId' | 'visitId'>): string[] {
  return [touchKey('sessions', args.sessionId), touchKey('visits', args.visitId)];
}

/**
 * Another op's booking of a class, shown at once like a booking (the weekly booking's first week):
 * inside the caller's command transaction, the class row and a temporary visit change, and the args
 * to settle them by come back (null when the local rules refuse it: nothing changed). The caller's
 * entry touches bookingTouches(args) and settles with settleOtherBooking / undoOtherBooking.
 */
export async function bookWithin(action: 'book' | 'waitlist', session: StoredSession, now: Date): Promise<BookingArgs | null> {
  if (bookingRefusal(action, session, now)) return null;
  return writeOptimistic(action, session, now);
}

/**
 * The server's class and visit (`base`) for a booking another op made: they replace the guess
 * `booked` wrote (null: nothing was guessed), a temporary visit id becomes the real one in the
 * entries queued behind, and those are laid over the answer, as booking's own success does.
 */
export function settleOtherBooking(booked: BookingArgs | null, base: BookingRows, context: OpContext): Promise<void> {
  const temp = booked && booked.visitId < 0 && booked.visitId !== base.visit?.id ? booked.visitId : null;
  const resolved = temp !== null && base.visit ? { temp, real: base.visit.id } : undefined;
  const args = booked ?? ({ sessionId: base.session.id, visitId: 0 } as BookingArgs);
  return inTransaction(settle(args, base, context, temp === null ? [] : [temp], resolved));
}

/** Another op's booking was refused: its class and visit go back, as booking's own refusal does. */
export function undoOtherBooking(booked: BookingArgs, context: OpContext): Promise<void> {
  return inTransaction(
    (async () => {
      await inTransaction(settle(booked, booked.before, context, booked.before.visit?.id === booked.visitId ? [] : [booked.visitId]));
      await inTransaction(markBookingsStale(booked.facilityGuid, booked.sessionId));
    })(),
  );
}

/** Book a place (see docs/rules.md#booking). */
export function book(sessionId: number): Promise<void> {
  return act('book', sessionId);
}

/** Drop in: bookable and a drop-in space left. */
export function dropIn(sessionId: number): Promise<void> {
  return act('dropin', sessionId);
}

export function joinWaitlist(sessionId: number): Promise<void> {
  return act('waitlist', sessionId);
}

/**
 * Cancel a booking before the cancellation deadline. Inside the late-cancel window this refuses
 * with `late_cancel_required`: the UI asks the member (the late-cancel prompt, docs/rules.md#booking) and calls lateCancel.
 */
export function cancelBooking(sessionId: number): Promise<void> {
  return act('cancel', sessionId);
}

/** Late cancel, after the member confirmed it counts against their membership or pass. */
export function lateCancel(sessionId: number): Promise<void> {
  return act('latecancel', sessionId);
}

export function removeFromWaitlist(sessionId: number): Promise<void> {
  return act('remove', sessionId);
}

export function confirmOffer(sessionId: number): Promise<void> {
  return act('confirm', sessionId);
}

export function declineOffer(sessionId: number): Promise<void> {
  return act('decline', sessionId);
}

function send(args: BookingArgs, idempotencyKey: string): Promise<Visit> {
  const options: WriteOptions = { idempotencyKey, scope: facilityScope(args.facilityGuid) };
  switch (args.action) {
    case 'book':
      return bookSession(args.sessionId, options);
    case 'dropin':
      return postDropIn(args.sessionId, options);
    case 'waitlist':
      return postWaitlist(args.sessionId, options);
    default:
      break;
  }
  return actOnVisit(args, idempotencyKey, options);
}

async function actOnVisit(args: BookingArgs, idempotencyKey: string, options: WriteOptions): Promise<Visit> {
  // Rewritten to the real id by the creating entry's onSuccess; still negative means it was refused.
  const visitId = args.visitId < 0 ? await heldVisit(args, idempotencyKey) : args.visitId;
  switch (args.action) {
    case 'cancel':
    case 'remove':
      return cancelVisit(visitId, options);
    case 'latecancel':
      return lateCancelVisit(visitId, options);
    case 'confirm':
      return confirmVisit(visitId, options);
    case 'decline':
      return declineVisit(visitId, options);
    default:
      throw new Error(`${args.action} creates a visit`);
  }
}

const notMade = () => new ApiError(409, { code: 'booking_not_made', message: 'This change was not sent: the booking it was for could not be made.' });

/**
 * The server's visit an action queued behind a refused one acts on, when the refusal said the
 * member already holds it (`held`): its id is written into the entry before the action is sent,
 * so a retry after a lost answer is the same request (the server replays it) rather than a
 * second look at a visit the action has changed. Anything else: the booking was never made.
 */
async function heldVisit(args: BookingArgs, idempotencyKey: string): Promise<number> {
  if (!args.held) throw notMade();
  const { visit } = await getSession(args.sessionId, { scope: facilityScope(args.facilityGuid) });
  if (visit?.state !== args.held) throw notMade();
  await db.transaction('rw', db.outbox, async () => {
    const entry = await db.outbox.where('id').equals(idempotencyKey).first();
    if (entry) await db.outbox.update(entry.seq!, resolvedEntry(entry as OutboxEntry & { args: BookingArgs }, { temp: args.visitId, real: visit.id }));
  });
  return visit.id;
}

/** An entry's args and touches with a temporary visit id made real. */
function resolvedEntry(entry: OutboxEntry & { args: BookingArgs }, resolved: { temp: number; real: number }): { args: Record<string, unknown>; touches: string[] } {
  if (entry.args.visitId !== resolved.temp) return { args: entry.args as unknown as Record<string, unknown>, touches: entry.touches };
  const { held: _held, ...args } = entry.args;
  return {
    args: { ...args, visitId: resolved.real } as unknown as Record<string, unknown>,
    touches: entry.touches.map((key) => (key === touchKey('visits', resolved.temp) ? touchKey('visits', resolved.real) : key)),
  };
}

function laterForSession(context: OpContext, sessionId: number): Promise<(OutboxEntry & { args: BookingArgs })[]> {
  return context.laterTouching(touchKey('sessions', sessionId)).then((entries) => entries.filter(
    (entry): entry is OutboxEntry & { args: BookingArgs } => isBookingOp(entry.op) && (entry.args as unknown as BookingArgs).sessionId === sessionId,
  ));
}

/**
 * Lay the entries still queued for this class over `base` (server answer or restored rows), give
 * each its rebased `before`, and write the result. `resolved` maps this entry's temporary visit id
 * to the server's; `held`, when this entry was refused, says the server already holds its visit.
 */
async function settle(args: BookingArgs, base: BookingRows, context: OpContext, drop: number[], resolved?: { temp: number; real: number }, held?: BookingArgs['held']): Promise<void> {
  let rows = base;
  for (const entry of await laterForSession(context, args.sessionId)) {
    const made = resolved ? resolvedEntry(entry, resolved) : { args: entry.args as unknown as Record<string, unknown>, touches: entry.touches };
    let next = made.args as unknown as BookingArgs;
    if (held && next.visitId === args.visitId) next = { ...next, held };
    next = { ...next, before: rows };
    await db.outbox.update(entry.seq!, { args: next as unknown as Record<string, unknown>, touches: made.touches });
    rows = applyArgs(next, rows);
  }
  await inTransaction(writeRows(rows, drop));
}

export function registerBookingOps(): void {
  for (const op of Object.values(BOOKING_OPS)) {
    registerOp<BookingArgs, Visit>(op, {
      send,
      // settle() rebases the entries queued for the class (and makes a temporary visit id real).
      rewritesLater: true,
      rewrites: (args) => [touchKey('sessions', args.sessionId)],
      onSuccess(visit, args, context) {
        const session = sessionOfVisit(visit);
        const base: BookingRows = { session, visit: storedVisit({ ...visit, session }) };
        const temp = args.visitId < 0 && args.visitId !== visit.id ? args.visitId : null;
        return inTransaction(settle(args, base, context, temp === null ? [] : [temp], temp === null ? undefined : { temp, real: visit.id }));
      },
      onRejected(args, error, context) {
        // The row this action created (a temporary visit) goes; everything else is restored.
        const drop = args.before.visit?.id === args.visitId ? [] : [args.visitId];
        // Refused because the member already holds that visit: what is queued behind it acts on it.
        const held = heldDespiteRefusal(args.action, error.code) ?? undefined;
        return inTransaction(
          (async () => {
            await inTransaction(settle(args, args.before, context, drop, undefined, held));
            // What the server refused says the local copy is out of date: refetch on the next refresh.
            await inTransaction(markBookingsStale(args.facilityGuid, args.sessionId));
          })(),
        );
      },
      async describe(args) {
        const session = await db.sessions.get(args.sessionId);
        return { action: `actions.${args.action}`, ...(session && { subject: { name: session.name, startsAt: session.start_date } }) };
      },
      async refresh(args) {
        await Promise.all([pullSession(args.sessionId, { force: true }), pullBookings(args.facilityGuid, { force: true })]);
      },
      async afterSuccess(visit, args) {
        // A place counted against a pass, or given back to one, changes what is left: fetch the passes again.
        if (visit.charge?.against !== 'pass' && args.before.visit?.charge?.against !== 'pass') return;
        await refreshPasses(args.facilityGuid);
      },
    });
  }
}

/** What is left of the member's passes changed (a place counted against one): fetch them again. */
export async function refreshPasses(facilityGuid: string): Promise<void> {
  const orgId = await orgIdOf(facilityGuid);
  if (orgId !== undefined) await pullConcessions(facilityGuid, orgId, { force: true });
}
