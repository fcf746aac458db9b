import type { Kysely } from 'kysely';
import type { Visit } from '../../../core/contract/types';
import type { Database, VisitRow } from '../../db/schema';
import { lockForDecision } from '../../db/index';
import { notFound } from '../../http/errors';
import { chargeVisit } from './charges';
import { conflict } from './http';
import { findMemberSessionRow, presentSessions, presentVisits } from './present';
import { bookBreach, dropInBreach, waitlistBreach } from './rules';

export type VisitKind = 'book' | 'dropin' | 'waitlist';

const classNotFound = () => notFound('The class');

/**
 * Books, drops in or joins the waitlist for a member, inside the caller's 'read committed'
 * transaction: the one code path of a member's booking and of a recurring booking's (the rules,
 * the places, the charge). Throws the rule's 409 (conflict) or 404 for a class the member cannot see.
 */
export async function placeVisit(trx: Kysely<Database>, me: number, sessionId: number, kind: VisitKind, at: Date): Promise<{ visit: Visit; row: VisitRow }> {
  // The member's and the class's locks first: the checks below then read the latest places.
  await lockForDecision(trx, 'members_profiles', [me]);
  await lockForDecision(trx, 'sessions', [sessionId]);
  const sessionRow = await findMemberSessionRow(trx, sessionId, me);
  const [session] = sessionRow ? await presentSessions(trx, [sessionRow], me) : [];
  if (!sessionRow || !session) throw classNotFound();
  const breach = kind === 'book' ? bookBreach(session, at) : kind === 'dropin' ? dropInBreach(session, at) : waitlistBreach(session, at);
  if (breach) throw conflict(breach);
  const stamp = at.toISOString();
  // A new row even after a cancelled visit: the history stays. The partial unique index
  // (one live visit per member and class) backs the rule above at the database level.
  const inserted = await trx
    .insertInto('visits')
    .values({
      profile_id: me,
      session_id: sessionId,
      state: kind === 'waitlist' ? 'waitlisted' : 'booked',
      dropin: kind === 'dropin' ? 1 : 0,
      offer_expires_at: null,
      created_at: stamp,
      updated_at: stamp,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
    .catch((error: unknown) => {
      // Only reachable if the checks above were bypassed by a concurrent writer.
      if (isUniqueViolation(error)) throw conflict({ code: 'already_booked', message: 'You already have a place or a waitlist place in this class.' });
      throw error;
    });
  if (inserted.state === 'booked') await chargeVisit(trx, inserted, sessionRow, at);
  // The class was read and checked above: present the new visit with it, without reading both again.
  const [visit] = await presentVisits(trx, [inserted], me, [sessionRow]);
  if (!visit) throw classNotFound();
  return { visit, row: inserted };
}

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  // better-sqlite3 and PostgreSQL (23505) spell it differently.
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}
