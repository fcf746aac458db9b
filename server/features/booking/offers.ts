import type { Kysely } from 'kysely';
import type { Visit } from '../../../core/contract/types';
import type { Database } from '../../db/schema';
import { jobLock, lockForDecision } from '../../db/index';
import type { Notifier } from '../notifications/service';
import { removeOfferNotifications } from '../notifications/store';
import { freePlaces, type VisitCounts } from '../../../core/rules/capacity';
import { canOffer, offerExpiry, offersToMake, waitlistOrder } from '../../../core/rules/waitlist';
import { presentVisits, visitCounts } from './present';
import { logger, type Logger } from '../../observability/log';

// Waitlist offers in the database. These functions run inside the caller's transaction (they
// take `trx`) and only COLLECT the ids of visits they offered places to; the caller announces
// them on the OfferBus after the transaction committed, so nobody is told about an offer that
// was rolled back.

type Db = Kysely<Database>;

export interface OfferEvent {
  /** The pending visit, as its member sees it. */
  visit: Visit;
  profileId: number;
  /** The member's short id in the class's organisation: the realtime channel is /n/{short_id}. */
  memberShortId: string | null;
}

/** May return a promise: announce() waits for it, so the listener's writes land before the answer. */
export type OfferListener = (event: OfferEvent) => unknown;

/** Tells listeners (e.g. a later notification feature) that a place was offered. */
export class OfferBus {
  readonly #listeners = new Set<OfferListener>();

  on(listener: OfferListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Loads the offered visits (after commit) and calls every listener; listener errors are logged, never thrown. */
  async announce(db: Db, visitIds: readonly number[]): Promise<void> {
    if (visitIds.length === 0 || this.#listeners.size === 0) return;
    const rows = await db.selectFrom('visits').selectAll().where('id', 'in', [...visitIds]).execute();
    for (const row of rows) {
      if (row.state !== 'pending') continue;
      const [visit] = await presentVisits(db, [row], row.profile_id);
      if (!visit) continue;
      const account = await db
        .selectFrom('accounts')
        .innerJoin('facilities', 'facilities.org_id', 'accounts.org_id')
        .select('accounts.short_id')
        .where('accounts.profile_id', '=', row.profile_id)
        .where('facilities.guid', '=', visit.session.facility_guid)
        .executeTakeFirst();
      const event: OfferEvent = { visit, profileId: row.profile_id, memberShortId: account?.short_id ?? null };
      for (const listener of this.#listeners) {
        try {
          await listener(event);
        } catch (error) {
          logger.error({ err: error, component: 'offers' }, 'offer listener failed');
        }
      }
    }
  }
}

/**
 * Offers the free places of a class to the waitlist, first come first served, while the class
 * has not started and is not cancelled. Call after anything that frees a place.
 */
export async function offerFreePlaces(trx: Db, sessionId: number, now: Date, offered: number[]): Promise<void> {
  const session = await trx.selectFrom('sessions').select(['id', 'start_at', 'cancelled', 'capacity']).where('id', '=', sessionId).executeTakeFirst();
  if (!session || !canOffer(session, now)) return;
  const counts: VisitCounts | undefined = (await visitCounts(trx, [sessionId])).get(sessionId);
  const free = counts ? freePlaces(session.capacity, counts) : 0;
  if (free === 0) return;
  const waitlisted = await trx.selectFrom('visits').select(['id', 'created_at']).where('session_id', '=', sessionId).where('state', '=', 'waitlisted').execute();
  const expires = offerExpiry(now, session.start_at).toISOString();
  const at = now.toISOString();
  for (const next of waitlistOrder(waitlisted).slice(0, offersToMake(free, waitlisted.length, session, now))) {
    await trx.updateTable('visits').set({ state: 'pending', offer_expires_at: expires, updated_at: at }).where('id', '=', next.id).where('state', '=', 'waitlisted').execute();
    offered.push(next.id);
  }
}

/** The sweep for lapsed offers also runs on this timer in a running server. */
export const OFFER_SWEEP_INTERVAL_MS = 60 * 1000;

/** Cancels every offer that lapsed (marked offer_expired) and passes each place to the next in line. */
export async function expireOffers(trx: Db, now: Date, offered: number[]): Promise<number> {
  const at = now.toISOString();
  const lapsedOffers = () => trx.selectFrom('visits').select(['id', 'session_id']).where('state', '=', 'pending').where('offer_expires_at', '<=', at).orderBy('offer_expires_at').orderBy('id').execute();
  const candidates = await lapsedOffers();
  if (candidates.length === 0) return 0;
  // Their classes' locks, as every write about places takes; then the offers read again, as a
  // member may have answered one meanwhile.
  await lockForDecision(trx, 'sessions', candidates.map((v) => v.session_id));
  const lapsed = await lapsedOffers();
  if (lapsed.length === 0) return 0;
  await trx
    .updateTable('visits')
    .set({ state: 'cancelled', offer_expired: 1, updated_at: at })
    .where('id', 'in', lapsed.map((v) => v.id))
    .where('state', '=', 'pending')
    .execute();
  // Their waitlist notifications go with them (delivered as 'removed' after commit).
  await removeOfferNotifications(trx, lapsed.map((v) => v.id), now);
  for (const sessionId of new Set(lapsed.map((v) => v.session_id))) await offerFreePlaces(trx, sessionId, now, offered);
  return lapsed.length;
}

export interface SweepDeps {
  db: Db;
  now: () => Date;
  offers: OfferBus;
  notifications: Pick<Notifier, 'transaction'>;
  /** Default: the process's logger. */
  log?: Logger;
}

/** The job lock the sweep runs under: one process at a time (server/db#jobLock). */
export const OFFER_SWEEP_JOB = 'member-pwa:offer-sweep';

/**
 * The lazy sweep: one indexed lookup when nothing has lapsed (the usual case), a short
 * transaction when something has. Runs at the start of every request that reads or writes
 * classes or visits (`wait`: after a sweep another process is running, so the request reads its
 * result), and from a timer in every running server (skipped while another process sweeps).
 */
export async function sweepExpiredOffers(deps: SweepDeps, { wait = true }: { wait?: boolean } = {}): Promise<number> {
  const now = deps.now();
  const due = await deps.db.selectFrom('visits').select('id').where('state', '=', 'pending').where('offer_expires_at', '<=', now.toISOString()).limit(1).executeTakeFirst();
  if (!due) return 0;
  const offered: number[] = [];
  const expired = await deps.notifications.transaction(async (trx) => ((await jobLock(trx, OFFER_SWEEP_JOB, wait)) ? expireOffers(trx, now, offered) : 0), 'read committed');
  // One line per sweep that did something: with several processes, it shows which one did.
  if (expired > 0) (deps.log ?? logger).info({ component: 'offers', expired }, 'lapsed offers cancelled, places passed on');
  await deps.offers.announce(deps.db, offered);
  return expired;
}

/** How far ahead a read may trust that nothing lapses, at most (see sweepBeforeRead). */
export const READ_QUIET_MS = 1_000;
/** Per database: from when until when the last lookup found nothing pending that lapses. */
const quietReads = new WeakMap<Db, { from: number; until: number }>();

/**
 * The sweep before a read (GET): the lookup is skipped while the last one said nothing pending
 * lapses yet (until the earliest pending offer's expiry, at most READ_QUIET_MS ahead), so a busy
 * timetable does not ask the database the same question for every member. An offer past its
 * expiry reads as lapsed anyway (core/rules/waitlist.ts#isOfferExpired, on the device and in every
 * write's rules); the sweep passes its place on, at most a second later here (the timer sweeps
 * too), and every write still sweeps first.
 */
export async function sweepBeforeRead(deps: SweepDeps): Promise<void> {
  const now = deps.now().getTime();
  const quiet = quietReads.get(deps.db);
  if (quiet && quiet.from <= now && now < quiet.until) return;
  const next = await deps.db
    .selectFrom('visits')
    .select('offer_expires_at')
    .where('state', '=', 'pending')
    .where('offer_expires_at', 'is not', null)
    .orderBy('offer_expires_at')
    .limit(1)
    .executeTakeFirst();
  const nextAt = next?.offer_expires_at ? Date.parse(next.offer_expires_at) : Number.POSITIVE_INFINITY;
  if (nextAt <= now) {
    quietReads.delete(deps.db);
    await sweepExpiredOffers(deps);
    return;
  }
  quietReads.set(deps.db, { from: now, until: Math.min(nextAt, now + READ_QUIET_MS) });
}

